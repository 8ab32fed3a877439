import {
  AdminCreateUserCommand,
  AdminGetUserCommand,
  AdminSetUserPasswordCommand,
  AdminUpdateUserAttributesCommand,
  CognitoIdentityProviderClient,
  CreateUserPoolClientCommand,
  CreateUserPoolCommand,
  DescribeUserPoolCommand,
  SetUserPoolMfaConfigCommand,
  UserNotFoundException,
} from '@aws-sdk/client-cognito-identity-provider';
import {
  CreateTableCommand,
  DescribeTableCommand,
  DynamoDBClient,
  PutItemCommand,
  ResourceNotFoundException,
  UpdateItemCommand,
  UpdateTableCommand,
  UpdateTimeToLiveCommand,
} from '@aws-sdk/client-dynamodb';
import { CreateBucketCommand, HeadBucketCommand, S3Client } from '@aws-sdk/client-s3';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { appUrlItem } from '../../lambdas/shared/app-url';
import { keys } from '../../lambdas/shared/keys';
import { createTableInput, tableDefinition } from '../../lambdas/shared/table';
import { userPoolDefinition } from '../../lib/auth-definition';
import { localCredentials, localRegion } from './settings';

/** What the local set-up created, kept in the data folder across restarts. */
export interface ProvisionedResources {
  tableName: string;
  reportsBucket: string;
  userPoolId: string;
  userPoolClientId: string;
}

const tableName = 'test-report-center';
const reportsBucket = 'reports';

export async function provision(options: {
  stateFile: string;
  dynamodbUrl: string;
  cognitoUrl: string;
  s3Url: string;
  /** The local web app's address, for links in mails and reports (lambdas/shared/app-url.ts). */
  appUrl: string;
  admin: { email: string; password: string; totpSecret: string };
  /** Gives an account TOTP with a known secret (the local user pool's own store). */
  seedSoftwareToken: (userPoolId: string, username: string, secret: string) => Promise<void>;
}): Promise<ProvisionedResources> {
  const common = { region: localRegion, credentials: localCredentials };
  const dynamodb = new DynamoDBClient({ ...common, endpoint: options.dynamodbUrl });
  const cognito = new CognitoIdentityProviderClient({ ...common, endpoint: options.cognitoUrl });
  const s3 = new S3Client({ ...common, endpoint: options.s3Url, forcePathStyle: true });
  try {
    await ensureTable(dynamodb);
    // As the stack's deploy does in AWS; every start, since the port may have changed.
    await dynamodb.send(
      new PutItemCommand({ TableName: tableName, Item: appUrlItem(options.appUrl) }),
    );
    await ensureBucket(s3, reportsBucket);
    const pool = await ensureUserPool(cognito, options.stateFile);
    await ensureAdmin(cognito, pool.userPoolId, options.admin);
    await ensureAdminSecondFactor(cognito, dynamodb, pool.userPoolId, options);
    return { tableName, reportsBucket, ...pool };
  } finally {
    dynamodb.destroy();
    cognito.destroy();
    s3.destroy();
  }
}

async function ensureTable(dynamodb: DynamoDBClient): Promise<void> {
  try {
    const { Table } = await dynamodb.send(new DescribeTableCommand({ TableName: tableName }));
    await addMissingIndexes(
      dynamodb,
      new Set(Table?.GlobalSecondaryIndexes?.map((i) => i.IndexName)),
    );
    return;
  } catch (error) {
    if (!(error instanceof ResourceNotFoundException)) throw error;
  }
  await dynamodb.send(new CreateTableCommand(createTableInput(tableName)));
  await dynamodb.send(
    new UpdateTimeToLiveCommand({
      TableName: tableName,
      TimeToLiveSpecification: {
        AttributeName: tableDefinition.timeToLiveAttribute,
        Enabled: true,
      },
    }),
  );
}

/**
 * A data folder from an earlier version lacks indexes added since: add them, one at a
 * time as DynamoDB allows, as a CDK deploy does in AWS.
 */
async function addMissingIndexes(dynamodb: DynamoDBClient, existing: Set<string | undefined>) {
  const definition = createTableInput(tableName);
  for (const index of definition.GlobalSecondaryIndexes ?? []) {
    if (existing.has(index.IndexName)) continue;
    const keyNames = index.KeySchema?.map((key) => key.AttributeName) ?? [];
    await dynamodb.send(
      new UpdateTableCommand({
        TableName: tableName,
        AttributeDefinitions: definition.AttributeDefinitions?.filter((attribute) =>
          keyNames.includes(attribute.AttributeName),
        ),
        GlobalSecondaryIndexUpdates: [
          {
            Create: {
              IndexName: index.IndexName,
              KeySchema: index.KeySchema,
              Projection: index.Projection,
            },
          },
        ],
      }),
    );
  }
}

async function ensureBucket(s3: S3Client, bucket: string): Promise<void> {
  try {
    await s3.send(new HeadBucketCommand({ Bucket: bucket }));
  } catch {
    await s3.send(new CreateBucketCommand({ Bucket: bucket }));
  }
}

const attributeUpdateSettings = {
  AttributesRequireVerificationBeforeUpdate: [...userPoolDefinition.verifyBeforeUpdate],
};

async function ensureUserPool(
  cognito: CognitoIdentityProviderClient,
  stateFile: string,
): Promise<Pick<ProvisionedResources, 'userPoolId' | 'userPoolClientId'>> {
  if (existsSync(stateFile)) {
    const state = JSON.parse(readFileSync(stateFile, 'utf8')) as ProvisionedResources;
    const existing = await cognito
      .send(new DescribeUserPoolCommand({ UserPoolId: state.userPoolId }))
      .catch(() => undefined); // gone (its data was wiped separately): create a new one
    if (existing) {
      // A pool made by an earlier version has MFA off (cognito-local's default): TOTP would
      // never be asked. Set as CDK sets it, every start (idempotent).
      await cognito.send(
        new SetUserPoolMfaConfigCommand({
          UserPoolId: state.userPoolId,
          MfaConfiguration: userPoolDefinition.mfa,
          SoftwareTokenMfaConfiguration: { Enabled: true },
        }),
      );
      return { userPoolId: state.userPoolId, userPoolClientId: state.userPoolClientId };
    }
  }
  const { passwordPolicy, customAttributes, client } = userPoolDefinition;
  const pool = await cognito.send(
    new CreateUserPoolCommand({
      PoolName: 'test-report-center',
      UsernameAttributes: ['email'],
      AutoVerifiedAttributes: ['email'],
      UserAttributeUpdateSettings: attributeUpdateSettings,
      UsernameConfiguration: { CaseSensitive: false },
      // TOTP only, optional per account, as CDK builds the pool (lib/constructs/auth.ts).
      MfaConfiguration: userPoolDefinition.mfa,
      Policies: {
        PasswordPolicy: {
          MinimumLength: passwordPolicy.minLength,
          RequireLowercase: passwordPolicy.requireLowercase,
          RequireUppercase: passwordPolicy.requireUppercase,
          RequireNumbers: passwordPolicy.requireDigits,
          RequireSymbols: passwordPolicy.requireSymbols,
          TemporaryPasswordValidityDays: userPoolDefinition.tempPasswordValidityDays,
        },
      },
      Schema: Object.entries(customAttributes).map(([name, attribute]) => ({
        Name: name,
        AttributeDataType: attribute.type,
        Mutable: attribute.mutable,
        StringAttributeConstraints: {
          MinLength: String(attribute.minLength),
          MaxLength: String(attribute.maxLength),
        },
      })),
    }),
  );
  const userPoolId = pool.UserPool!.Id!;
  const appClient = await cognito.send(
    new CreateUserPoolClientCommand({
      UserPoolId: userPoolId,
      ClientName: 'web',
      ExplicitAuthFlows: [...client.authFlows],
      ReadAttributes: [...client.readAttributes],
      WriteAttributes: [...client.writeAttributes],
      PreventUserExistenceErrors: 'ENABLED',
      IdTokenValidity: client.idTokenValidityMinutes,
      AccessTokenValidity: client.accessTokenValidityMinutes,
      RefreshTokenValidity: client.refreshTokenValidityDays,
      TokenValidityUnits: { IdToken: 'minutes', AccessToken: 'minutes', RefreshToken: 'days' },
    }),
  );
  const userPoolClientId = appClient.UserPoolClient!.ClientId!;
  writeFileSync(
    stateFile,
    JSON.stringify({ tableName, reportsBucket, userPoolId, userPoolClientId }, null, 2),
  );
  return { userPoolId, userPoolClientId };
}

/**
 * The seeded admin exists with the admin role. The password is set only when the
 * account is created, so a password changed in the app survives restarts.
 */
async function ensureAdmin(
  cognito: CognitoIdentityProviderClient,
  userPoolId: string,
  admin: { email: string; password: string },
): Promise<void> {
  const attributes = [
    { Name: 'email', Value: admin.email },
    { Name: 'email_verified', Value: 'true' },
    { Name: 'name', Value: 'Administrator' },
    { Name: 'custom:role', Value: 'admin' },
  ];
  try {
    await cognito.send(new AdminGetUserCommand({ UserPoolId: userPoolId, Username: admin.email }));
    await cognito.send(
      new AdminUpdateUserAttributesCommand({
        UserPoolId: userPoolId,
        Username: admin.email,
        UserAttributes: attributes.filter((attribute) => attribute.Name === 'custom:role'),
      }),
    );
    return;
  } catch (error) {
    if (!(error instanceof UserNotFoundException)) throw error;
  }
  await cognito.send(
    new AdminCreateUserCommand({
      UserPoolId: userPoolId,
      Username: admin.email,
      UserAttributes: attributes,
      MessageAction: 'SUPPRESS',
    }),
  );
  await cognito.send(
    new AdminSetUserPasswordCommand({
      UserPoolId: userPoolId,
      Username: admin.email,
      Password: admin.password,
      Permanent: true,
    }),
  );
}

/**
 * The seeded admin signs in with a second factor, as every admin must: when the account
 * has no TOTP yet (a new data folder, or MFA turned off since), it gets `totpSecret` as
 * if enrolled in the app, and its security record says since when (tokens of sign-ins
 * from then on passed the code; docs/access-control.md). A secret re-enrolled in the app
 * survives restarts, as a changed password does.
 */
async function ensureAdminSecondFactor(
  cognito: CognitoIdentityProviderClient,
  dynamodb: DynamoDBClient,
  userPoolId: string,
  options: {
    admin: { email: string; totpSecret: string };
    seedSoftwareToken: (userPoolId: string, username: string, secret: string) => Promise<void>;
  },
): Promise<void> {
  const { admin } = options;
  const account = await cognito.send(
    new AdminGetUserCommand({ UserPoolId: userPoolId, Username: admin.email }),
  );
  if (account.UserMFASettingList?.includes('SOFTWARE_TOKEN_MFA')) return;
  const sub = account.UserAttributes?.find((attribute) => attribute.Name === 'sub')?.Value;
  if (!sub) throw new Error(`The local user pool gave no sub for ${admin.email}`);
  await options.seedSoftwareToken(userPoolId, admin.email, admin.totpSecret);
  const key = keys.accountSecurity(sub);
  await dynamodb.send(
    new UpdateItemCommand({
      TableName: tableName,
      Key: { pk: { S: key.pk }, sk: { S: key.sk } },
      UpdateExpression: 'SET mfaEnabledAt = :now',
      ExpressionAttributeValues: { ':now': { N: String(Math.floor(Date.now() / 1000)) } },
    }),
  );
}

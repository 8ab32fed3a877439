import {
  AdminCreateUserCommand,
  AdminGetUserCommand,
  AdminSetUserPasswordCommand,
  AdminUpdateUserAttributesCommand,
  CognitoIdentityProviderClient,
  CreateUserPoolClientCommand,
  CreateUserPoolCommand,
  DescribeUserPoolCommand,
  UserNotFoundException,
} from '@aws-sdk/client-cognito-identity-provider';
import {
  CreateTableCommand,
  DescribeTableCommand,
  DynamoDBClient,
  PutItemCommand,
  ResourceNotFoundException,
  UpdateTableCommand,
  UpdateTimeToLiveCommand,
} from '@aws-sdk/client-dynamodb';
import { CreateBucketCommand, HeadBucketCommand, S3Client } from '@aws-sdk/client-s3';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { appUrlItem } from '../../lambdas/shared/app-url';
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
  admin: { email: string; password: string };
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
      Policies: {
        PasswordPolicy: {
          MinimumLength: passwordPolicy.minLength,
          RequireLowercase: passwordPolicy.requireLowercase,
          RequireUppercase: passwordPolicy.requireUppercase,
          RequireNumbers: passwordPolicy.requireDigits,
          RequireSymbols: passwordPolicy.requireSymbols,
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

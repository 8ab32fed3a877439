import { Duration, RemovalPolicy, Validations } from 'aws-cdk-lib';
import {
  AccountRecovery,
  CfnUserPoolUser,
  ClientAttributes,
  FeaturePlan,
  Mfa,
  type StandardAttributesMask,
  StandardThreatProtectionMode,
  StringAttribute,
  UserPool,
  type UserPoolClient,
  type UserPoolEmail,
} from 'aws-cdk-lib/aws-cognito';
import { Construct } from 'constructs';
import { type Role, roleClaim } from '../../lambdas/shared/contract/roles';
import { userPoolDefinition } from '../auth-definition';

/** `custom:role` without its prefix: the name the user pool schema uses. */
const roleAttribute = roleClaim.replace(/^custom:/, '');
const adminRole: Role = 'admin';
const { customAttributes, passwordPolicy, client } = userPoolDefinition;

/** CDK's names of the standard attributes the definition uses (Cognito names them otherwise). */
const standardAttributeMask: Record<string, keyof StandardAttributesMask> = {
  email: 'email',
  email_verified: 'emailVerified',
  name: 'fullname',
};

/** The definition's attribute names (`email`, `custom:role`, ...) as CDK's client attributes. */
function clientAttributes(names: readonly string[]): ClientAttributes {
  const custom = names.filter((name) => name.startsWith('custom:'));
  const standard = names
    .filter((name) => !name.startsWith('custom:'))
    .map((name) => {
      const mask = standardAttributeMask[name];
      if (!mask) throw new Error(`No CDK name for the standard attribute ${name}`);
      return [mask, true] as const;
    });
  return new ClientAttributes()
    .withStandardAttributes(Object.fromEntries(standard) as StandardAttributesMask)
    .withCustomAttributes(...custom.map((name) => name.slice('custom:'.length)));
}

export interface AuthProps {
  /**
   * Email of a first administrator, created with `custom:role=admin`. Cognito mails a
   * temporary password, to be changed at the first sign-in.
   * @default - no user is created
   */
  readonly adminEmail?: string;
  /**
   * Cognito threat protection (compromised-credential and adaptive-authentication checks,
   * enforced). It needs the Plus feature plan, which is billed per monthly active user,
   * hence opt-in.
   * @default false - Essentials plan, no threat protection
   */
  readonly threatProtection?: boolean;
  /**
   * How Cognito sends its mails (codes, password resets, invitations).
   * @default - Cognito's default sender (no-reply@verificationemail.com, a small daily quota)
   */
  readonly email?: UserPoolEmail;
}

/**
 * Sign-in for staff and admins: a Cognito user pool (email as username, custom attribute
 * `role`) and the single-page app's client, which signs in with USER_PASSWORD_AUTH.
 */
export class Auth extends Construct {
  readonly userPool: UserPool;
  readonly userPoolClient: UserPoolClient;
  /** The first admin, when `adminEmail` is set (its creation mails the invitation). */
  readonly bootstrapAdmin?: CfnUserPoolUser;

  constructor(scope: Construct, id: string, props: AuthProps = {}) {
    super(scope, id);

    this.userPool = new UserPool(this, 'UserPool', {
      signInAliases: { email: true },
      signInCaseSensitive: false,
      // Open to sign-up: the PreSignUp trigger (lib/stack.ts) refuses it unless an admin has
      // turned self-registration on in the site settings. Such an account has no role until
      // an admin gives it one, so it cannot use the back office before that.
      selfSignUpEnabled: true,
      autoVerify: { email: true },
      keepOriginal: {
        email: userPoolDefinition.verifyBeforeUpdate.includes('email'),
      },
      standardAttributes: {
        email: { required: userPoolDefinition.requiredAttributes.includes('email'), mutable: true },
        fullname: { required: false, mutable: true },
      },
      customAttributes: {
        [roleAttribute]: new StringAttribute({
          mutable: customAttributes.role.mutable,
          minLen: customAttributes.role.minLength,
          maxLen: customAttributes.role.maxLength,
        }),
      },
      passwordPolicy: {
        ...passwordPolicy,
        tempPasswordValidity: Duration.days(userPoolDefinition.tempPasswordValidityDays),
      },
      accountRecovery: AccountRecovery.EMAIL_ONLY,
      mfa: Mfa[userPoolDefinition.mfa],
      mfaSecondFactor: { otp: true, sms: false },
      featurePlan: props.threatProtection ? FeaturePlan.PLUS : FeaturePlan.ESSENTIALS,
      ...(props.threatProtection
        ? { standardThreatProtectionMode: StandardThreatProtectionMode.FULL_FUNCTION }
        : {}),
      ...(props.email ? { email: props.email } : {}),
      deletionProtection: true,
      removalPolicy: RemovalPolicy.RETAIN,
    });

    Validations.of(this.userPool).acknowledge({
      id: 'AwsSolutions-COG2',
      reason:
        'MFA is optional per account (TOTP): every staff member may set an authenticator ' +
        'app up from the account page, and admins must: the API refuses admin routes to a ' +
        'token not signed in with the code (docs/access-control.md). Requiring it in the ' +
        'pool would force staff too, through a challenge the web app does not use. Visitors ' +
        'never sign in.',
    });
    if (!props.threatProtection) {
      Validations.of(this.userPool).acknowledge({
        id: 'AwsSolutions-COG8',
        reason:
          'Threat protection needs the paid Plus feature plan; it is opt-in with ' +
          '-c threatProtection=true (docs/deploy.md). Password policy and optional MFA apply.',
      });
    }

    this.userPoolClient = this.userPool.addClient('WebClient', {
      // The local emulator (cognito-local) supports only USER_PASSWORD_AUTH, and one
      // client configuration serves both; refresh-token auth is always allowed.
      authFlows: { userPassword: true },
      // No hosted UI: without this CDK enables the implicit and code OAuth flows.
      disableOAuth: true,
      generateSecret: false,
      preventUserExistenceErrors: true,
      idTokenValidity: Duration.minutes(client.idTokenValidityMinutes),
      accessTokenValidity: Duration.minutes(client.accessTokenValidityMinutes),
      refreshTokenValidity: Duration.days(client.refreshTokenValidityDays),
      enableTokenRevocation: true,
      readAttributes: clientAttributes(client.readAttributes),
      // Roles are granted by admins only: a user must never write their own role.
      writeAttributes: clientAttributes(client.writeAttributes),
    });

    if (props.adminEmail) {
      const admin = new CfnUserPoolUser(this, 'BootstrapAdmin', {
        userPoolId: this.userPool.userPoolId,
        username: props.adminEmail,
        userAttributes: [
          { name: 'email', value: props.adminEmail },
          { name: 'email_verified', value: 'true' },
          { name: roleClaim, value: adminRole },
        ],
        desiredDeliveryMediums: ['EMAIL'],
      });
      // Dropping the setting on a later deploy must not delete the admin account.
      admin.applyRemovalPolicy(RemovalPolicy.RETAIN);
      this.bootstrapAdmin = admin;
    }
  }
}

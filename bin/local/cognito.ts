import { mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import {
  createServer as createHttpServer,
  request as httpRequest,
  type IncomingMessage,
  type Server,
  type ServerResponse,
} from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { decodeJwt, errors as joseErrors, type JWTPayload } from 'jose';
import { userPoolDefinition } from '../../lib/auth-definition';
import { emailField } from '../../lambdas/shared/contract/schemas/auth';
import { administerAsCognito } from './cognito-admin';
import { checkSignature, publicOperations } from './cognito-iam';
import { poolSigningKey, type PoolSigningKey } from './cognito-keys';
import { signInAsCognito, temporaryPasswordExpired } from './cognito-sign-in';
import { localCredentials, repoRoot } from './settings';

/**
 * cognito-local, composed in-process like its `createDefaultServer`, but with the
 * data folder and port we choose (the default keeps `./.cognito` in the working
 * directory and reads PORT from the environment).
 */
const cognitoRequire = createRequire(
  createRequire(import.meta.url).resolve('cognito-local/lib/index.js'),
);

/* eslint-disable @typescript-eslint/no-explicit-any -- cognito-local ships no types for its internals */
const lib = (path: string): any => cognitoRequire(`./${path}`);
const pino = cognitoRequire('pino') as ((options: object, destination?: unknown) => any) & {
  destination(file: string): unknown;
};

export interface CognitoEmulator {
  url: string;
  /**
   * Gives an account TOTP as its second factor with a known `secret`, as if its owner had
   * enrolled an authenticator app (AssociateSoftwareToken, VerifySoftwareToken,
   * SetUserMFAPreference): for the seeded admin of `npm start`, whose secret the banner
   * prints. Written in the emulator's own store, not through an API operation: Cognito has
   * none that sets a chosen secret.
   */
  seedSoftwareToken(userPoolId: string, username: string, secret: string): Promise<void>;
  /**
   * Changes a user's record in the emulator's own store, in this process only (no caller
   * over the network reaches it): for tests that need a state no Cognito operation makes,
   * such as a temporary password set days ago.
   */
  editUser(
    userPoolId: string,
    username: string,
    edit: (user: Record<string, unknown>) => Record<string, unknown>,
  ): Promise<void>;
  stop(): Promise<void>;
}

/** A mail Cognito sends (code, reset link, invitation), after the CustomMessage trigger. */
export interface CognitoMail {
  to: string;
  subject: string;
  html: string;
}

export async function startCognito(options: {
  port: number;
  dataDir: string;
  logFile: string;
  /** Delivers Cognito's mails; AWS sends them itself, locally they go to the mail emulator. */
  deliverMail: (mail: CognitoMail) => Promise<void>;
}): Promise<CognitoEmulator> {
  const { port, dataDir, logFile } = options;
  const dataDirectory = join(dataDir, 'db');
  mkdirSync(dataDirectory, { recursive: true });

  const logger = pino({ level: 'info' }, pino.destination(logFile));
  // cognito-local loads the v2 SDK (for trigger Lambdas, which run in-process here).
  process.env.AWS_SDK_JS_SUPPRESS_MAINTENANCE_MODE_MESSAGE = '1';
  const services = lib('services');
  const { loadConfig, DefaultConfig } = lib('server/config');
  const { StormDBDataStoreFactory } = lib('services/dataStore/stormDb');
  const { CognitoServiceFactoryImpl } = lib('services/cognitoService');
  const { UserPoolServiceFactoryImpl } = lib('services/userPoolService');
  const { CryptoService } = lib('services/crypto');
  const { MessageDeliveryService } = lib('services/messageDelivery/messageDelivery');
  const { otp } = lib('services/otp');
  const { JwtTokenGenerator } = lib('services/tokenGenerator');
  const { Router } = lib('server/Router');
  const { createServer } = lib('server/server');

  const ctx = { logger };
  // The pool's own key: every token is signed again with it (cognito-local's is public).
  const signingKey = await poolSigningKey(dataDir);
  const stored = await loadConfig(ctx, new StormDBDataStoreFactory(dataDir));
  const url = `http://localhost:${port}`;
  const config = {
    ...DefaultConfig,
    ...stored,
    // The issuer of every token: the local gateway verifies tokens against it.
    TokenConfig: { IssuerDomain: url },
    // On a port of its own choosing: callers reach it through the IAM check on `port`.
    ServerConfig: { port: 0, hostname: '127.0.0.1', development: false, https: false },
  };
  const clock = new services.DateClock();
  const errors = lib('errors');
  const dataStoreFactory = ownKeysOnly(new StormDBDataStoreFactory(dataDirectory), errors);
  const cognitoClient = await new CognitoServiceFactoryImpl(
    dataDirectory,
    dataStoreFactory,
    new UserPoolServiceFactoryImpl(clock, dataStoreFactory),
  ).create(ctx, config.UserPoolDefaults);
  const lambdaService = new services.LambdaService(localTriggerNames, inProcessLambda);
  const triggers = new services.TriggersService(
    clock,
    cognitoClient,
    lambdaService,
    new CryptoService(config.KMSConfig),
  );
  triggers.customMessage = refusableCustomMessage(lambdaService, cognitoClient);
  triggers.postAuthentication = refusingTrigger(lambdaService, 'PostAuthentication');
  triggers.postConfirmation = refusingTrigger(lambdaService, 'PostConfirmation');
  const serviceSet = {
    clock,
    cognito: cognitoClient,
    config,
    messages: new services.MessagesService(
      triggers,
      new MessageDeliveryService(mailSender(options.deliverMail, logger)),
    ),
    otp,
    tokenGenerator: withStandardAttributeClaims(
      new JwtTokenGenerator(clock, triggers, config.TokenConfig),
      signingKey,
    ),
    triggers,
  };
  const router = refusingRevokedAccessTokens(
    awsCompatibleRouter(
      // Invitations, resets and MFA settings by admins as Cognito makes them.
      administerAsCognito(
        // Sessions, temporary passwords, refresh and reset codes as Cognito checks them.
        signInAsCognito(Router(serviceSet), {
          cognito: cognitoClient,
          errors,
          resign: (token, changes) => signingKey.resign(token, changes),
        }),
        {
          cognito: cognitoClient,
          errors,
          messages: serviceSet.messages,
          otp,
          userToResponse: lib('targets/responses').userToResponseObject,
        },
      ),
      cognitoClient,
      errors,
      {
        ...options,
        messages: serviceSet.messages,
        otp,
        signingKey,
      },
    ),
    cognitoClient,
    errors,
    signingKey,
  );
  const server = createServer(router, logger, config.ServerConfig, serviceSet);
  const emulator = (await server.start()) as Server;
  const front = await iamFront(port, (emulator.address() as AddressInfo).port, signingKey);
  const editUser: CognitoEmulator['editUser'] = async (userPoolId, username, edit) => {
    const pool = await cognitoClient.getUserPool(ctx, userPoolId);
    const user = await pool.getUserByUsername(ctx, username);
    if (!user) throw new Error(`No user ${username} in the local user pool`);
    await pool.saveUser(ctx, edit(user));
  };
  const close = (httpServer: Server) =>
    new Promise<void>((resolve) => {
      httpServer.closeAllConnections?.();
      httpServer.close(() => resolve());
    });
  return {
    url,
    seedSoftwareToken: (userPoolId, username, secret) =>
      editUser(userPoolId, username, (user) => ({
        ...user,
        SoftwareTokenMfaConfiguration: {
          Secret: secret,
          Verified: true,
          FriendlyDeviceName: 'ADMIN_TOTP_SECRET',
        },
        UserMFASettingList: ['SOFTWARE_TOKEN_MFA'],
        PreferredMfaSetting: 'SOFTWARE_TOKEN_MFA',
        UserLastModifiedDate: new Date(),
      })),
    editUser,
    stop: async () => {
      await close(front);
      await close(emulator);
    },
  };
}

/**
 * The user pool's front door, as IAM guards it in AWS: every operation but the app
 * client's own needs a Signature Version 4 by the local stack's credentials
 * (bin/local/cognito-iam.ts). Requests that pass are forwarded to cognito-local. The
 * pool's keys (`/<userPoolId>/.well-known/jwks.json`, which the local gateway verifies
 * tokens with) and OpenID configuration are answered here: cognito-local would name its
 * published key, and port 9229.
 */
async function iamFront(
  port: number,
  emulatorPort: number,
  signingKey: PoolSigningKey,
): Promise<Server> {
  const url = `http://localhost:${port}`;
  const server = createHttpServer((request: IncomingMessage, response: ServerResponse) => {
    const wellKnown = /^\/([^/?]+)\/\.well-known\/(jwks\.json|openid-configuration)(?:\?|$)/.exec(
      request.url ?? '',
    );
    if (request.method === 'GET' && wellKnown) {
      const [, userPoolId, document] = wellKnown;
      const issuer = `${url}/${userPoolId}`;
      response.writeHead(200, {
        'content-type': 'application/json',
        'access-control-allow-origin': '*',
      });
      response.end(
        JSON.stringify(
          document === 'jwks.json'
            ? signingKey.jwks
            : {
                issuer,
                jwks_uri: `${issuer}/.well-known/jwks.json`,
                id_token_signing_alg_values_supported: ['RS256'],
              },
        ),
      );
      request.resume();
      return;
    }
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = Buffer.concat(chunks);
      const target = String(request.headers['x-amz-target'] ?? '').split('.')[1];
      if (request.method === 'POST' && target && !publicOperations.has(target)) {
        const refusal = checkSignature(
          { method: 'POST', path: request.url ?? '/', headers: request.headers, body },
          localCredentials,
        );
        if (refusal) {
          response.writeHead(refusal.status, {
            'content-type': 'application/x-amz-json-1.1',
            'access-control-allow-origin': '*',
          });
          response.end(JSON.stringify({ __type: refusal.type, message: refusal.message }));
          return;
        }
      }
      const forward = httpRequest(
        {
          host: '127.0.0.1',
          port: emulatorPort,
          method: request.method,
          path: request.url,
          headers: { ...request.headers, 'content-length': String(body.length) },
        },
        (answer) => {
          response.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(response);
        },
      );
      forward.on('error', () => {
        if (!response.headersSent) response.writeHead(502);
        response.end();
      });
      forward.end(body);
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  return server;
}

/**
 * cognito-local keeps users, clients and pools in plain objects keyed by name, and reads
 * them with `object[name]`: a user named `__proto__`, `constructor` or `toString` would
 * be found in the object's prototype (an "account" with no name, that an update then
 * saves as a new user). Here a name is found only when it is the object's own key, and
 * `__proto__` is never written as one. Cognito itself has no such names.
 */
function ownKeysOnly(factory: any, errors: any) {
  const path = (key: string | string[]) => (Array.isArray(key) ? key : [key]);
  const refuseProto = (key: string | string[]) => {
    if (path(key).includes('__proto__')) {
      throw new errors.InvalidParameterError('This name cannot be stored by the local user pool');
    }
  };
  return {
    async create(ctx: unknown, id: string, defaults: object) {
      const store = await factory.create(ctx, id, defaults);
      return {
        getRoot: (c: unknown) => store.getRoot(c),
        async get(c: unknown, key: string | string[], defaultValue?: unknown) {
          let node: unknown = await store.getRoot(c);
          for (const part of path(key)) {
            if (node === null || typeof node !== 'object' || !Object.hasOwn(node, part)) {
              return defaultValue ?? null;
            }
            node = (node as Record<string, unknown>)[part];
          }
          return store.get(c, key, defaultValue);
        },
        set(c: unknown, key: string | string[], value: unknown) {
          refuseProto(key);
          return store.set(c, key, value);
        },
        delete(c: unknown, key: string | string[]) {
          refuseProto(key);
          return store.delete(c, key);
        },
      };
    },
  };
}

/**
 * The user pool's Lambda triggers, run in-process: cognito-local builds the same event
 * Cognito sends and calls the same handler module CDK attaches in AWS (lib/stack.ts).
 * PreSignUp refuses SignUp while the site setting keeps self-registration off;
 * PostConfirmation ends the sessions after ConfirmForgotPassword. A trigger that throws
 * fails the call, as in AWS (see {@link refusingTrigger}, {@link refusableCustomMessage}).
 */
const localTriggers: Record<string, string> = {
  CustomMessage: 'lambdas/auth/custom-message.ts',
  PostAuthentication: 'lambdas/auth/post-authentication.ts',
  PostConfirmation: 'lambdas/auth/post-confirmation.ts',
  PreSignUp: 'lambdas/auth/pre-sign-up.ts',
};
const localTriggerNames = Object.fromEntries(
  Object.keys(localTriggers).map((name) => [name, name]),
);

/**
 * Stands in for the Lambda client cognito-local would call. A handler that throws is
 * answered as Lambda answers it (`FunctionError: Unhandled`, the error in the payload), so
 * cognito-local refuses the call with `UserLambdaValidationException` "CustomMessage
 * failed with error <message>." as Cognito does.
 */
const inProcessLambda = {
  invoke({ FunctionName, Payload }: { FunctionName: string; Payload: string }) {
    return {
      promise: async () => {
        const module = localTriggers[FunctionName];
        if (!module) throw new Error(`No local trigger ${FunctionName}`);
        const { handler } = (await import(pathToFileURL(join(repoRoot, module)).href)) as {
          handler: (event: unknown) => Promise<unknown>;
        };
        try {
          return { StatusCode: 200, Payload: JSON.stringify(await handler(JSON.parse(Payload))) };
        } catch (error) {
          const { name, message } = error instanceof Error ? error : new Error(String(error));
          return {
            StatusCode: 200,
            FunctionError: 'Unhandled',
            Payload: JSON.stringify({ errorType: name, errorMessage: message }),
          };
        }
      },
    };
  },
};

/**
 * cognito-local's CustomMessage trigger, except that a trigger that fails fails the call:
 * cognito-local logs the failure and sends its default message instead, so a trigger that
 * refuses a mail (lambdas/auth/code-mail-quota.ts) would not stop it. Cognito answers
 * `UserLambdaValidationException` and sends nothing. The event's attributes name the
 * account's status (`cognito:user_status`) as Cognito's do.
 */
function refusableCustomMessage(lambdaService: any, cognito: any) {
  const { attributesToRecord } = lib('services/userPoolService');
  const statusOf = async (ctx: any, request: any): Promise<string | undefined> => {
    const pool = await cognito.getUserPool(ctx, request.userPoolId).catch(() => undefined);
    const user = await pool?.getUserByUsername(ctx, request.username);
    return typeof user?.UserStatus === 'string' ? user.UserStatus : undefined;
  };
  return async (ctx: any, request: any) => {
    const status = await statusOf(ctx, request);
    const response = await lambdaService.invoke(ctx, 'CustomMessage', {
      clientId: request.clientId,
      clientMetadata: request.clientMetadata,
      codeParameter: '{####}',
      triggerSource: request.source,
      userAttributes: {
        ...attributesToRecord(request.userAttributes),
        ...(status ? { 'cognito:user_status': status } : {}),
      },
      username: request.username,
      usernameParameter: '{username}',
      userPoolId: request.userPoolId,
    });
    const fill = (text: unknown) =>
      typeof text === 'string'
        ? text.replace('{####}', request.code).replace('{username}', request.username)
        : undefined;
    return {
      emailMessage: fill(response?.emailMessage),
      emailSubject: response?.emailSubject ?? undefined,
      smsMessage: fill(response?.smsMessage),
    };
  };
}

/**
 * cognito-local's PostAuthentication or PostConfirmation trigger, except that a trigger
 * that fails fails the call: cognito-local only logs the failure and goes on (the sign-in
 * answers tokens, the confirmation succeeds), where Cognito refuses it with
 * `UserLambdaValidationException` "PostAuthentication failed with error <message>." (the
 * Lambda service's error, thrown by `lambdaService.invoke`). The same event as
 * cognito-local's own.
 */
function refusingTrigger(lambdaService: any, name: 'PostAuthentication' | 'PostConfirmation') {
  const { attributesToRecord } = lib('services/userPoolService');
  return async (ctx: any, request: any): Promise<void> => {
    await lambdaService.invoke(ctx, name, {
      clientId: request.clientId,
      clientMetadata: request.clientMetadata,
      triggerSource: request.source,
      userAttributes: attributesToRecord(request.userAttributes),
      username: request.username,
      userPoolId: request.userPoolId,
    });
  };
}

/** cognito-local's message sender, delivering mails instead of printing them. */
function mailSender(deliver: (mail: CognitoMail) => Promise<void>, logger: any) {
  return {
    async sendEmail(_ctx: unknown, _user: unknown, destination: string, message: any) {
      await deliver({
        to: destination,
        subject: message.emailSubject || 'Your verification code',
        // Cognito's own default when the trigger leaves a message empty.
        html: message.emailMessage || `Your verification code is ${message.__code}`,
      });
    },
    async sendSms(_ctx: unknown, _user: unknown, destination: string) {
      logger.warn({ destination }, 'SMS is not used by this product; message dropped');
    },
  };
}

type Target = (ctx: any, request: any) => Promise<unknown>;

/**
 * Where cognito-local answers differently from Cognito, the local stack answers as
 * Cognito does, so the web app meets the same errors in both:
 * - a wrong password is `NotAuthorizedException` "Incorrect username or password."
 *   (cognito-local says `InvalidPasswordException`, which Cognito keeps for policy
 *   violations), the same error as an unknown email;
 * - a disabled user cannot sign in: "User is disabled." (cognito-local ignores the flag);
 * - ForgotPassword for an unknown user answers like a sent code (user existence hidden);
 * - a client may write only the attributes the app client's definition allows
 *   (lib/auth-definition.ts, `writeAttributes`): signing up with `custom:role`, or setting
 *   one's own role, is `NotAuthorizedException` "A client attempted to write unauthorized
 *   attribute", as in AWS (cognito-local writes whatever it is sent);
 * - AdminUserGlobalSignOut, which cognito-local lacks, revokes refresh and access tokens;
 * - GetTokensFromRefreshToken (Amplify's refresh), which it lacks, refreshes tokens;
 * - ChangePassword checks the access token, refuses a wrong current password as a
 *   wrong sign-in and the new one by the pool's password policy (cognito-local only
 *   decodes the token, answers InvalidPasswordException and applies no policy);
 * - GlobalSignOut, which it lacks, revokes the user's refresh and access tokens.
 */
function awsCompatibleRouter(
  router: (target: string) => Target,
  cognito: any,
  errors: any,
  settings: { messages: any; otp: () => string; signingKey: PoolSigningKey },
): (target: string) => Target {
  const tokenUser = (ctx: any, token: unknown) =>
    accessTokenUser(ctx, token, cognito, errors, settings.signingKey);
  const wrongCredentials = () => new errors.NotAuthorizedError('Incorrect username or password.');
  /**
   * Mails a fresh code to `email` through the CustomMessage trigger (`source`), as AWS
   * does, and holds `email` as the user's unverified new address with that code.
   */
  const holdEmail = async (
    ctx: any,
    pool: any,
    user: any,
    email: string,
    source: 'UpdateUserAttribute' | 'VerifyUserAttribute',
    request: any,
  ) => {
    const code = settings.otp();
    const delivery = { AttributeName: 'email', DeliveryMedium: 'EMAIL', Destination: email };
    const addressedToNew = {
      ...user,
      Attributes: [
        ...user.Attributes.filter((item: any) => item.Name !== 'email'),
        { Name: 'email', Value: email },
      ],
    };
    await settings.messages.deliver(
      ctx,
      source,
      null,
      pool.options.Id,
      addressedToNew,
      code,
      request?.ClientMetadata,
      delivery,
    );
    // Held once the mail went: a mail the trigger refused holds nothing.
    await pool.saveUser(ctx, {
      ...user,
      UnverifiedAttributeChanges: [{ Name: 'email', Value: email.toLowerCase() }],
      AttributeVerificationCode: code,
      UserLastModifiedDate: new Date(),
    });
    return maskedDelivery(email);
  };
  /** Cognito's answer to a password the pool's policy does not allow. */
  const refuseWeakPassword = (password: string, pool: any) => {
    const violation = passwordPolicyViolation(password, pool.options?.Policies?.PasswordPolicy);
    if (violation) {
      throw new errors.CognitoError(
        'InvalidPasswordException',
        `Password does not conform to policy: ${violation}`,
      );
    }
  };
  /**
   * The password each operation that sets one (other than ChangePassword, above) would
   * set; cognito-local takes any. The pool's policy is the one CDK builds
   * (lib/auth-definition.ts, which bin/local/provision.ts gives the local pool).
   */
  const passwordsSet: Record<string, (request: any) => unknown> = {
    SignUp: (request) => request?.Password,
    ConfirmForgotPassword: (request) => request?.Password,
    AdminSetUserPassword: (request) => request?.Password,
    AdminCreateUser: (request) => request?.TemporaryPassword,
    RespondToAuthChallenge: (request) =>
      request?.ChallengeName === 'NEW_PASSWORD_REQUIRED'
        ? (request?.ChallengeResponses?.NEW_PASSWORD ?? '')
        : undefined,
  };
  const poolOf = (ctx: any, request: any) =>
    request?.UserPoolId
      ? cognito.getUserPool(ctx, request.UserPoolId)
      : cognito.getUserPoolForClientId(ctx, request?.ClientId);
  const writable = new Set<string>(userPoolDefinition.client.writeAttributes);
  const requiredAttributes = new Set<string>(userPoolDefinition.requiredAttributes);
  const attributeNames: Record<string, (request: any) => unknown[]> = {
    SignUp: (request) => (request?.UserAttributes ?? []).map((item: any) => item?.Name),
    UpdateUserAttributes: (request) =>
      (request?.UserAttributes ?? []).map((item: any) => item?.Name),
    DeleteUserAttributes: (request) => request?.UserAttributeNames ?? [],
  };
  const compatible = (target: string): Target => {
    if (target === 'SignUp') {
      // The email is the username (the pool's UsernameAttributes): an `email` attribute
      // other than the username is refused, and a username taken in any case is taken,
      // as Cognito answers. cognito-local keeps a second email and matches case exactly.
      const route = router(target);
      return async (ctx, request) => {
        const username = String(request?.Username ?? '');
        if (!isEmailAsWritten(username)) {
          throw new errors.InvalidParameterError('Username should be an email.');
        }
        const attributes: { Name?: unknown; Value?: unknown }[] = request?.UserAttributes ?? [];
        const email = attributes.find((item) => item?.Name === 'email')?.Value;
        if (email !== undefined && String(email).toLowerCase() !== username.toLowerCase()) {
          throw new errors.InvalidParameterError(
            'User email should be empty or same as username, since username attribute is email.',
          );
        }
        const pool = await cognito.getUserPoolForClientId(ctx, request?.ClientId);
        const holders = await Promise.all(
          [...new Set([username, username.toLowerCase()])].map((name) =>
            pool.getUserByUsername(ctx, name),
          ),
        );
        if (holders.some(Boolean)) {
          throw new errors.CognitoError(
            'UsernameExistsException',
            'An account with the given email already exists.',
          );
        }
        return route(ctx, request);
      };
    }
    if (target === 'AdminUserGlobalSignOut') {
      // Missing in cognito-local. As GlobalSignOut (below), for a user an admin names: the
      // refresh tokens stop working and the access tokens issued so far are refused by
      // Cognito's own operations (ChangePassword, SetUserMFAPreference, ...).
      return async (ctx, request) => {
        const pool = await cognito.getUserPool(ctx, request.UserPoolId);
        const user = await pool.getUserByUsername(ctx, request.Username);
        if (!user) throw new errors.UserNotFoundError();
        await revokeTokens(ctx, pool, user);
        return {};
      };
    }
    if (target === 'ChangePassword') {
      return async (ctx, request) => {
        const { pool, user } = await tokenUser(ctx, request?.AccessToken);
        // AWS answers a wrong current password like a wrong sign-in (and counts it toward
        // the same lockout; cognito-local has no lockout, see docs/access-control.md).
        if (
          typeof request?.PreviousPassword !== 'string' ||
          request.PreviousPassword !== user.Password
        ) {
          throw wrongCredentials();
        }
        const proposed = String(request?.ProposedPassword ?? '');
        refuseWeakPassword(proposed, pool);
        await pool.saveUser(ctx, { ...user, Password: proposed, UserLastModifiedDate: new Date() });
        return {};
      };
    }
    if (target === 'GlobalSignOut') {
      // Missing in cognito-local. As in AWS: the user's refresh tokens stop working (every
      // session ends at its next refresh) and access tokens issued so far are refused by
      // Cognito's own API ("Access Token has been revoked"); ID tokens stay valid for the
      // API until they expire, as API Gateway's JWT authorizer sees them.
      return async (ctx, request) => {
        const { pool, user } = await tokenUser(ctx, request?.AccessToken);
        await revokeTokens(ctx, pool, user);
        return {};
      };
    }
    if (target === 'GetTokensFromRefreshToken') {
      // Amplify refreshes with this newer operation, which cognito-local lacks; it is
      // InitiateAuth's REFRESH_TOKEN_AUTH under another name.
      const refresh = router('InitiateAuth');
      return async (ctx, request) => {
        const result = (await refresh(ctx, {
          AuthFlow: 'REFRESH_TOKEN_AUTH',
          ClientId: request?.ClientId,
          AuthParameters: { REFRESH_TOKEN: request?.RefreshToken },
        })) as { AuthenticationResult?: unknown };
        return { AuthenticationResult: result.AuthenticationResult };
      };
    }
    const route = router(target);
    if (target === 'UpdateUserAttributes') {
      // A new email, as AWS handles it with the pool's keepOriginal setting and the email as
      // sign-in name: refused when another account has it; otherwise held as an unverified
      // change (the old address stays the sign-in name and the token's email) and a code
      // is mailed to the NEW address, through the CustomMessage trigger. cognito-local
      // would store it at once (or, with the setting, mail the code to the old address)
      // and keep two accounts with one email.
      return async (ctx, request) => {
        const { pool, user } = await tokenUser(ctx, request?.AccessToken);
        const changes: { Name?: unknown; Value?: unknown }[] = request?.UserAttributes ?? [];
        const email = changes.find((change) => change?.Name === 'email')?.Value;
        const current = user.Attributes.find((item: any) => item.Name === 'email')?.Value;
        if (email !== undefined && !isEmailAsWritten(String(email))) {
          throw new errors.InvalidParameterError('Invalid email address format.');
        }
        if (typeof email !== 'string' || email.toLowerCase() === current?.toLowerCase()) {
          return route(ctx, request);
        }
        await refuseTakenEmail(ctx, pool, user, email);
        const others = changes.filter((change) => change?.Name !== 'email');
        if (others.length > 0) await route(ctx, { ...request, UserAttributes: others });
        const latest = await pool.getUserByUsername(ctx, user.Username);
        const delivery = await holdEmail(ctx, pool, latest, email, 'UpdateUserAttribute', request);
        return { CodeDeliveryDetailsList: [delivery] };
      };
    }
    if (target === 'GetUserAttributeVerificationCode') {
      // A new code for a held email goes to the held (new) address, as in AWS; cognito-local
      // would send it to the current one.
      return async (ctx, request) => {
        const { pool, user } = await tokenUser(ctx, request?.AccessToken);
        const held = heldEmail(user);
        if (request?.AttributeName !== 'email' || held === undefined) return route(ctx, request);
        const delivery = await holdEmail(ctx, pool, user, held, 'VerifyUserAttribute', request);
        return { CodeDeliveryDetails: delivery };
      };
    }
    if (target === 'VerifyUserAttribute') {
      // The held email becomes the account's only if no other account took it meanwhile.
      return async (ctx, request) => {
        const { pool, user } = await tokenUser(ctx, request?.AccessToken);
        const held = heldEmail(user);
        if (request?.AttributeName === 'email' && held !== undefined) {
          await refuseTakenEmail(ctx, pool, user, held);
        }
        return route(ctx, request);
      };
    }
    if (target === 'ForgotPassword') {
      // With PreventUserExistenceErrors, Cognito answers an unknown user as if it had
      // sent a code, to a masked ("simulated") destination: the answer must not tell who
      // has an account. cognito-local names a known user's address in full, so both
      // answers carry the same mask, of the name asked for.
      return async (ctx, request) => {
        const delivery = maskedDelivery(String(request?.Username ?? ''));
        try {
          await route(ctx, request);
        } catch (error) {
          if (!(error instanceof errors.UserNotFoundError)) throw error;
        }
        return { CodeDeliveryDetails: delivery };
      };
    }
    if (target === 'ResendConfirmationCode') {
      // Missing in cognito-local (the register page's "resend code"). As Cognito: a new
      // code for an unconfirmed account, mailed through the CustomMessage trigger
      // (`ResendCode`); "User is already confirmed." for a confirmed one; an unknown name
      // answered as if a code had gone (PreventUserExistenceErrors).
      return async (ctx, request) => {
        const delivery = maskedDelivery(String(request?.Username ?? ''));
        const pool = await cognito.getUserPoolForClientId(ctx, request?.ClientId);
        const user = await pool.getUserByUsername(ctx, String(request?.Username ?? ''));
        if (!user) return { CodeDeliveryDetails: delivery };
        if (user.UserStatus !== 'UNCONFIRMED') {
          throw new errors.InvalidParameterError('User is already confirmed.');
        }
        const email = user.Attributes.find((item: any) => item.Name === 'email')?.Value;
        const code = settings.otp();
        await settings.messages.deliver(
          ctx,
          'ResendCode',
          request.ClientId,
          pool.options.Id,
          user,
          code,
          request?.ClientMetadata,
          { ...delivery, Destination: email },
        );
        // Saved once the mail went: a refused mail leaves the last code as it was.
        await pool.saveUser(ctx, {
          ...user,
          ConfirmationCode: code,
          UserLastModifiedDate: new Date(),
        });
        return { CodeDeliveryDetails: delivery };
      };
    }
    if (target !== 'InitiateAuth' && target !== 'AdminInitiateAuth') return route;
    return async (ctx, request) => {
      const username = request?.AuthParameters?.USERNAME;
      if (username && request.AuthFlow !== 'REFRESH_TOKEN_AUTH') {
        const pool = request.UserPoolId
          ? await cognito.getUserPool(ctx, request.UserPoolId)
          : await cognito.getUserPoolForClientId(ctx, request.ClientId).catch(() => undefined);
        const user = await pool?.getUserByUsername(ctx, username);
        if (user && user.Enabled === false)
          throw new errors.NotAuthorizedError('User is disabled.');
      }
      try {
        return await route(ctx, request);
      } catch (error) {
        if (error instanceof errors.InvalidPasswordError) throw wrongCredentials();
        if (
          error instanceof errors.NotAuthorizedError &&
          username &&
          (error as Error).message !== temporaryPasswordExpired
        ) {
          throw wrongCredentials();
        }
        throw error;
      }
    };
  };
  return (target) => {
    const route = withCaseInsensitiveUsername(target, compatible(target));
    const names = attributeNames[target];
    const passwordSet = passwordsSet[target];
    if (!names && !passwordSet) return route;
    return async (ctx, request) => {
      const list = names?.(request) ?? [];
      if (!Array.isArray(list) || list.some((name) => !writable.has(String(name)))) {
        throw new errors.NotAuthorizedError('A client attempted to write unauthorized attribute');
      }
      // One value per attribute: with two `email` entries cognito-local kept the last while
      // the checks below read the first, so a second address slipped past them.
      if (new Set(list.map(String)).size !== list.length) {
        throw new errors.InvalidParameterError('Duplicate attribute names are not allowed.');
      }
      // As Cognito answers: a required attribute stays (cognito-local deleted an account's
      // email, leaving tokens without one), and a value holds at most 2,048 characters.
      const required = list.find((name) => requiredAttributes.has(String(name)));
      if (target === 'DeleteUserAttributes' && required !== undefined) {
        throw new errors.InvalidParameterError(
          `user.${String(required)}: Required attribute cannot be deleted.`,
        );
      }
      const values: { Value?: unknown }[] = Array.isArray(request?.UserAttributes)
        ? request.UserAttributes
        : [];
      if (values.some((item) => String(item?.Value ?? '').length > 2048)) {
        throw new errors.InvalidParameterError(
          'Attribute value must not be longer than 2048 characters.',
        );
      }
      const password = passwordSet?.(request);
      if (password !== undefined) refuseWeakPassword(String(password), await poolOf(ctx, request));
      return route(ctx, request);
    };
  };
}

/**
 * An email address as the product's forms accept one (the shared contract's check), with
 * nothing around it: the sign-in name and the address codes go to. Cognito refuses a
 * username that is not an email in a pool whose username is the email.
 */
function isEmailAsWritten(value: string): boolean {
  return value === value.trim() && emailField.safeParse(value).success;
}

/** The operations of the app client that name a user by the name they sign in with. */
const usernameOperations = new Set([
  'SignUp',
  'ConfirmSignUp',
  'ResendConfirmationCode',
  'ForgotPassword',
  'ConfirmForgotPassword',
  'InitiateAuth',
  'RespondToAuthChallenge',
]);

/**
 * The pool's sign-in names ignore case (CDK `signInCaseSensitive: false`, the local pool's
 * `UsernameConfiguration`), and they are emails: `Admin@Example.com` is
 * `admin@example.com`. cognito-local matches them exactly, so these operations get the
 * name in lower case, the case every account's email is stored in (a sign-up's email too).
 */
function withCaseInsensitiveUsername(target: string, route: Target): Target {
  if (!usernameOperations.has(target)) return route;
  const lower = (value: unknown) =>
    typeof value === 'string' && value.includes('@') ? value.toLowerCase() : value;
  return (ctx, request) => {
    if (request === null || typeof request !== 'object') return route(ctx, request);
    const normalised = { ...request, Username: lower(request.Username) };
    if (request.Username === undefined) delete normalised.Username;
    for (const field of ['AuthParameters', 'ChallengeResponses']) {
      const values = request[field];
      if (values && typeof values === 'object' && 'USERNAME' in values) {
        normalised[field] = { ...values, USERNAME: lower(values.USERNAME) };
      }
    }
    if (target === 'SignUp' && Array.isArray(request.UserAttributes)) {
      normalised.UserAttributes = request.UserAttributes.map((item: any) =>
        item?.Name === 'email' ? { ...item, Value: lower(item.Value) } : item,
      );
    }
    return route(ctx, normalised);
  };
}

/** The new email a user's account holds until its code confirms it. */
function heldEmail(user: any): string | undefined {
  const held = (user.UnverifiedAttributeChanges ?? []).find((item: any) => item.Name === 'email');
  return typeof held?.Value === 'string' ? held.Value : undefined;
}

/** AWS's answer to an email that is another account's sign-in name. */
async function refuseTakenEmail(ctx: any, pool: any, user: any, email: string): Promise<void> {
  // The pool's sign-in names ignore case; cognito-local matches an email as stored
  // (lower case for every account this product creates) or exactly as given.
  const holders = await Promise.all(
    [...new Set([email, email.toLowerCase()])].map((name) => pool.getUserByUsername(ctx, name)),
  );
  if (holders.some((holder) => holder && holder.Username !== user.Username)) {
    const { CognitoError } = lib('errors');
    throw new CognitoError(
      'AliasExistsException',
      'An account with the given email already exists.',
    );
  }
}

/** `a***@e***` as Cognito masks a delivery address. */
/** Where Cognito says a code went: the email, masked as Cognito masks it. */
function maskedDelivery(email: string) {
  return { AttributeName: 'email', DeliveryMedium: 'EMAIL', Destination: maskEmail(email) };
}

function maskEmail(email: string): string {
  const [local = '', domain = ''] = email.split('@');
  return `${local.slice(0, 1)}***@${domain.slice(0, 1)}***`;
}

/**
 * Field kept on cognito-local's user record by GlobalSignOut and AdminUserGlobalSignOut:
 * access tokens issued before this time (seconds since the epoch) are revoked.
 */
const tokensRevokedBefore = 'LocalTokensRevokedBefore';

/**
 * A global sign-out: the user's refresh tokens and the access tokens issued so far stop
 * working. Tokens carry their issue time in whole seconds: every token issued up to this
 * second is revoked, and the answer waits for the next second, so a sign-in after it gets
 * tokens that are not.
 */
async function revokeTokens(ctx: any, pool: any, user: any): Promise<void> {
  const revokedBefore = Math.floor(Date.now() / 1000) + 1;
  await pool.saveUser(ctx, { ...user, RefreshTokens: [], [tokensRevokedBefore]: revokedBefore });
  await new Promise((resolve) => setTimeout(resolve, revokedBefore * 1000 - Date.now()));
}

/**
 * The user an access token belongs to, checked as Cognito checks the token of a
 * token-authorized operation: signature (the pool's own key: a token signed with
 * cognito-local's published key is refused), expiry, `token_use`, the user still there and
 * enabled, and the token not revoked by a global sign-out.
 */
async function accessTokenUser(
  ctx: any,
  token: unknown,
  cognito: any,
  errors: any,
  signingKey: PoolSigningKey,
): Promise<{ pool: any; user: any }> {
  if (typeof token !== 'string' || token === '') {
    throw new errors.InvalidParameterError('Missing required parameter AccessToken');
  }
  let claims: JWTPayload;
  try {
    claims = await signingKey.verify(token);
  } catch (error) {
    if (error instanceof joseErrors.JWTExpired) {
      throw new errors.NotAuthorizedError('Access Token has expired');
    }
    throw new errors.NotAuthorizedError('Invalid Access Token');
  }
  if (claims.token_use !== 'access') throw new errors.NotAuthorizedError('Invalid Access Token');
  const pool = await cognito.getUserPoolForClientId(ctx, claims.client_id).catch(() => undefined);
  const user = await pool?.getUserByUsername(ctx, String(claims.username ?? claims.sub ?? ''));
  if (!pool || !user) throw new errors.NotAuthorizedError('User does not exist.');
  if (user.Enabled === false) throw new errors.NotAuthorizedError('User is disabled.');
  const revokedBefore = user[tokensRevokedBefore];
  if (typeof revokedBefore === 'number' && (claims.iat ?? 0) < revokedBefore) {
    throw new errors.NotAuthorizedError('Access Token has been revoked');
  }
  return { pool, user };
}

/**
 * Checks the access token of every operation a signed-in user authorizes with one
 * (GetUser, ChangePassword, AssociateSoftwareToken, SetUserMFAPreference, ...) as Cognito
 * does: signed with the pool's key, unexpired, not revoked by a global sign-out.
 * cognito-local itself only decodes them, so a token anyone wrote named any user.
 */
function refusingRevokedAccessTokens(
  router: (target: string) => Target,
  cognito: any,
  errors: any,
  signingKey: PoolSigningKey,
): (target: string) => Target {
  return (target) => {
    const route = router(target);
    return async (ctx, request) => {
      if (request !== null && typeof request === 'object' && 'AccessToken' in request) {
        await accessTokenUser(ctx, request.AccessToken, cognito, errors, signingKey);
      }
      return route(ctx, request);
    };
  };
}

/** The pool's password policy as cognito-local stores it (CreateUserPool's `Policies`). */
interface PasswordPolicy {
  MinimumLength?: number;
  RequireLowercase?: boolean;
  RequireUppercase?: boolean;
  RequireNumbers?: boolean;
  RequireSymbols?: boolean;
}

/**
 * Why a password breaks the pool's policy, in Cognito's words, or nothing when it does
 * not. cognito-local checks no policy at all.
 */
export function passwordPolicyViolation(
  password: string,
  policy: PasswordPolicy | undefined,
): string | undefined {
  if (!policy) return undefined;
  if (password.length < (policy.MinimumLength ?? 0)) return 'Password not long enough';
  if (policy.RequireLowercase && !/[a-z]/.test(password)) {
    return 'Password must have lowercase characters';
  }
  if (policy.RequireUppercase && !/[A-Z]/.test(password)) {
    return 'Password must have uppercase characters';
  }
  if (policy.RequireNumbers && !/[0-9]/.test(password)) {
    return 'Password must have numeric characters';
  }
  if (policy.RequireSymbols && !/[\^$*.[\]{}()?"!@#%&/\\,><':;|_~`=+-]/.test(password)) {
    return 'Password must have symbol characters';
  }
  return undefined;
}

/**
 * Every token the pool issues, signed with the pool's own key (cognito-local signs with
 * the key it publishes, which anyone can sign with too), and the ID token with the user's
 * attributes: cognito-local's carry only `email`, `email_verified` and custom attributes;
 * Cognito's carry every attribute the app client may read, `name` among them (the top bar
 * and the account page show it). This adds the user's other attributes (those of the
 * client's `ReadAttributes` when it lists them) to the ID token.
 */
function withStandardAttributeClaims<
  Generator extends {
    generate: (
      ...args: any[]
    ) => Promise<{ IdToken: string; AccessToken: string; RefreshToken: string }>;
  },
>(generator: Generator, signingKey: PoolSigningKey): Generator {
  const generate = generator.generate.bind(generator);
  generator.generate = (async (...args: any[]) => {
    const tokens = await generate(...args);
    const user = args[1] as { Attributes?: { Name: string; Value?: string }[] };
    // The app client's readable attributes, when the client names them (as AWS reads them).
    const readable = (args[3] as { ReadAttributes?: string[] } | undefined)?.ReadAttributes;
    const claims = decodeJwt(tokens.IdToken);
    const missing = (user.Attributes ?? []).filter(
      (attribute) =>
        attribute.Value !== undefined &&
        !(attribute.Name in claims) &&
        (!readable || readable.includes(attribute.Name)),
    );
    const added = Object.fromEntries(missing.map(({ Name, Value }) => [Name, Value]));
    // The refresh token too: cognito-local only looks it up among the user's, but no
    // token of this pool is left signed with the published key.
    return {
      ...tokens,
      IdToken: await signingKey.resign(tokens.IdToken, added),
      AccessToken: await signingKey.resign(tokens.AccessToken),
      RefreshToken: await signingKey.resign(tokens.RefreshToken),
    };
  }) as Generator['generate'];
  return generator;
}

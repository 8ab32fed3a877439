import { mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Server } from 'node:http';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { repoRoot } from './settings';

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
  /** Whether people may register themselves (SignUp), as the pool setting in AWS. */
  selfRegistration: boolean;
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
  const stored = await loadConfig(ctx, new StormDBDataStoreFactory(dataDir));
  const url = `http://localhost:${port}`;
  const config = {
    ...DefaultConfig,
    ...stored,
    // The issuer of every token: the local gateway verifies tokens against it.
    TokenConfig: { IssuerDomain: url },
    ServerConfig: { port, hostname: '127.0.0.1', development: false, https: false },
  };
  const clock = new services.DateClock();
  const dataStoreFactory = new StormDBDataStoreFactory(dataDirectory);
  const cognitoClient = await new CognitoServiceFactoryImpl(
    dataDirectory,
    dataStoreFactory,
    new UserPoolServiceFactoryImpl(clock, dataStoreFactory),
  ).create(ctx, config.UserPoolDefaults);
  const triggers = new services.TriggersService(
    clock,
    cognitoClient,
    new services.LambdaService(localTriggerNames, inProcessLambda),
    new CryptoService(config.KMSConfig),
  );
  const serviceSet = {
    clock,
    cognito: cognitoClient,
    config,
    messages: new services.MessagesService(
      triggers,
      new MessageDeliveryService(mailSender(options.deliverMail, logger)),
    ),
    otp,
    tokenGenerator: new JwtTokenGenerator(clock, triggers, config.TokenConfig),
    triggers,
  };
  const router = awsCompatibleRouter(Router(serviceSet), cognitoClient, lib('errors'), options);
  const server = createServer(router, logger, config.ServerConfig, serviceSet);
  const httpServer = (await server.start()) as Server;
  return {
    url,
    stop: () =>
      new Promise<void>((resolve) => {
        httpServer.closeAllConnections?.();
        httpServer.close(() => resolve());
      }),
  };
}

/**
 * The user pool's Lambda triggers, run in-process: cognito-local builds the same event
 * Cognito sends and calls the same handler module CDK attaches in AWS.
 */
const localTriggers: Record<string, string> = {
  CustomMessage: 'lambdas/auth/custom-message.ts',
};
const localTriggerNames = Object.fromEntries(
  Object.keys(localTriggers).map((name) => [name, name]),
);

/** Stands in for the Lambda client cognito-local would call. */
const inProcessLambda = {
  invoke({ FunctionName, Payload }: { FunctionName: string; Payload: string }) {
    return {
      promise: async () => {
        const module = localTriggers[FunctionName];
        if (!module) throw new Error(`No local trigger ${FunctionName}`);
        const { handler } = (await import(pathToFileURL(join(repoRoot, module)).href)) as {
          handler: (event: unknown) => Promise<unknown>;
        };
        return { StatusCode: 200, Payload: JSON.stringify(await handler(JSON.parse(Payload))) };
      },
    };
  },
};

/** cognito-local's message sender, delivering mails instead of printing them. */
function mailSender(deliver: (mail: CognitoMail) => Promise<void>, logger: any) {
  return {
    async sendEmail(_ctx: unknown, _user: unknown, destination: string, message: any) {
      await deliver({
        to: destination,
        subject: message.emailSubject ?? 'Your verification code',
        html: message.emailMessage ?? `Your verification code is ${message.__code}`,
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
 * - SignUp is refused when self-registration is off (the pool's AllowAdminCreateUserOnly);
 * - AdminUserGlobalSignOut, which cognito-local lacks, revokes refresh tokens;
 * - GetTokensFromRefreshToken (Amplify's refresh), which it lacks, refreshes tokens.
 */
function awsCompatibleRouter(
  router: (target: string) => Target,
  cognito: any,
  errors: any,
  settings: { selfRegistration: boolean },
): (target: string) => Target {
  const wrongCredentials = () => new errors.NotAuthorizedError('Incorrect username or password.');
  return (target) => {
    if (target === 'SignUp' && !settings.selfRegistration) {
      return async () => {
        throw new errors.NotAuthorizedError('SignUp is not permitted for this user pool');
      };
    }
    if (target === 'AdminUserGlobalSignOut') {
      // Missing in cognito-local: revoke the user's refresh tokens, as Cognito does.
      return async (ctx, request) => {
        const pool = await cognito.getUserPool(ctx, request.UserPoolId);
        const user = await pool.getUserByUsername(ctx, request.Username);
        if (!user) throw new errors.UserNotFoundError();
        await pool.saveUser(ctx, { ...user, RefreshTokens: [] });
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
    if (target === 'ForgotPassword') {
      // With PreventUserExistenceErrors, Cognito answers an unknown user as if it had
      // sent a code: the answer must not tell who has an account.
      return async (ctx, request) => {
        try {
          return await route(ctx, request);
        } catch (error) {
          if (!(error instanceof errors.UserNotFoundError)) throw error;
          return {
            CodeDeliveryDetails: {
              AttributeName: 'email',
              DeliveryMedium: 'EMAIL',
              Destination: maskEmail(String(request?.Username ?? '')),
            },
          };
        }
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
        if (error instanceof errors.NotAuthorizedError && username) throw wrongCredentials();
        throw error;
      }
    };
  };
}

/** `a***@e***` as Cognito masks a delivery address. */
function maskEmail(email: string): string {
  const [local = '', domain = ''] = email.split('@');
  return `${local.slice(0, 1)}***@${domain.slice(0, 1)}***`;
}

import { mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Server } from 'node:http';
import { join } from 'node:path';

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

export async function startCognito(options: {
  port: number;
  dataDir: string;
  logFile: string;
}): Promise<CognitoEmulator> {
  const { port, dataDir, logFile } = options;
  const dataDirectory = join(dataDir, 'db');
  mkdirSync(dataDirectory, { recursive: true });

  const logger = pino({ level: 'info' }, pino.destination(logFile));
  const services = lib('services');
  const { loadConfig, DefaultConfig } = lib('server/config');
  const { StormDBDataStoreFactory } = lib('services/dataStore/stormDb');
  const { CognitoServiceFactoryImpl } = lib('services/cognitoService');
  const { UserPoolServiceFactoryImpl } = lib('services/userPoolService');
  const { CryptoService } = lib('services/crypto');
  const { ConsoleMessageSender } = lib('services/messageDelivery/consoleMessageSender');
  const { MessageDeliveryService } = lib('services/messageDelivery/messageDelivery');
  const { otp } = lib('services/otp');
  const { JwtTokenGenerator } = lib('services/tokenGenerator');
  const { Router } = lib('server/Router');
  const { createServer } = lib('server/server');

  // cognito-local uses the v2 SDK only to call trigger Lambdas (none locally).
  process.env.AWS_SDK_JS_SUPPRESS_MAINTENANCE_MODE_MESSAGE = '1';
  const AWS = cognitoRequire('aws-sdk') as any;
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
    new services.LambdaService(config.TriggerFunctions, new AWS.Lambda(config.LambdaClient)),
    new CryptoService(config.KMSConfig),
  );
  const serviceSet = {
    clock,
    cognito: cognitoClient,
    config,
    messages: new services.MessagesService(
      triggers,
      new MessageDeliveryService(new ConsoleMessageSender()),
    ),
    otp,
    tokenGenerator: new JwtTokenGenerator(clock, triggers, config.TokenConfig),
    triggers,
  };
  const router = awsCompatibleRouter(Router(serviceSet), cognitoClient, lib('errors'));
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

type Target = (ctx: any, request: any) => Promise<unknown>;

/**
 * Where cognito-local answers differently from Cognito, the local stack answers as
 * Cognito does, so the web app meets the same errors in both:
 * - a wrong password is `NotAuthorizedException` "Incorrect username or password."
 *   (cognito-local says `InvalidPasswordException`, which Cognito keeps for policy
 *   violations), the same error as an unknown email;
 * - a disabled user cannot sign in: "User is disabled." (cognito-local ignores the flag).
 */
function awsCompatibleRouter(
  router: (target: string) => Target,
  cognito: any,
  errors: any,
): (target: string) => Target {
  const wrongCredentials = () => new errors.NotAuthorizedError('Incorrect username or password.');
  return (target) => {
    const route = router(target);
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

import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { SendEmailCommand, SESv2Client } from '@aws-sdk/client-sesv2';
import { getConfig } from '../../lambdas/shared/config';
import { getStats } from '../../lambdas/shared/data/counters';
import type { CognitoMail } from './cognito';
import { runMigrations } from '../../lambdas/migrations/run';
import { loadSampleData } from './sample-data';
import { portInUseError, takenPort } from './preflight';
import {
  startCognito,
  startDynamoDb,
  startMail,
  startS3,
  type CognitoEmulator,
  type DynamoDbEmulator,
  type Emulator,
} from './emulators';
import { startGateway } from './gateway';
import { startStreamPoller } from './stream-poller';
import { provision, type ProvisionedResources } from './provision';
import { ensureLocalSigning } from './signing';
import { startTimestampAuthority } from './timestamp-authority';
import {
  localCredentials,
  localRegion,
  localSiteSettings,
  repoRoot,
  stackPorts,
  type StackPorts,
} from './settings';

export interface LocalStackOptions {
  /** Base port: the app answers here, the emulators and the local timestamp authority on the next five. */
  port: number;
  /** Where every emulator keeps its data (git-ignored). */
  dataDir: string;
  /**
   * The seeded admin: created with `password` when missing, and given TOTP with
   * `totpSecret` (base32) whenever it has no second factor.
   */
  admin: { email: string; password: string; totpSecret: string };
  /** Load the sample catalogue into a store that never had it. */
  sampleData: boolean;
  /** Called as each part comes up, for the start banner. */
  onProgress?: (step: string) => void;
}

export interface LocalStack {
  appUrl: string;
  mailViewerUrl: string;
  /** A serial number in the sample data, when it was loaded. */
  sampleSerial: string | null;
  ports: StackPorts;
  resources: ProvisionedResources;
  endpoints: { dynamodb: string; cognito: string; s3: string; mail: string };
  /** Stops and restarts the SES emulator (its stored mails are lost), for fault tests. */
  mailEmulator: EmulatorSwitch;
  /**
   * Stops and restarts DynamoDB Local (its data persists), for fault tests. `freeze` stops
   * the process without closing its port: connections open, nothing answers, as a hung
   * dependency; `thaw` lets it go on.
   */
  dynamodbEmulator: EmulatorSwitch & { freeze(): void; thaw(): void };
  /** Stops and restarts s3rver (its objects persist), for fault tests. */
  s3Emulator: EmulatorSwitch;
  /** Stops and restarts cognito-local (its users persist), for fault tests. */
  cognitoEmulator: EmulatorSwitch;
  /** Stops and restarts the local timestamp authority, for fault tests. */
  timestampAuthority: EmulatorSwitch;
  stop(): Promise<void>;
}

/** An emulator that fault tests switch off and on again, on the same port and data. */
export interface EmulatorSwitch {
  /** Stops it; a no-op when it is off. */
  stop(): Promise<void>;
  /** Starts it again; a no-op when it runs. */
  start(): Promise<void>;
}

/**
 * Starts the whole product on this machine: DynamoDB Local, cognito-local, the SES
 * emulator and s3rver, creates the resources from the shared definitions, points
 * the handlers at them through their normal environment variables, and opens the
 * gateway. On failure, whatever had started is stopped again.
 */
export async function startLocalStack(options: LocalStackOptions): Promise<LocalStack> {
  const ports = stackPorts(options.port);
  const logs = join(options.dataDir, 'logs');
  mkdirSync(logs, { recursive: true });
  const started: Emulator[] = [];
  const progress = options.onProgress ?? (() => undefined);
  const stopAll = async () => {
    for (const part of started.reverse()) await part.stop().catch(() => undefined);
  };

  const dynamodbOptions = {
    port: ports.dynamodb,
    dataDir: join(options.dataDir, 'dynamodb'),
    logFile: join(logs, 'dynamodb.log'),
  };
  const cognitoOptions = {
    port: ports.cognito,
    dataDir: join(options.dataDir, 'cognito'),
    logFile: join(logs, 'cognito.log'),
    deliverMail: (mail: CognitoMail) => sendCognitoMail(ports.mail, mail),
  };
  const s3Options = { port: ports.s3, dataDir: join(options.dataDir, 's3') };

  try {
    // allSettled: when one emulator fails, the others may still be starting; wait for
    // them so they are stopped too rather than left running.
    const settled = await Promise.allSettled([
      startDynamoDb(dynamodbOptions).then((emulator) => track(emulator, 'DynamoDB Local')),
      startCognito(cognitoOptions).then((emulator) => track(emulator, 'cognito-local')),
      startMail({ port: ports.mail }).then((emulator) => track(emulator, 'mail emulator')),
      startS3(s3Options).then((emulator) => track(emulator, 's3rver')),
    ]);
    const failure = settled.find((result) => result.status === 'rejected');
    if (failure) throw failure.reason;
    const [dynamodb, cognito, mail, s3] = settled.map(
      (result) => (result as PromiseFulfilledResult<Emulator>).value,
    ) as [DynamoDbEmulator, CognitoEmulator, Emulator, Emulator];
    // Each emulator can be switched off and on (fault tests); stopping the stack stops
    // whichever instance runs then.
    const switchable = <T extends Emulator>(first: T, restart: () => Promise<T>) => {
      const toggle = emulatorSwitch(first, restart);
      started[started.indexOf(first)] = { url: first.url, stop: () => toggle.stop() };
      return toggle;
    };
    const dynamodbSwitch = switchable(dynamodb, () => startDynamoDb(dynamodbOptions));
    const cognitoSwitch = switchable(cognito, () => startCognito(cognitoOptions));
    const mailSwitch = switchable(mail, () => startMail({ port: ports.mail }));
    const s3Switch = switchable(s3, () => startS3(s3Options));

    const resources = await provision({
      stateFile: join(options.dataDir, 'state.json'),
      dynamodbUrl: dynamodb.url,
      cognitoUrl: cognito.url,
      s3Url: s3.url,
      appUrl: `http://localhost:${ports.gateway}`,
      admin: options.admin,
      seedSoftwareToken: (userPoolId, username, secret) =>
        cognito.seedSoftwareToken(userPoolId, username, secret),
    });
    progress('resources ready');

    // The report signatures' stand-ins: the local signer and CA (made once into the data
    // folder) for the KMS key and its chain, and the local timestamp authority.
    const signing = await ensureLocalSigning(options.dataDir);
    const startTimestamps = () =>
      startTimestampAuthority(ports.timestamps, {
        key: signing.timestampKey,
        chain: signing.timestampChain,
      });
    const timestamps = await startTimestamps();
    started.push(timestamps);
    const timestampSwitch = switchable(timestamps, startTimestamps);

    // The handlers read exactly the variables they read in AWS, plus the endpoints.
    Object.assign(process.env, {
      AWS_REGION: localRegion,
      AWS_ACCESS_KEY_ID: localCredentials.accessKeyId,
      AWS_SECRET_ACCESS_KEY: localCredentials.secretAccessKey,
      TABLE_NAME: resources.tableName,
      USER_POOL_ID: resources.userPoolId,
      USER_POOL_CLIENT_ID: resources.userPoolClientId,
      REPORTS_BUCKET: resources.reportsBucket,
      MAIL_FROM: localSiteSettings.mailFrom,
      PROVIDER_NAME: localSiteSettings.providerName,
      PROVIDER_ADDRESS: localSiteSettings.providerAddress,
      PRIVACY_POLICY_URL: localSiteSettings.privacyPolicyUrl,
      DYNAMODB_ENDPOINT: dynamodb.url,
      COGNITO_ENDPOINT: cognito.url,
      S3_ENDPOINT: s3.url,
      SES_ENDPOINT: mail.url,
      REPORT_SIGNING_LOCAL_DIR: signing.directory,
      TIMESTAMP_AUTHORITY_URL: timestamps.url,
    });
    getConfig(); // fail now, with the readable message, rather than on the first request
    // As a deploy does in AWS (lib/stack.ts): data written by earlier versions is brought up
    // to date before the first request.
    await runMigrations();
    const sampleSerial = options.sampleData
      ? await loadSampleDataOnce(join(options.dataDir, 'sample-data.json'))
      : null;

    const gateway = await startGateway({
      port: ports.gateway,
      webDir: join(repoRoot, 'web/dist'),
      webConfig: {
        region: localRegion,
        userPoolId: resources.userPoolId,
        userPoolClientId: resources.userPoolClientId,
        userPoolEndpoint: cognito.url,
        appName: localSiteSettings.appName,
        providerName: localSiteSettings.providerName,
        privacyPolicyUrl: localSiteSettings.privacyPolicyUrl,
      },
      jwt: {
        issuer: `${cognito.url}/${resources.userPoolId}`,
        jwksUrl: `${cognito.url}/${resources.userPoolId}/.well-known/jwks.json`,
        clientId: resources.userPoolClientId,
      },
      connectSources: [cognito.url],
    });
    started.push({ url: '', stop: () => gateway.stop() });

    // The mail outbox: as the table stream drives the mailer Lambda in AWS.
    const mailer = await import('../../lambdas/report-requests/mailer');
    const poller = await startStreamPoller(dynamodb.url, resources.tableName, {
      handler: mailer.handler,
      filter: mailer.isDeliveryRecord,
      batchSize: 10,
    });
    started.push({ url: '', stop: () => poller.stop() });
    // The catalogue imports' writer: as the table stream drives the import worker in AWS.
    const importWorker = await import('../../lambdas/imports/worker');
    const importPoller = await startStreamPoller(dynamodb.url, resources.tableName, {
      handler: importWorker.handler,
      filter: importWorker.isImportRecord,
      batchSize: 1,
    });
    started.push({ url: '', stop: () => importPoller.stop() });

    return {
      appUrl: `http://localhost:${ports.gateway}`,
      mailViewerUrl: mail.url,
      sampleSerial,
      ports,
      resources,
      endpoints: { dynamodb: dynamodb.url, cognito: cognito.url, s3: s3.url, mail: mail.url },
      mailEmulator: mailSwitch,
      dynamodbEmulator: {
        ...dynamodbSwitch,
        freeze: () => dynamodbSwitch.current()?.freeze(),
        thaw: () => dynamodbSwitch.current()?.thaw(),
      },
      s3Emulator: s3Switch,
      cognitoEmulator: cognitoSwitch,
      timestampAuthority: timestampSwitch,
      stop: stopAll,
    };
  } catch (error) {
    await stopAll();
    // A port taken after the preflight check: the same one-line message as the check's.
    const port = takenPort(error);
    const name = (Object.keys(ports) as (keyof StackPorts)[]).find((key) => ports[key] === port);
    throw name ? portInUseError(ports, name) : error;
  }

  function track<T extends Emulator>(emulator: T, name: string): T {
    started.push(emulator);
    progress(`${name} up`);
    return emulator;
  }
}

/** Switches one emulator off and on, always on the same port and data folder. */
function emulatorSwitch<T extends Emulator>(
  first: T,
  restart: () => Promise<T>,
): EmulatorSwitch & { current(): T | undefined } {
  let running: T | undefined = first;
  let starting: Promise<T> | undefined;
  return {
    current: () => running,
    async stop() {
      const instance = running;
      running = undefined;
      await instance?.stop();
    },
    async start() {
      if (running) return;
      starting ??= restart().finally(() => (starting = undefined));
      running = await starting;
    },
  };
}

/**
 * The sample goes into an empty store once; a marker in the data folder keeps it from
 * coming back after someone deletes it.
 */
async function loadSampleDataOnce(marker: string): Promise<string | null> {
  if (existsSync(marker))
    return (JSON.parse(readFileSync(marker, 'utf8')) as { serial: string }).serial;
  if ((await getStats()).products !== 0) return null;
  const serial = await loadSampleData();
  writeFileSync(marker, JSON.stringify({ serial }));
  return serial;
}

/**
 * Cognito mails its codes and links itself in AWS (from its own sender, or SES when so
 * configured); locally they go through the SES emulator, so they show in the mail viewer.
 */
async function sendCognitoMail(port: number, mail: CognitoMail): Promise<void> {
  const ses = new SESv2Client({
    region: localRegion,
    credentials: localCredentials,
    endpoint: `http://127.0.0.1:${port}`,
  });
  try {
    await ses.send(
      new SendEmailCommand({
        FromEmailAddress: localSiteSettings.cognitoMailFrom,
        Destination: { ToAddresses: [mail.to] },
        Content: {
          Simple: {
            Subject: { Data: mail.subject, Charset: 'UTF-8' },
            Body: { Html: { Data: mail.html, Charset: 'UTF-8' } },
          },
        },
      }),
    );
  } finally {
    ses.destroy();
  }
}

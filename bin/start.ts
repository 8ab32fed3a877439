/**
 * `npm start`: the whole product on this machine, on real emulators.
 * Environment: PORT (default 3000; the emulators and the local timestamp authority use the next five ports),
 * ADMIN_EMAIL / ADMIN_PASSWORD (the seeded admin), ADMIN_TOTP_SECRET (the seeded admin's
 * authenticator secret, base32, at least 26 characters), LOCAL_DATA_DIR (default .local-data),
 * SAMPLE_DATA=0 (no sample catalogue), STACK_INFO_FILE (write the addresses as JSON
 * there, for tests).
 */
// First: the functions' module replacements, before any handler's packages load.
import './local/bundle-aliases';
import { writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { checkJava, checkPorts, PreflightError } from './local/preflight';
import { defaultAdmin, defaultPort, repoRoot, stackPorts } from './local/settings';
import { startLocalStack, type LocalStack } from './local/stack';
import { totpSecretProblem, totpSetupUri } from './local/totp';
import { buildWeb, webBuildIsStale } from './local/web-build';
import { identityLink } from '../lambdas/shared/contract/gs1';
import { sampleGtin } from './local/sample-data';

async function main(): Promise<void> {
  const startedAt = Date.now();
  const port = Number(process.env.PORT ?? defaultPort);
  if (!Number.isInteger(port) || port < 1 || port > 65_530) {
    throw new PreflightError(
      `PORT must be a number between 1 and 65530, not "${process.env.PORT}".`,
    );
  }
  const dataDir = resolve(repoRoot, process.env.LOCAL_DATA_DIR ?? '.local-data');
  const admin = {
    email: process.env.ADMIN_EMAIL ?? defaultAdmin.email,
    password: process.env.ADMIN_PASSWORD ?? defaultAdmin.password,
    totpSecret: (process.env.ADMIN_TOTP_SECRET ?? defaultAdmin.totpSecret).toUpperCase(),
  };
  const secretProblem = totpSecretProblem(admin.totpSecret);
  if (secretProblem) {
    throw new PreflightError(`ADMIN_TOTP_SECRET cannot be used: ${secretProblem}.`);
  }

  const sampleData = process.env.SAMPLE_DATA !== '0';
  if (process.env.SELF_REGISTRATION !== undefined) {
    console.log(
      'SELF_REGISTRATION is no longer read: self-registration is a site setting (off on a ' +
        'new data folder), which the admin turns on in Site settings.',
    );
  }

  checkJava();
  await checkPorts(stackPorts(port));
  if (webBuildIsStale()) {
    console.log('Building the web app (only when its sources changed)...');
    await buildWeb();
  }
  console.log('Starting the local stack...');
  const stack = await startLocalStack({
    port,
    dataDir,
    admin,
    sampleData,
  });
  stopOnSignals(stack);

  if (process.env.STACK_INFO_FILE) {
    writeFileSync(
      process.env.STACK_INFO_FILE,
      JSON.stringify({ ...stack, admin, dataDir, stop: undefined }, null, 2),
    );
  }
  const seconds = ((Date.now() - startedAt) / 1000).toFixed(1);
  console.log(
    [
      '',
      `  Test Report Center is running (started in ${seconds} s)`,
      '',
      `  App:          ${stack.appUrl}`,
      `  Mail viewer:  ${stack.mailViewerUrl}`,
      `  Admin:        ${admin.email} / ${admin.password}   (password set when the account was first created)`,
      `  Admin TOTP:   ${admin.totpSecret}   (set up while the admin had none; add it to an authenticator app)`,
      `                ${totpSetupUri(admin.totpSecret, admin.email)}`,
      `  Data folder:  ${dataDir}   (npm run reset wipes it)`,
      ...(stack.sampleSerial
        ? [
            `  Try a serial: ${stack.sampleSerial}   at ${stack.appUrl}/search`,
            `  Its label link: ${identityLink(stack.appUrl, { serial: stack.sampleSerial, gtin: sampleGtin })}`,
          ]
        : []),
      '',
      '  Press Ctrl-C to stop.',
      '',
    ].join('\n'),
  );
}

function stopOnSignals(stack: LocalStack): void {
  let stopping = false;
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    console.log(`\n${signal}: stopping the local stack...`);
    stack.stop().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

main().catch((error: unknown) => {
  if (error instanceof PreflightError) {
    console.error(error.message);
  } else {
    console.error(
      'The local stack failed to start:',
      error instanceof Error ? error.message : error,
    );
  }
  process.exit(1);
});

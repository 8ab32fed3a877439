import { AsyncLocalStorage } from 'node:async_hooks';
import { Logger } from '@aws-lambda-powertools/logger';

/**
 * Structured JSON logs through Powertools Logger: one object per line with `level`,
 * `message`, `timestamp`, `service`, the X-Ray trace id in AWS, the keys of the current
 * request (`correlationId`, see {@link withLogKeys}) and the fields of the call, as
 * CloudWatch Logs Insights reads them.
 *
 * `LOG_LEVEL` (`debug`, `info`, `warn`, `error`, `silent`) is read on every call, so a
 * test may quiet the logs after this module is loaded.
 */

/** The `service` key of every log line and the dimension of every metric. */
export const serviceName = 'test-report-center';

type Level = 'debug' | 'info' | 'warn' | 'error';
type PowertoolsLevel = 'DEBUG' | 'INFO' | 'WARN' | 'ERROR' | 'SILENT';

const levels: Record<string, PowertoolsLevel> = {
  debug: 'DEBUG',
  info: 'INFO',
  warn: 'WARN',
  error: 'ERROR',
  silent: 'SILENT',
};

/** The level `LOG_LEVEL` names; anything unknown falls back to `info`. */
export function configuredLevel(): PowertoolsLevel {
  return levels[(process.env.LOG_LEVEL ?? 'info').toLowerCase()] ?? 'INFO';
}

let appliedLevel = configuredLevel();
/** The Powertools Logger under {@link logger}: its middy middleware adds the Lambda context. */
export const powertoolsLogger = new Logger({ serviceName, logLevel: appliedLevel });
const powertools = powertoolsLogger;

/*
 * Keys of the work in progress live in an AsyncLocalStorage, not in the Logger's own
 * `appendKeys`: the local gateway (bin/local/gateway.ts) runs many requests at once in one
 * process, where appended keys would leak from one request into another's lines. In
 * Lambda one invocation runs at a time, and the two ways behave the same.
 */
const scope = new AsyncLocalStorage<Readonly<Record<string, unknown>>>();

/**
 * Runs `work` with `keys` added to every log line written inside it (nested calls add to
 * the outer keys). Used per request with `{ correlationId }`.
 */
export function withLogKeys<T>(keys: Record<string, unknown>, work: () => T): T {
  return scope.run({ ...scope.getStore(), ...keys }, work);
}

function write(level: Level, message: string, fields: Record<string, unknown>): void {
  const wanted = configuredLevel();
  if (wanted !== appliedLevel) {
    powertools.setLogLevel(wanted);
    appliedLevel = wanted;
  }
  powertools[level](message, { ...scope.getStore(), ...fields });
}

/** The project's logger: `logger.info('message', { field: value })`. */
export const logger = {
  debug: (message: string, fields: Record<string, unknown> = {}) => write('debug', message, fields),
  info: (message: string, fields: Record<string, unknown> = {}) => write('info', message, fields),
  warn: (message: string, fields: Record<string, unknown> = {}) => write('warn', message, fields),
  error: (message: string, fields: Record<string, unknown> = {}) => write('error', message, fields),
};

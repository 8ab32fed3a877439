import { marshall } from '@aws-sdk/util-dynamodb';
import type { DynamoDBStreamEvent } from 'aws-lambda';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type * as RepositoryModule from '../../lambdas/report-requests/repository';
import { routeTable as contractRoutes } from '../../lambdas/routes';
import { anyAnswers } from './any-answers';
import type { HttpEvent } from '../../lambdas/shared/http';

/*
 * Logs and metrics as they leave the process: what Powertools writes to stdout and stderr,
 * parsed back line by line.
 */

// The mailer's storage and SES, replaced: each test says what they answer.

/** The real routes, answering any body: these tests are about the pipeline. */
const routeTable = anyAnswers(contractRoutes);
const moveStatus = vi.fn();
const isSuppressed = vi.fn();
const readPdf = vi.fn();
const sesSend = vi.fn();
vi.mock('../../lambdas/report-requests/repository', async (importOriginal) => ({
  ...(await importOriginal<typeof RepositoryModule>()),
  moveStatus,
  isSuppressed,
}));
vi.mock('../../lambdas/report-requests/pdf-store', () => ({ readPdf }));
vi.mock('../../lambdas/shared/aws/ses', () => ({ getSes: () => ({ send: sesSend }) }));
vi.mock('../../lambdas/shared/app-url', () => ({
  getAppUrl: async () => 'https://app.example.com',
}));

const { createPublicHttpHandler, ok } = await import('../../lambdas/shared/http/public');
const { logger, withLogKeys } = await import('../../lambdas/shared/logger');
const { countMetric, flushMetrics, metricsNamespace } =
  await import('../../lambdas/shared/metrics');
const { handler: mailer } = await import('../../lambdas/report-requests/mailer');

type Line = Record<string, unknown> & { _aws?: { CloudWatchMetrics: unknown[] } };
let written: string[] = [];

/** Every JSON line written since the test began (Powertools writes one per call). */
function lines(): Line[] {
  return written
    .join('')
    .split('\n')
    .filter((line) => line.trim().startsWith('{'))
    .map((line) => JSON.parse(line) as Line);
}
const logLines = () => lines().filter((line) => !line._aws);
const metricLines = () => lines().filter((line) => line._aws);

beforeAll(() => {
  Object.assign(process.env, {
    TABLE_NAME: 'app-table',
    USER_POOL_ID: 'pool',
    USER_POOL_CLIENT_ID: 'client',
    REPORTS_BUCKET: 'reports',
    MAIL_FROM: 'reports@example.com',
  });
});

beforeEach(() => {
  written = [];
  process.env.LOG_LEVEL = 'info';
  delete process.env.AWS_LAMBDA_FUNCTION_NAME;
  const capture = (chunk: string | Uint8Array) => {
    written.push(String(chunk));
    return true;
  };
  vi.spyOn(process.stdout, 'write').mockImplementation(capture);
  vi.spyOn(process.stderr, 'write').mockImplementation(capture);
});

afterEach(() => {
  vi.restoreAllMocks();
  flushMetrics();
  process.env.LOG_LEVEL = 'silent';
});

function event(requestId: string, body: unknown): HttpEvent {
  return {
    version: '2.0',
    routeKey: 'GET /api/health',
    rawPath: '/api/things',
    rawQueryString: '',
    headers: {},
    isBase64Encoded: false,
    body: JSON.stringify(body),
    requestContext: { requestId, routeKey: 'GET /api/health' },
  } as unknown as HttpEvent;
}

const tick = () => new Promise((resolve) => setTimeout(resolve, 5));

describe('logger', () => {
  it('writes one JSON object per line with level, message, timestamp, service and the fields', () => {
    logger.info('unit stored', { unit: 'AV-1' });
    logger.error('unit lost', { unit: 'AV-2' });
    const [info, error] = logLines();
    expect(info).toMatchObject({
      level: 'INFO',
      message: 'unit stored',
      service: 'test-report-center',
      unit: 'AV-1',
    });
    expect(new Date(String(info!.timestamp)).getTime()).not.toBeNaN();
    expect(error).toMatchObject({ level: 'ERROR', message: 'unit lost', unit: 'AV-2' });
    expect(info!.correlationId).toBeUndefined();
  });

  it('follows LOG_LEVEL as it changes, silent included', () => {
    process.env.LOG_LEVEL = 'warn';
    logger.info('hidden at warn');
    logger.warn('shown at warn');
    process.env.LOG_LEVEL = 'silent';
    logger.error('hidden when silent');
    process.env.LOG_LEVEL = 'debug';
    logger.debug('shown at debug');
    expect(logLines().map((line) => line.message)).toEqual(['shown at warn', 'shown at debug']);
  });

  it('adds the keys of withLogKeys to the lines written inside, nested keys too', async () => {
    await withLogKeys({ correlationId: 'outer' }, async () => {
      await tick();
      await withLogKeys({ reportRequestId: 'r-1' }, async () => logger.info('inner'));
      logger.info('outer');
    });
    logger.info('after');
    expect(
      logLines().map(({ message, correlationId, reportRequestId }) => ({
        message,
        correlationId,
        reportRequestId,
      })),
    ).toEqual([
      { message: 'inner', correlationId: 'outer', reportRequestId: 'r-1' },
      { message: 'outer', correlationId: 'outer', reportRequestId: undefined },
      { message: 'after', correlationId: undefined, reportRequestId: undefined },
    ]);
  });
});

describe('createPublicHttpHandler', () => {
  const handler = createPublicHttpHandler(
    routeTable,
    'GET /api/health',
    async ({ event: request }) => {
      const { name } = JSON.parse(request.body!) as { name: string };
      logger.info('step one', { name });
      await tick();
      logger.info('step two', { name });
      countMetric('ReportRequests');
      return ok({});
    },
  );

  it('puts the request id as correlationId on every line of the request', async () => {
    const result = await handler(event('req-abc', { name: 'a' }));
    expect(result.headers).toMatchObject({ 'x-correlation-id': 'req-abc' });
    const steps = logLines().filter((line) => String(line.message).startsWith('step'));
    expect(steps).toHaveLength(2);
    for (const line of steps) expect(line.correlationId).toBe('req-abc');
  });

  it('keeps the ids of overlapping requests apart (the local gateway runs them at once)', async () => {
    await Promise.all([
      handler(event('req-a', { name: 'a' })),
      handler(event('req-b', { name: 'b' })),
      handler(event('req-c', { name: 'c' })),
    ]);
    const steps = logLines().filter((line) => String(line.message).startsWith('step'));
    expect(steps).toHaveLength(6);
    for (const line of steps) expect(line.correlationId).toBe(`req-${String(line.name)}`);
  });

  it('sends the metrics counted in a request at its end, as EMF in the TestReportCenter namespace', async () => {
    await handler(event('req-m', { name: 'm' }));
    const [metric, ...rest] = metricLines();
    expect(rest).toEqual([]);
    expect(metric).toMatchObject({
      _aws: {
        CloudWatchMetrics: [
          {
            Namespace: metricsNamespace,
            Dimensions: [['service']],
            Metrics: [{ Name: 'ReportRequests', Unit: 'Count' }],
          },
        ],
      },
      service: 'test-report-center',
      ReportRequests: 1,
    });
    expect(metricsNamespace).toBe('TestReportCenter');
  });

  it('prints nothing for a request that counted nothing, and no empty-flush warning', async () => {
    const quiet = createPublicHttpHandler(routeTable, 'GET /api/health', async () => ok({}));
    await quiet(event('req-q', {}));
    expect(lines()).toEqual([]);
  });

  it('still sends the metrics of a request that failed after counting', async () => {
    const failing = createPublicHttpHandler(routeTable, 'GET /api/health', async () => {
      countMetric('IngestRows', 7);
      throw new Error('boom');
    });
    process.env.LOG_LEVEL = 'info';
    const result = await failing(event('req-f', {}));
    expect(result.statusCode).toBe(500);
    expect(metricLines()).toEqual([expect.objectContaining({ IngestRows: 7 })]);
    expect(logLines()).toContainEqual(
      expect.objectContaining({
        level: 'ERROR',
        message: 'unhandled error',
        correlationId: 'req-f',
      }),
    );
  });
});

describe('metrics output', () => {
  it('is silent with LOG_LEVEL=silent, and locally at warn, but kept at warn in Lambda', () => {
    for (const [level, inLambda, printed] of [
      ['silent', false, false],
      ['warn', false, false],
      ['info', false, true],
      ['warn', true, true],
      ['silent', true, false],
    ] as const) {
      written = [];
      process.env.LOG_LEVEL = level;
      if (inLambda) process.env.AWS_LAMBDA_FUNCTION_NAME = 'mailer';
      else delete process.env.AWS_LAMBDA_FUNCTION_NAME;
      countMetric('MailsSent');
      flushMetrics();
      expect(metricLines().length, `${level} in Lambda: ${inLambda}`).toBe(printed ? 1 : 0);
      // Nothing is carried over into the next flush either way.
      written = [];
      flushMetrics();
      expect(lines()).toEqual([]);
    }
  });

  it('adds up counts of the same metric within one flush', () => {
    countMetric('IngestRows', 3);
    countMetric('IngestRows', 4);
    flushMetrics();
    const values = [metricLines()[0]!.IngestRows].flat() as number[];
    expect(values.reduce((sum, value) => sum + value, 0)).toBe(7);
  });
});

describe('mailer', () => {
  const request = {
    type: 'reportRequest',
    id: 'abcdefghijklmnopqrstuv',
    reportNumber: 'TR-7K3MQ-9X2HB',
    requestedAt: '2026-11-21T10:00:00.000Z',
    serialNumber: 'AV-2026-000123',
    productId: 'product-1',
    productName: 'Gate Valve',
    email: 'visitor@example.com',
    emailLower: 'visitor@example.com',
    language: 'en',
    consentVersion: 'v1',
    consentedAt: '2026-11-21T10:00:00.000Z',
    clientAddress: '203.0.113.7',
    status: 'pending',
    statusReason: null,
    statusAt: '2026-11-21T10:00:00.000Z',
    deliveryAttempts: 0,
    pdfKey: 'reports/abcdefghijklmnopqrstuv.pdf',
    pdfExpiresAt: '2026-12-21T10:00:00.000Z',
    fingerprint: 'f'.repeat(64),
    verificationUrl: 'https://app.example.com/search?verify=TR-7K3MQ-9X2HB',
    expiresAt: 1797847200,
  };
  const streamEvent = {
    Records: [
      {
        eventName: 'INSERT',
        dynamodb: {
          NewImage: marshall(request),
          SequenceNumber: '100',
        },
      },
    ],
  } as unknown as DynamoDBStreamEvent;

  beforeEach(() => {
    moveStatus.mockReset().mockResolvedValue(true);
    isSuppressed.mockReset().mockResolvedValue(false);
    readPdf.mockReset().mockResolvedValue(new Uint8Array([37, 80, 68, 70]));
    sesSend.mockReset().mockResolvedValue({ MessageId: 'message-1' });
  });

  it('counts a sent mail and flushes it with the invocation', async () => {
    expect(await mailer(streamEvent, { awsRequestId: 'lambda-1' })).toEqual({
      batchItemFailures: [],
    });
    expect(sesSend).toHaveBeenCalledTimes(1);
    expect(metricLines()).toEqual([expect.objectContaining({ MailsSent: 1 })]);
  });

  it("logs a failed mail under the invocation's request id and counts it", async () => {
    isSuppressed.mockResolvedValue(true);
    await mailer(streamEvent, { awsRequestId: 'lambda-2' });
    expect(sesSend).not.toHaveBeenCalled();
    expect(logLines()).toContainEqual(
      expect.objectContaining({
        level: 'WARN',
        message: 'report mail failed',
        correlationId: 'lambda-2',
        id: request.id,
      }),
    );
    expect(metricLines()).toEqual([expect.objectContaining({ MailsFailed: 1 })]);
  });

  it('gives each invocation without a Lambda context an id of its own', async () => {
    sesSend.mockRejectedValue(
      Object.assign(new Error('slow down'), { name: 'TooManyRequestsException' }),
    );
    const first = await mailer(streamEvent);
    await mailer(streamEvent);
    // A throttled send is retried, not counted as failed.
    expect(first.batchItemFailures).toEqual([{ itemIdentifier: '100' }]);
    expect(metricLines()).toEqual([]);
    const retries = logLines().filter((line) => line.message === 'report mail will be retried');
    expect(retries).toHaveLength(2);
    const ids = retries.map((line) => line.correlationId);
    for (const id of ids) expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect(ids[0]).not.toBe(ids[1]);
  });
});

import { DynamoDBDocumentClient, GetCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { beforeEach, describe, expect, it } from 'vitest';
import { testEnvironment } from './data-support';

Object.assign(process.env, testEnvironment);

const documents = mockClient(DynamoDBDocumentClient);
const { getSiteSettings, saveSiteSettings } = await import('../../lambdas/settings/repository');
const { handler: signUpHandler } = await import('../../lambdas/settings/sign-up-handler');

const actor = { id: 'admin-sub', name: 'Ada Admin', email: 'ada@example.com' };
const settingsKey = { pk: 'SETTINGS', sk: 'SITE' };
/** A stored item from before the sign-up setting existed. */
const olderItem = {
  ...settingsKey,
  publicVerdicts: ['pass'],
  version: 3,
  updatedAt: '2026-05-01T00:00:00.000Z',
  updatedBy: 'ada@example.com',
};

const written = () => documents.commandCalls(TransactWriteCommand)[0]!.args[0].input.TransactItems!;

beforeEach(() => {
  documents.reset();
  documents.on(TransactWriteCommand).resolves({});
});

describe('the sign-up setting', () => {
  it('is off by default, and off for settings saved before it existed', async () => {
    documents.on(GetCommand).resolves({});
    await expect(getSiteSettings()).resolves.toMatchObject({ selfRegistration: false, version: 0 });
    documents.on(GetCommand).resolves({ Item: olderItem });
    await expect(getSiteSettings()).resolves.toMatchObject({ selfRegistration: false, version: 3 });
  });

  it('is saved with its audit entry, and kept as it is by an edit that leaves it out', async () => {
    documents.on(GetCommand).resolves({ Item: olderItem });
    const opened = await saveSiteSettings(
      { publicVerdicts: ['pass'], selfRegistration: true, version: 3 },
      actor,
    );
    expect(opened).toMatchObject({ selfRegistration: true, version: 4 });
    const entry = written().find((item) => item.Put?.Item?.type === 'auditEntry')!.Put!.Item!;
    expect(entry).toMatchObject({
      entity: 'settings',
      entityId: 'site',
      action: 'update',
      changes: { selfRegistration: { from: false, to: true } },
    });

    documents.reset();
    documents.on(TransactWriteCommand).resolves({});
    documents
      .on(GetCommand)
      .resolves({ Item: { ...olderItem, selfRegistration: true, version: 4 } });
    const verdictsOnly = await saveSiteSettings(
      { publicVerdicts: ['pass', 'fail'], version: 4 },
      actor,
    );
    expect(verdictsOnly.selfRegistration).toBe(true);
    const stored = written().find((item) => item.Put?.Item?.pk === 'SETTINGS')!.Put!.Item!;
    expect(stored).toMatchObject({ selfRegistration: true, version: 5 });
    const changes = written().find((item) => item.Put?.Item?.type === 'auditEntry')!.Put!.Item!
      .changes as Record<string, unknown>;
    expect(Object.keys(changes)).toEqual(['publicVerdicts']);
  });

  it('answers GET /api/sign-up with whether it is on, cacheable for a few seconds', async () => {
    documents.on(GetCommand).resolves({ Item: { ...olderItem, selfRegistration: true } });
    const answer = await signUpHandler({
      version: '2.0',
      routeKey: 'GET /api/sign-up',
      rawPath: '/api/sign-up',
      rawQueryString: '',
      headers: {},
      requestContext: { requestId: 'r-1', http: { method: 'GET', path: '/api/sign-up' } },
      isBase64Encoded: false,
    } as never);
    expect(answer).toMatchObject({
      statusCode: 200,
      headers: { 'cache-control': 'public, max-age=5' },
    });
    expect(JSON.parse((answer as { body: string }).body)).toEqual({ open: true });
  });
});

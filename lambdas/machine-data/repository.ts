import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { getDocuments } from '../shared/aws/dynamodb';
import { getConfig } from '../shared/config';
import type { ReportTestResult } from '../shared/contract/schemas/report-request';
import { keys } from '../shared/keys';

/**
 * The latest result of each test of one unit, in test-name order. A unit's results are
 * one partition sorted by test then time, so this is one Query (paged: a unit has tens
 * of results, not thousands).
 */
export async function findLatestResults(serial: string): Promise<ReportTestResult[]> {
  const latest = new Map<string, ReportTestResult>();
  let startKey: Record<string, unknown> | undefined;
  do {
    const page = await getDocuments().send(
      new QueryCommand({
        TableName: getConfig().TABLE_NAME,
        KeyConditionExpression: 'pk = :pk AND begins_with(sk, :results)',
        ExpressionAttributeValues: {
          ':pk': keys.unitResultsPartition(serial),
          ':results': 'RESULT#',
        },
        ExclusiveStartKey: startKey,
      }),
    );
    for (const item of page.Items ?? []) {
      const result = item as ReportTestResult;
      const known = latest.get(result.testName);
      if (!known || known.testedAt <= result.testedAt) {
        latest.set(result.testName, {
          testName: result.testName,
          result: result.result,
          value: result.value ?? null,
          unit: result.unit ?? null,
          testedAt: result.testedAt,
          machineId: result.machineId,
        });
      }
    }
    startKey = page.LastEvaluatedKey;
  } while (startKey);
  return [...latest.values()];
}

import { Duration, Validations } from 'aws-cdk-lib';
import type { ITableV2 } from 'aws-cdk-lib/aws-dynamodb';
import { FilterCriteria, FilterRule, StartingPosition } from 'aws-cdk-lib/aws-lambda';
import { DynamoEventSource } from 'aws-cdk-lib/aws-lambda-event-sources';
import type { IBucket } from 'aws-cdk-lib/aws-s3';
import { Construct } from 'constructs';
import { importWorkerSeconds } from '../../lambdas/shared/contract/schemas/imports';
import { grantImportsRead } from './data';
import { AppFunction, type SharedEnvironment } from './function';
import type { Monitoring } from './monitoring';

/**
 * The stream records the import worker is invoked for: the rule of `isImportRecord` in
 * lambdas/imports/worker.ts (an infra test holds the two together).
 */
export const importRecordFilter = {
  eventName: 'INSERT',
  type: 'importJob',
  status: 'queued',
} as const;

export interface ImportWorkerProps {
  /** The application table; its stream carries the import jobs. */
  readonly table: ITableV2;
  /** Where the import requests keep the files (under `imports/`). */
  readonly reportsBucket: IBucket;
  readonly monitoring: Monitoring;
  readonly environment: SharedEnvironment;
}

/**
 * The catalogue imports' writer (docs/api.md, "Imports"): an import request checks its file,
 * keeps it and inserts the import's job; the table stream invokes this function with that
 * job, one per invocation, with minutes to write thousands of rows (an API request has 30 s).
 */
export class ImportWorker extends Construct {
  readonly worker: AppFunction;

  constructor(scope: Construct, id: string, props: ImportWorkerProps) {
    super(scope, id);
    this.worker = new AppFunction(this, 'Worker', {
      handlerModule: 'lambdas/imports/worker.ts',
      table: props.table,
      environment: props.environment,
      // The worker's own budget and a margin, within Lambda's 15 minutes.
      timeout: Duration.seconds(importWorkerSeconds + 45),
      // A 5,000-row file's rows and their items are held at once.
      memorySize: 1024,
      description: 'Writes queued catalogue imports (table stream)',
    });
    this.worker.function.addEventSource(
      new DynamoEventSource(props.table, {
        startingPosition: StartingPosition.TRIM_HORIZON,
        batchSize: 1,
        // The worker fails only when it could not claim an import or record its end (the
        // table did not answer): delivered again, a claimed import is not claimed twice, and
        // one that waited longer than the worker's time is not claimed at all (it is failed).
        retryAttempts: 10,
        maxRecordAge: Duration.hours(1),
        filters: [
          FilterCriteria.filter({
            eventName: FilterRule.isEqual(importRecordFilter.eventName),
            dynamodb: {
              NewImage: {
                type: { S: FilterRule.isEqual(importRecordFilter.type) },
                status: { S: FilterRule.isEqual(importRecordFilter.status) },
              },
            },
          }),
        ],
      }),
    );
    grantImportsRead(this.worker, props.reportsBucket);
    Validations.of(this.worker.role).acknowledge({
      id: 'AwsSolutions-IAM5[Resource::*]',
      reason:
        'Reading a DynamoDB stream needs dynamodb:ListStreams, which has no resource-level ' +
        'permission; X-Ray tracing actions have none either.',
    });
    props.monitoring.alarm('ImportWorkerErrors', {
      metric: this.worker.function.metricErrors({ period: Duration.minutes(5), statistic: 'Sum' }),
      threshold: 0,
      description:
        'The import worker failed: it could not claim an import or record its end (the table ' +
        'or the bucket did not answer), or its function stopped. The import answers "failed" ' +
        'after a while; its history names what it wrote (docs/operations.md, Imports).',
    });
  }
}

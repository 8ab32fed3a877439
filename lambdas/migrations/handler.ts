import type { CloudFormationCustomResourceEvent } from 'aws-lambda';
import { runMigrations } from './run';

/**
 * The data migrations' custom resource (lib/stack.ts): on every create and update of the
 * stack it runs the migrations not yet completed (lambdas/migrations/run.ts), before the
 * deploy finishes; deleting the stack changes no data. Called by CDK's custom resource
 * provider, which reports the answer (or the error) to CloudFormation.
 */
export async function handler(
  event: CloudFormationCustomResourceEvent,
): Promise<{ PhysicalResourceId: string; Data: { ran: string } }> {
  const ran = event.RequestType === 'Delete' ? [] : await runMigrations();
  return { PhysicalResourceId: 'data-migrations', Data: { ran: ran.join(',') } };
}

import type { Machine } from '../shared/contract/schemas/machine-data';
import { UnauthenticatedError } from '../shared/errors';
import type { HttpEvent } from '../shared/http';
import { machineForKey } from './repository';

/**
 * The `authenticate` option of machine routes: `Authorization: Bearer mk_…`. Missing,
 * wrong and revoked keys get the same 401.
 */
export async function authenticateMachine(event: HttpEvent): Promise<Machine> {
  const header = event.headers?.authorization ?? '';
  const key = /^Bearer\s+(\S+)$/i.exec(header)?.[1];
  const machine = key ? await machineForKey(key) : undefined;
  if (!machine) throw new UnauthenticatedError('errors.machineKeyRejected');
  return machine;
}

import { machineDataApi } from '../../../../lambdas/shared/contract/api/machine-data';
import { unitApi } from '../../../../lambdas/shared/contract/api/units';
import type { VoidResultInput } from '../../../../lambdas/shared/contract/schemas/machine-data';
import type { TestResult } from '../../../../lambdas/shared/contract/schemas/test-result';
import { api, answerParser } from '../../lib/api-client';
import { routeUrl } from '../../lib/api-routes';

/**
 * `GET /api/serial-numbers/units/{serial+}`, for `useApiQuery`: each `/`-separated part of
 * the serial encoded on its own, so a serial holding `/` stays readable in the path and the
 * route's greedy `{serial+}` takes it whole.
 */
export function unitPath(serial: string): `/api/${string}` {
  return routeUrl(unitApi, 'GET /api/serial-numbers/units/{serial+}', { params: { serial } });
}

/** Reads `GET /api/serial-numbers/units/{serial}` (for `useApiQuery`). */
export const parseUnitView = answerParser(unitApi, 'GET /api/serial-numbers/units/{serial+}');

/**
 * Voids a result (staff and admins): it keeps its values and stops counting for its unit's
 * verdict. 400 `errors.resultAlreadyVoided` when it was voided already, 404
 * `errors.resultNotFound` when there is no such result.
 */
export function voidResult(id: string, input: VoidResultInput): Promise<TestResult> {
  return api(machineDataApi, 'POST /api/machine-data/{id}/void', {
    params: { id },
    body: input,
  });
}

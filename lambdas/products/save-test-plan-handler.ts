import { createHttpHandler, ok } from '../shared/http';
import { productRoutes } from './routes';
import { saveTestPlan } from './service';

/**
 * `PUT /api/products/{id}/test-plan`: the plan's next version, approved by the caller;
 * refused (`aborted`) when `version` is no longer the one in force.
 */
export const handler = createHttpHandler(
  productRoutes,
  'PUT /api/products/{id}/test-plan',
  async ({ body, params, caller }) => ok(await saveTestPlan(params.id, body, caller)),
);

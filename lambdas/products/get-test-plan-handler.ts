import { createHttpHandler, ok } from '../shared/http';
import { productRoutes } from './routes';
import { getTestPlan } from './service';

/** `GET /api/products/{id}/test-plan`: the plan in force, or `?version=` an earlier one. */
export const handler = createHttpHandler(
  productRoutes,
  'GET /api/products/{id}/test-plan',
  async ({ params, query }) => ok(await getTestPlan(params.id, query.version)),
);

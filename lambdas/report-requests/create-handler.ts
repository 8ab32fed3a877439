import { createHttpHandler } from '../shared/http';
import { NotFoundError } from '../shared/errors';

// Placeholder while the report center is being built.
export const handler = createHttpHandler({}, async () => {
  throw new NotFoundError();
});

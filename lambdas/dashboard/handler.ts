import { createHttpHandler, ok } from '../shared/http';
import { getStats } from '../shared/stats';

/** `GET /api/dashboard`: the maintained counters; one GetItem whatever the data size. */
export const handler = createHttpHandler({}, async () => ok(await getStats()));

// The entry of a worker thread that runs TypeScript: a thread starts without the loaders
// of the process (Node loads the entry before any `--import`), so this registers tsx,
// then loads the module `workerData.module` names (a file URL).
import { workerData } from 'node:worker_threads';
import { register } from 'tsx/esm/api';

register();
await import(workerData.module);

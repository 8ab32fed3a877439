/** `npm run reset`: wipes the local stack's data folder (stop `npm start` first). */
import { rmSync } from 'node:fs';
import { resolve } from 'node:path';
import { repoRoot } from './local/settings';

const dataDir = resolve(repoRoot, process.env.LOCAL_DATA_DIR ?? '.local-data');
rmSync(dataDir, { recursive: true, force: true });
console.log(`Removed ${dataDir}. The next npm start creates fresh data and re-seeds the admin.`);

import { mkdtempSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { startStackProcess } from '../support/stack-process';

/**
 * Time from running the start script to the app answering, on an empty data folder
 * (cold: emulators create everything, the admin is seeded) and again on the same
 * folder (warm). The web build is assumed current (run `npm run build:web` first).
 */
export async function run(): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'trc-bench-startup-'));
  for (const kind of ['cold', 'warm']) {
    const started = performance.now();
    const stack = await startStackProcess({ dataDir });
    const response = await fetch(`${stack.info.appUrl}/login`);
    const elapsed = performance.now() - started;
    console.log(
      `${kind}: ${(elapsed / 1000).toFixed(2)} s to the app answering (${response.status})`,
    );
    await stack.stop();
  }
  console.log(`machine: ${cpus().length} cores, ${cpus()[0]?.model ?? 'unknown CPU'}`);
}

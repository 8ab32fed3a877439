import { execFileSync } from 'node:child_process';
import { repoRoot } from '../../bin/local/settings';

/** Wall time of `cdk synth` (esbuild bundling included), without AWS credentials. */
export async function run(): Promise<void> {
  const env = { ...process.env };
  for (const name of ['AWS_ACCESS_KEY_ID', 'AWS_SECRET_ACCESS_KEY', 'AWS_PROFILE'])
    delete env[name];
  const started = performance.now();
  execFileSync('npx', ['cdk', 'synth', '--quiet'], { cwd: repoRoot, env, stdio: 'ignore' });
  console.log(`cdk synth: ${((performance.now() - started) / 1000).toFixed(1)} s`);
}

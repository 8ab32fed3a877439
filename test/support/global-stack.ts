import type { TestProject } from 'vitest/node';
import { startStackProcess, type StackInfo } from './stack-process';

declare module 'vitest' {
  export interface ProvidedContext {
    stack: StackInfo;
  }
}

/** One local stack for the whole integration (or end-to-end) run, started like `npm start`. */
export default async function setup(project: TestProject) {
  const stack = await startStackProcess({
    // The tests and the browser look units up from one address far more often than a
    // visitor; the look-up quota has a test and a stack of its own (lookup-quota.test.ts).
    env: { LOOKUP_LIMIT_PER_ADDRESS: '1000000' },
  });
  project.provide('stack', stack.info);
  return async () => {
    const code = await stack.stop();
    if (code !== 0) throw new Error(`The local stack exited with ${code}:\n${stack.output()}`);
  };
}

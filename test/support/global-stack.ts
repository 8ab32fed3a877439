import type { TestProject } from 'vitest/node';
import { startStackProcess, type StackInfo } from './stack-process';

declare module 'vitest' {
  export interface ProvidedContext {
    stack: StackInfo;
  }
}

/** One local stack for the whole integration (or end-to-end) run, started like `npm start`. */
export default async function setup(project: TestProject) {
  const stack = await startStackProcess();
  project.provide('stack', stack.info);
  return async () => {
    const code = await stack.stop();
    if (code !== 0) throw new Error(`The local stack exited with ${code}:\n${stack.output()}`);
  };
}

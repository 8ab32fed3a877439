import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Plugin } from 'vite';
import { repositoryRoot } from '../../web/build/paths';

/** The absolute id the bundler gives an installed module (`@scope/package/file.js`). */
export const moduleId = (module: string) => join(repositoryRoot, 'node_modules', module);

/** The installed text of a module (`@scope/package/file.js`). */
export const installed = (module: string) => readFileSync(moduleId(module), 'utf8');

type Hook = 'buildStart' | 'resolveId' | 'load' | 'transform' | 'buildEnd' | 'generateBundle';

/**
 * Calls a plugin's hook as the bundler would, with `this` the few context methods the
 * build's plugins use: the module graph (`graph`: each module id and the ids importing
 * it) and `error`, which throws.
 */
export function callHook(
  plugin: Plugin,
  hook: Hook,
  args: unknown[],
  graph: Record<string, string[]> = {},
): unknown {
  const value = plugin[hook] as
    | ((...hookArgs: unknown[]) => unknown)
    | { handler: (...hookArgs: unknown[]) => unknown }
    | undefined;
  if (!value) throw new Error(`${plugin.name} has no ${hook} hook`);
  const handler = typeof value === 'function' ? value : value.handler;
  const context = {
    getModuleIds: () => Object.keys(graph)[Symbol.iterator](),
    getModuleInfo: (id: string) => (id in graph ? { id, importers: graph[id] } : null),
    error: (message: string) => {
      throw new Error(message);
    },
  };
  return handler.apply(context, args);
}

/** The code a `transform` hook returned. */
export function transformed(plugin: Plugin, code: string, id: string): string | undefined {
  const result = callHook(plugin, 'transform', [code, id]) as { code: string } | undefined;
  return result?.code;
}

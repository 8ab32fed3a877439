import Module from 'node:module';
import { bundleAliases } from '../../lib/bundle-aliases';

/**
 * The local stack runs the handlers from source, not from their bundles: this gives its
 * process the bundles' module replacements (lib/bundle-aliases.ts), so the report is
 * rendered with the same stubs and Node's zlib as in Lambda, and a handler that reached a
 * stubbed module would fail here as it would there. Imported first by bin/start.ts.
 *
 * The replaced modules are all `require`d by CommonJS packages (pdf-lib, the SDK's
 * clients), so the CommonJS resolver is where to replace them; Node 20 has no public
 * hook for it (module.registerHooks comes with Node 22.15).
 */
type Resolve = (request: string, ...rest: unknown[]) => string;
const internals = Module as unknown as { _resolveFilename: Resolve };
const resolveFilename = internals._resolveFilename;
const aliases = new Map(Object.entries(bundleAliases));

internals._resolveFilename = function (this: unknown, request, ...rest) {
  return resolveFilename.call(this, aliases.get(request) ?? request, ...rest);
};

import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');

/**
 * Modules replaced in every function (esbuild `alias` in lib/constructs/function.ts, and
 * the same replacement in the local stack's process: bin/local/bundle-aliases.ts): the
 * SDK's default credential chain by the environment's credentials, which are a Lambda
 * function's (lambdas/shared/aws/lambda-credentials.ts); pdf-lib's standard fonts and PNG
 * decoder, which the report never uses, by stubs that throw, and its JavaScript zlib by
 * Node's (lambdas/report-requests/pdf/bundle-aliases). test/unit/report-pdf-bundle.test.ts
 * renders a report from a bundle built with these. No AWS CDK import here: the local stack
 * reads this file.
 */
export const bundleAliases: Readonly<Record<string, string>> = {
  '@aws-sdk/credential-provider-node': join(root, 'lambdas/shared/aws/lambda-credentials.ts'),
  ...Object.fromEntries(
    ['@pdf-lib/standard-fonts', '@pdf-lib/upng', 'pako'].map((name) => [
      name,
      join(
        root,
        `lambdas/report-requests/pdf/bundle-aliases/${name.replace(/^@pdf-lib\//, '')}.ts`,
      ),
    ]),
  ),
};

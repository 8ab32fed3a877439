/**
 * without-icu-formatting
 *
 * Replaces `intl-messageformat` with a stand-in that always throws, in the light pages'
 * builds. Cloudscape formats ICU messages with it (a tenth of a small page's code) only
 * for I18nProvider messages and for the text of its error-boundary fallback
 * (`@cloudscape-design/components/error-boundary/fallback.js`), which already shows the
 * raw text when formatting throws. The light pages use neither.
 *
 * Expects: Cloudscape imports the formatter by its bare name, `intl-messageformat`. Fails
 * the build when a module of `intl-messageformat` or `@formatjs/*` reaches the build all
 * the same (a deep import, another ICU package), naming the module that imports it.
 */
import type { Plugin } from 'vite';
import { packagePath, shapeChanged } from './third-party.ts';

const name = 'without-icu-formatting';

/** The id of the stand-in module. */
export const icuStubId = '\0intl-messageformat-stub';

export function withoutIcuFormatting(): Plugin {
  const icuModule = /\/node_modules\/(intl-messageformat|@formatjs\/[^/]+)\//;
  return {
    name,
    enforce: 'pre',
    apply: 'build',
    resolveId: (source) => (source === 'intl-messageformat' ? icuStubId : undefined),
    load: (id) =>
      id === icuStubId
        ? `export default class IntlMessageFormat {
  constructor() { throw new Error('ICU message formatting is not part of this page'); }
}`
        : undefined,
    buildEnd(error) {
      if (error) return;
      const icu = [...this.getModuleIds()].filter((id) => icuModule.test(id));
      if (icu.length === 0) return;
      // Name the way in: the module outside the ICU packages that imports one of them.
      const [id, importer] = icu
        .map((module) => [
          module,
          this.getModuleInfo(module)?.importers.find((by) => !icuModule.test(by)),
        ])
        .find(([, by]) => by) ?? [icu[0], icu[0]];
      shapeChanged(
        name,
        importer!,
        `the ICU formatter imported by its bare name 'intl-messageformat' only (the build has ${packagePath(id!)})`,
      );
    },
  };
}

import { describe, expect, it } from 'vitest';
import { icuStubId, withoutIcuFormatting } from '../../../web/build/without-icu-formatting';
import { callHook, installed, moduleId } from '../../support/build-plugin';

/** The installed Cloudscape modules that format ICU messages. */
const formatters = [
  '@cloudscape-design/components/i18n/utils/i18n-formatter.js',
  '@cloudscape-design/components/error-boundary/fallback.js',
];

describe('without-icu-formatting', () => {
  it.each(formatters)('stands in for the formatter %s imports', (module) => {
    const imports = [...installed(module).matchAll(/^import (.+) from '([^']+)';$/gm)].filter(
      ([, , source]) => /intl-messageformat|@formatjs/.test(source!),
    );
    // A default import by the bare name: what the stand-in resolves and exports.
    expect(imports.map(([, names, source]) => [names, source])).toEqual([
      ['IntlMessageFormat', 'intl-messageformat'],
    ]);
    const plugin = withoutIcuFormatting();
    expect(callHook(plugin, 'resolveId', ['intl-messageformat', moduleId(module)])).toBe(icuStubId);
    expect(callHook(plugin, 'load', [icuStubId])).toMatch(
      /^export default class IntlMessageFormat/,
    );
  });

  it('fails, naming itself and the importer, when the ICU formatter reaches the build another way', () => {
    const importer = formatters[0]!;
    const core = moduleId('intl-messageformat/lib/src/core.js');
    const graph = {
      [moduleId(importer)]: [],
      [core]: [moduleId(importer)],
      [moduleId('@formatjs/fast-memoize/lib/index.js')]: [core],
    };
    expect(() => callHook(withoutIcuFormatting(), 'buildEnd', [], graph)).toThrow(
      /^without-icu-formatting: @cloudscape-design\/components\/i18n\/utils\/i18n-formatter\.js .*intl-messageformat\/lib\/src\/core\.js/,
    );
    expect(() =>
      callHook(withoutIcuFormatting(), 'buildEnd', [], { [moduleId(importer)]: [] }),
    ).not.toThrow();
  });
});

import { parseAst } from 'vite';
import { describe, expect, it } from 'vitest';
import { backOfficeIcons, reportCenterIcons, signInIcons } from '../../../web/build/icon-lists';
import { onlyIcons } from '../../../web/build/only-icons';
import { callHook, installed, moduleId, transformed } from '../../support/build-plugin';

const iconsModule = '@cloudscape-design/components/icon/generated/icons.js';
const id = moduleId(iconsModule);
const code = installed(iconsModule);
const failure = /^only-icons: @cloudscape-design\/components\/icon\/generated\/icons\.js /;

const entries = (module: string) =>
  [...module.matchAll(/^ {4}"([a-z0-9-]+)": /gm)].map(([, n]) => n);

describe('only-icons', () => {
  it("keeps only the listed icons of Cloudscape's generated module, still a valid module", () => {
    const plugin = onlyIcons({ keep: ['close', 'search'], listName: 'test list' });
    const result = transformed(plugin, code, id)!;
    expect(entries(code).length).toBeGreaterThan(100);
    expect(entries(result)).toEqual(['close', 'search']);
    expect(() => parseAst(result)).not.toThrow();
  });

  it.each([
    ['backOfficeIcons', backOfficeIcons],
    ['reportCenterIcons', reportCenterIcons],
    ['signInIcons', signInIcons],
  ])('finds every icon of %s in the installed Cloudscape', (listName, keep) => {
    const result = transformed(onlyIcons({ keep, listName }), code, id)!;
    expect(entries(result).sort()).toEqual([...keep].sort());
  });

  it('leaves other modules alone', () => {
    const plugin = onlyIcons({ keep: ['close'], listName: 'test list' });
    expect(
      transformed(plugin, code, moduleId('@cloudscape-design/components/icon/internal.js')),
    ).toBe(undefined);
  });

  it.each([
    ['entries indented otherwise', code.replaceAll('\n    "', '\n  "')],
    ['no `const icons = {`', code.replace('const icons = {', 'export const icons = {')],
    ['no closing `};`', code.replace(/^\};$/m, '} as const;')],
  ])('fails, naming itself and the module, on a changed module: %s', (_change, changed) => {
    const plugin = onlyIcons({ keep: ['close'], listName: 'test list' });
    expect(() => transformed(plugin, changed, id)).toThrow(failure);
  });

  it('fails when a listed icon is not in the module', () => {
    const plugin = onlyIcons({ keep: ['close', 'no-such-icon'], listName: 'test list' });
    expect(() => transformed(plugin, code, id)).toThrow(/only-icons: .*icons\.js .*no-such-icon/);
  });

  it('fails when a build with the icon component never loads the module (renamed or moved)', () => {
    const plugin = onlyIcons({ keep: ['close'], listName: 'test list' });
    const graph = { [moduleId('@cloudscape-design/components/icon/internal.js')]: [] };
    expect(() => callHook(plugin, 'buildEnd', [], graph)).toThrow(failure);
    expect(() => callHook(plugin, 'buildEnd', [], {})).not.toThrow();
  });

  describe('checks its list against the bundled modules', () => {
    const bundle = (modules: Record<string, string>) => ({
      'assets/index.js': {
        type: 'chunk',
        modules: Object.fromEntries(
          Object.entries(modules).map(([module, text]) => [module, { code: text }]),
        ),
      },
    });
    const app = '/repo/web/src/page.tsx';
    const generateBundle = (
      keep: string[],
      modules: Record<string, string>,
      partOfPage = false,
    ) => {
      const plugin = onlyIcons({ keep, listName: 'testIcons', partOfPage });
      transformed(plugin, code, id);
      return () => callHook(plugin, 'generateBundle', [{}, bundle(modules)]);
    };

    it('passes when the list is exactly what the modules name', () => {
      expect(
        generateBundle(['close', 'search'], { [app]: 'iconName: "close", type: "search"' }),
      ).not.toThrow();
    });

    it('fails on an icon a module names that the list lacks, naming the module', () => {
      expect(generateBundle(['close'], { [app]: 'iconName: "close", x: `refresh`' })).toThrow(
        /only-icons: icons the build names but testIcons lacks \(add them\):\n {2}refresh \(.*page\.tsx\)/,
      );
    });

    it('fails on a listed icon no module names, unless the build draws part of a page', () => {
      expect(generateBundle(['close', 'search'], { [app]: "iconName: 'close'" })).toThrow(
        /icons of testIcons that no module of the build names \(remove them\):\n {2}search/,
      );
      expect(
        generateBundle(['close', 'search'], { [app]: "iconName: 'close'" }, true),
      ).not.toThrow();
    });

    it('reads only Cloudscape and app modules, not texts or class maps', () => {
      const modules = {
        [app]: '"close"',
        '/repo/web/src/texts.json': '{"a": "refresh"}',
        '/repo/node_modules/@cloudscape-design/components/x/styles.css.js': '"refresh"',
        '/repo/node_modules/other/index.js': '"refresh"',
      };
      expect(generateBundle(['close'], modules)).not.toThrow();
    });
  });
});

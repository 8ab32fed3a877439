import { parseAst } from 'vite';
import { describe, expect, it } from 'vitest';
import { onlyRefreshedAppLayout } from '../../../web/build/only-refreshed-app-layout';
import { callHook, installed, moduleId, transformed } from '../../support/build-plugin';

const chooserModule = '@cloudscape-design/components/app-layout/internal.js';
const id = moduleId(chooserModule);
const code = installed(chooserModule);
const failure = (module: string) =>
  new RegExp(
    `^only-refreshed-app-layout: ${module.replaceAll('/', '\\/').replaceAll('.', '\\.')} `,
  );

describe('only-refreshed-app-layout', () => {
  it('makes the installed chooser always draw the visual-refresh implementation', () => {
    const result = transformed(onlyRefreshedAppLayout(), code, id)!;
    expect(code).toMatch(/ClassicAppLayout/);
    expect(result).not.toMatch(
      /ClassicAppLayout|ToolbarAppLayout|useVisualRefresh|useAppLayoutFlagEnabled/,
    );
    expect(result).toContain("import RefreshedAppLayout from './visual-refresh';");
    expect(result).toContain(
      'return React.createElement(RefreshedAppLayout, { ref: ref, ...props });',
    );
    expect(() => parseAst(result)).not.toThrow();
  });

  it('leaves other modules alone', () => {
    const other = moduleId('@cloudscape-design/components/app-layout/index.js');
    expect(transformed(onlyRefreshedAppLayout(), code, other)).toBe(undefined);
  });

  it.each([
    [
      'the toolbar flag read otherwise',
      code.replace(
        'const isToolbar = useAppLayoutFlagEnabled();',
        'const isToolbar = useToolbarFlag();',
      ),
    ],
    [
      'the classic implementation imported from elsewhere',
      code.replace("from './classic';", "from './classic/index';"),
    ],
    [
      'a fourth implementation',
      code.replace(
        "import ToolbarAppLayout from './visual-refresh-toolbar';\n",
        "import ToolbarAppLayout from './toolbar';\n",
      ),
    ],
  ])('fails, naming itself and the module, on a changed chooser: %s', (_change, changed) => {
    expect(() => transformed(onlyRefreshedAppLayout(), changed, id)).toThrow(
      failure(chooserModule),
    );
  });

  it('fails when a build with AppLayout never loads the chooser (renamed or moved)', () => {
    const graph = { [moduleId('@cloudscape-design/components/app-layout/index.js')]: [] };
    expect(() => callHook(onlyRefreshedAppLayout(), 'buildEnd', [], graph)).toThrow(
      failure(chooserModule),
    );
    expect(() => callHook(onlyRefreshedAppLayout(), 'buildEnd', [], {})).not.toThrow();
  });

  it('fails when the toolbar or classic implementation reaches the build another way', () => {
    const plugin = onlyRefreshedAppLayout();
    transformed(plugin, code, id);
    const importer = '@cloudscape-design/components/app-layout/utils/new-module.js';
    const graph = {
      [id]: [],
      [moduleId('@cloudscape-design/components/app-layout/visual-refresh-toolbar/index.js')]: [
        moduleId(importer),
      ],
    };
    expect(() => callHook(plugin, 'buildEnd', [], graph)).toThrow(failure(importer));
    // The toolbar's contexts module is read by the feature flags: it may stay.
    const contexts = moduleId(
      '@cloudscape-design/components/app-layout/visual-refresh-toolbar/contexts.js',
    );
    expect(() => callHook(plugin, 'buildEnd', [], { [id]: [], [contexts]: [] })).not.toThrow();
  });
});

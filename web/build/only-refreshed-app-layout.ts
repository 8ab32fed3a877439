/**
 * only-refreshed-app-layout
 *
 * Rewrites `@cloudscape-design/components/app-layout/internal.js`, the module that picks
 * one of AppLayout's three implementations as it renders: the classic one (only without
 * visual refresh, which this package always has: `ALWAYS_VISUAL_REFRESH`), the toolbar one
 * (only when the AWS consoles' global flags `appLayoutWidget` or `appLayoutToolbar` are
 * set, which nothing here does) and the visual-refresh one, the only one the back office
 * ever draws. This keeps that one and leaves out the other two's code and styles (a
 * quarter of the frame's chunk).
 *
 * Expects: the chooser's imports of `./classic`, `./visual-refresh-toolbar`,
 * `useVisualRefresh` and `useAppLayoutFlagEnabled`, and its `isRefresh` / `isToolbar`
 * branches, each exactly as written below. Fails the build when one is not found, when a
 * build with AppLayout never loads the chooser, and when the classic or toolbar
 * implementation reaches the build some other way.
 */
import type { Plugin } from 'vite';
import { packagePath, rewriteTarget, shapeChanged } from './third-party.ts';

const name = 'only-refreshed-app-layout';

/** Each part of the chooser this rewrites: what it is, the text, what replaces it. */
const edits: { part: string; find: string | RegExp; replace: string }[] = [
  {
    part: "the classic implementation's import",
    find: "import ClassicAppLayout from './classic';\n",
    replace: '',
  },
  {
    part: "the toolbar implementation's import",
    find: "import ToolbarAppLayout from './visual-refresh-toolbar';\n",
    replace: '',
  },
  {
    part: "useVisualRefresh's import",
    find: "import { useVisualRefresh } from '../internal/hooks/use-visual-mode';\n",
    replace: '',
  },
  {
    part: "useAppLayoutFlagEnabled's import",
    find: "import { useAppLayoutFlagEnabled } from './utils/feature-flags';\n",
    replace: '',
  },
  {
    part: 'the choice between the three implementations',
    find: / {4}const isRefresh = useVisualRefresh\(\);\n {4}const isToolbar = useAppLayoutFlagEnabled\(\);\n[\s\S]*?return React\.createElement\(ClassicAppLayout, \{ ref: ref, \.\.\.props \}\);\n/,
    replace: '    return React.createElement(RefreshedAppLayout, { ref: ref, ...props });\n',
  },
];

/** The implementations left out: the build must not load their entry modules. */
const leftOut =
  /\/@cloudscape-design\/components\/app-layout\/(classic\.js|visual-refresh-toolbar\/index\.js)$/;

export function onlyRefreshedAppLayout(): Plugin {
  const target = rewriteTarget(
    name,
    '@cloudscape-design/components/app-layout/internal.js',
    /\/@cloudscape-design\/components\/app-layout\//,
  );
  return {
    name,
    apply: 'build',
    buildStart() {
      target.reset();
    },
    transform(code, id) {
      if (!target.matches(id)) return undefined;
      let rewritten = code;
      for (const { part, find, replace } of edits) {
        const found =
          typeof find === 'string'
            ? rewritten.split(find).length - 1
            : (rewritten.match(new RegExp(find, 'g'))?.length ?? 0);
        if (found !== 1) {
          shapeChanged(name, id, `${part}, once and exactly as this plugin reads it`);
        }
        rewritten = rewritten.replace(find, replace);
      }
      return { code: rewritten, map: null };
    },
    buildEnd(error) {
      if (error) return;
      const ids = [...this.getModuleIds()];
      target.checkSeen(ids);
      const loaded = ids.find((id) => leftOut.test(id));
      if (loaded) {
        const importer = this.getModuleInfo(loaded)?.importers[0] ?? 'an unknown module';
        shapeChanged(
          name,
          importer,
          `no import of an AppLayout implementation other than the chooser's (it imports ${packagePath(loaded)})`,
        );
      }
    },
  };
}

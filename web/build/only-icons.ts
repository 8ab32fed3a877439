/**
 * only-icons
 *
 * Rewrites `@cloudscape-design/components/icon/generated/icons.js`: Cloudscape's icon
 * component carries all of its ~140 icons (a thirteenth of a small page's code); a build
 * with this plugin keeps those of its list (icon-lists.ts).
 *
 * Cloudscape's components and the app name their icons in string literals (a status's
 * icon, `iconName="..."`), even those picked at run time, so once the build is bundled
 * this checks the list against every Cloudscape or app module in it: an icon a module
 * names, quoted, that the list lacks fails the build (an icon left out must not silently
 * draw nothing), and so does a listed icon that no module names (the page would carry it
 * for nothing), unless the build draws only a part of the page (`partOfPage`).
 *
 * Expects: the module is one object literal, `const icons = {` … `};`, with one
 * `    "name": svg` entry per icon, each starting on its own line and continued on lines
 * indented further; every listed icon among them. Fails the build otherwise, and when a
 * build with the icon component never loads the module.
 */
import type { Plugin } from 'vite';
import { statsModuleId } from './paths.ts';
import { rewriteTarget, shapeChanged } from './third-party.ts';

const name = 'only-icons';

export interface OnlyIconsOptions {
  /** The icons to keep. */
  keep: readonly string[];
  /** Where the list is kept, for the messages: `backOfficeIcons (web/build/icon-lists.ts)`. */
  listName: string;
  /**
   * The build draws only a part of the page (the web-size bench's floors): the list may
   * hold icons none of its modules name. @default false
   */
  partOfPage?: boolean;
}

export function onlyIcons({ keep, listName, partOfPage = false }: OnlyIconsOptions): Plugin {
  const target = rewriteTarget(
    name,
    '@cloudscape-design/components/icon/generated/icons.js',
    /\/@cloudscape-design\/components\/icon\//,
  );
  const kept = new Set(keep);
  const entryStart = /^ {4}"([a-z0-9-]+)": /;
  /** Every icon of the module, once the build has read it. */
  let allIcons: string[] = [];
  return {
    name,
    apply: 'build',
    buildStart() {
      target.reset();
      allIcons = [];
    },
    transform(code, id) {
      if (!target.matches(id)) return undefined;
      const lines = code.split('\n');
      const open = lines.findIndex((line) => line.startsWith('const icons = {'));
      const close = lines.findIndex((line, index) => index > open && line === '};');
      if (open === -1 || close === -1) {
        shapeChanged(name, id, 'one object literal from "const icons = {" to "};"');
      }
      const body = lines.slice(open + 1, close);
      const keptLines: string[] = [];
      let keeping = false;
      for (const line of body) {
        const icon = entryStart.exec(line)?.[1];
        if (icon) {
          allIcons.push(icon);
          keeping = kept.has(icon);
        } else if (!line.startsWith('     ') || allIcons.length === 0) {
          shapeChanged(
            name,
            id,
            `one '    "name": svg' entry per icon, each on lines of its own (found: ${line.trim().slice(0, 60)})`,
          );
        }
        if (keeping) keptLines.push(line);
      }
      const absent = keep.filter((icon) => !allIcons.includes(icon));
      if (absent.length > 0) {
        shapeChanged(name, id, `the icons of ${listName} (it has no ${absent.join(', ')})`);
      }
      return {
        code: [...lines.slice(0, open + 1), ...keptLines, ...lines.slice(close)].join('\n'),
        map: null,
      };
    },
    buildEnd(error) {
      if (!error) target.checkSeen(this.getModuleIds());
    },
    generateBundle(_options, bundle) {
      if (allIcons.length === 0) return; // no icon component in this build
      const quoted = new RegExp(`(["'\`])(${allIcons.join('|')})\\1`, 'g');
      const named = new Map<string, string>();
      for (const output of Object.values(bundle)) {
        if (output.type !== 'chunk') continue;
        for (const [id, module] of Object.entries(output.modules)) {
          // Texts (JSON) and class-name maps (`styles.css.js`) quote words, not icons.
          if (target.matches(id) || /(\.json|styles\.(css|selectors)\.js)$/.test(id)) continue;
          if (!/node_modules\/@cloudscape-design\/components\/|\/web\/src\//.test(id)) continue;
          for (const [, , icon] of (module.code ?? '').matchAll(quoted)) {
            if (!named.has(icon!)) named.set(icon!, statsModuleId(id));
          }
        }
      }
      const missing = [...named].filter(([icon]) => !kept.has(icon));
      const unused = partOfPage ? [] : keep.filter((icon) => !named.has(icon));
      const problems = [
        ...(missing.length > 0
          ? [
              `icons the build names but ${listName} lacks (add them):`,
              ...missing.map(([icon, id]) => `  ${icon} (${id})`),
            ]
          : []),
        ...(unused.length > 0
          ? [
              `icons of ${listName} that no module of the build names (remove them):`,
              `  ${unused.join(', ')}`,
            ]
          : []),
      ];
      if (problems.length > 0) throw new Error(`${name}: ${problems.join('\n')}`);
    },
  };
}

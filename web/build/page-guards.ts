/**
 * forbid-modules and lazy-only: checks of what a light page's build carries. They rewrite
 * nothing; each fails the build, naming the modules, when a module the page must not
 * carry (or not on its first load) reaches it, directly or through a shared helper
 * (ESLint sees direct imports only).
 */
import type { Plugin } from 'vite';

/** Sign-in library, router, i18next and back-office code: none of it is for /search. */
export const notForReportCenter =
  /node_modules\/(aws-amplify|@aws-amplify|react-router|react-router-dom|i18next|react-i18next)\/|web\/src\/(app|routes|layouts|components)\/|web\/src\/features\/(?!report-center\/)/;

/**
 * Router, i18next, Cloudscape's I18nProvider and the back office's shell: none of it is
 * for /login (zod comes only in the checks' own chunk, see {@link lazyOnly}). The page uses
 * the toasts, the path and redirect helpers, the startup error and the auth feature's steps.
 */
export const notForSignIn =
  /node_modules\/(react-router|react-router-dom|i18next|react-i18next)\/|@cloudscape-design\/components\/i18n\/(provider|messages)|node_modules\/(intl-messageformat|@formatjs)\/|web\/src\/(layouts|i18n\/(index|resources|cloudscape)|routes\/(router|route-|access|leave)|components\/(?!toast\/))|web\/src\/app\/app|web\/src\/features\/(?!auth\/)|web\/src\/features\/auth\/(pages|auth-provider|use-auth|index)/;

/** Fails the build of `page` when a module of `forbidden` reaches it. */
export function forbidModules(page: string, forbidden: RegExp): Plugin {
  return {
    name: 'forbid-modules',
    generateBundle() {
      const found = [...this.getModuleIds()].filter((id) => forbidden.test(id));
      if (found.length) {
        this.error(`The ${page} page must not include:\n  ${found.join('\n  ')}`);
      }
    },
  };
}

/**
 * Fails the build when a module of `lazy` reaches the page's entry chunk rather than
 * only a chunk loaded later (zod on the sign-in page: the checks load on first input).
 */
export function lazyOnly(page: string, lazy: RegExp): Plugin {
  return {
    name: 'lazy-only',
    generateBundle(_options, bundle) {
      const entry = Object.values(bundle).find(
        (output) => output.type === 'chunk' && output.isEntry,
      );
      if (!entry || entry.type !== 'chunk') {
        this.error(`lazy-only: the ${page} page's build has no entry chunk`);
      }
      const eager = new Set<string>();
      const visit = (fileName: string) => {
        if (eager.has(fileName)) return;
        eager.add(fileName);
        const chunk = bundle[fileName];
        if (chunk?.type === 'chunk') chunk.imports.forEach(visit);
      };
      visit(entry.fileName);
      const found = [...eager].flatMap((fileName) => {
        const chunk = bundle[fileName];
        return chunk?.type === 'chunk'
          ? Object.keys(chunk.modules).filter((id) => lazy.test(id))
          : [];
      });
      if (found.length) {
        this.error(`The ${page} page's first load must not include:\n  ${found.join('\n  ')}`);
      }
    },
  };
}

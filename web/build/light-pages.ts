/**
 * The light pages (web/src/light): the public Test Report Center (search.html) and the
 * sign-in page (login.html), each a page of its own beside the back office's index.html.
 * These plugins rewrite nothing: one builds the light pages, one serves them in the dev
 * server.
 */
import { build, type Plugin, type UserConfig } from 'vite';

/** A light page: the path it answers, its HTML file under web/, its build's settings. */
export interface LightPage {
  path: string;
  file: string;
  /** The page's whole build (input, plugins), made when it is built. */
  config: () => UserConfig;
}

/**
 * build-light-pages: builds the light pages once the back office is built, each as a
 * build of its own into the same folder. Sharing chunks with the back office buys nothing
 * (a fresh tab loads one page); building apart keeps each page to the modules it uses (one
 * JSON resource is tree-shaken to its own groups, which a chunk shared with the back
 * office could not be) and to a few files.
 */
export function buildLightPages(pages: readonly LightPage[]): Plugin {
  let building = false;
  return {
    name: 'build-light-pages',
    apply: 'build',
    async closeBundle(error) {
      if (error || building) return;
      building = true;
      for (const page of pages) {
        await build({
          ...page.config(),
          configFile: false,
          logLevel: this.environment.config.logLevel,
        });
      }
    },
  };
}

/**
 * serve-light-pages: the dev server's stand-in for the CloudFront Function's page rule:
 * each light page's path is its HTML file, not the back-office app's index.html.
 */
export function serveLightPages(pages: readonly Pick<LightPage, 'path' | 'file'>[]): Plugin {
  return {
    name: 'serve-light-pages',
    configureServer(server) {
      server.middlewares.use((request, _response, next) => {
        const url = request.url ?? '';
        const queryStart = url.includes('?') ? url.indexOf('?') : url.length;
        const path = url.slice(0, queryStart);
        const page = pages.find((light) => path === light.path || path === `${light.path}/`);
        if (page) request.url = `/${page.file}${url.slice(queryStart)}`;
        next();
      });
    },
  };
}

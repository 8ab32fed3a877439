import { beforeAll, describe, expect, it } from 'vitest';
import {
  currentBundleStats,
  modulesOf,
  pageLoadOf,
  staticPageFiles,
  type BundleStats,
  type PageBuild,
} from '../support/web-bundle';
import { webPages } from '../support/web-pages';

/**
 * What each page weighs when opened directly (gzip level 9 of its scripts and
 * stylesheets, kB = 1024 bytes), read from the build in web/dist and its statistics,
 * so a change cannot silently grow a page back. The build is the one `npm start` and
 * the e2e stack use; it is made here only when web/dist is older than its sources (a few
 * seconds). A page that must grow past its budget says why in the commit that raises
 * it. What a browser really loads, and why, is `npm run bench -- web-size`.
 */
let stats: Record<PageBuild, BundleStats>;

beforeAll(async () => {
  stats = await currentBundleStats();
}, 180_000);

const kilobytes = (bytes: number) => Math.ceil(bytes / 1024);

const loadOf = (page: (typeof webPages)[number]) =>
  pageLoadOf(staticPageFiles(stats[page.build], page.lazy));

const modulesOfPage = (page: (typeof webPages)[number]) =>
  modulesOf(stats[page.build], staticPageFiles(stats[page.build], page.lazy));

describe('web pages opened directly', () => {
  it.each(webPages)('$label: JS and CSS within budget', (page) => {
    const load = loadOf(page);
    expect(kilobytes(load.js), `${page.label}: JS kB`).toBeLessThanOrEqual(page.budget.js);
    expect(kilobytes(load.css), `${page.label}: CSS kB`).toBeLessThanOrEqual(page.budget.css);
  });

  it('keep the chart code on the dashboard', () => {
    const chart =
      /\/(mixed-line-bar-chart|bar-chart|internal\/components\/cartesian-chart)\/|\/d3-shape\//;
    const withCharts = webPages
      .filter((page) => modulesOfPage(page).some((id) => chart.test(id)))
      .map((page) => page.path);
    expect(withCharts).toEqual(['/dashboard']);
  });

  it('load Amplify by category, not the umbrella entry', () => {
    const umbrella = (id: string) =>
      /node_modules\/aws-amplify\/dist\/esm\/(index|Amplify)\.mjs$/.test(id);
    expect(webPages.flatMap((page) => modulesOfPage(page).filter(umbrella))).toEqual([]);
  });

  it('keep zod, i18next and the router off the light pages’ first load', () => {
    const heavy = /node_modules\/(zod|i18next|react-i18next|react-router|react-router-dom)\//;
    for (const page of webPages.filter((candidate) => candidate.build !== 'index')) {
      expect(
        modulesOfPage(page).filter((id) => heavy.test(id)),
        page.path,
      ).toEqual([]);
    }
  });

  it('load no English texts but through the language loader (a page in Chinese skips them)', () => {
    const english = /(locales|messages)\/en\.json$|all\.en\.js$/;
    for (const page of webPages.filter((candidate) => candidate.build === 'index')) {
      const withoutTexts = page.lazy.filter((id) => !english.test(id));
      expect(
        modulesOf(stats[page.build], staticPageFiles(stats[page.build], withoutTexts)).filter(
          (id) => english.test(id),
        ),
        page.path,
      ).toEqual([]);
    }
  });

  it('load the texts of one language (English here)', () => {
    const chinese = /(locales|messages)\/zh\.json$|all\.zh-TW\.js$/;
    const english = /(locales|messages)\/en\.json$/;
    for (const page of webPages.filter((candidate) => candidate.build === 'index')) {
      expect(
        modulesOfPage(page).filter((id) => chinese.test(id)),
        page.path,
      ).toEqual([]);
      expect(
        modulesOfPage(page).filter((id) => english.test(id)),
        page.path,
      ).toHaveLength(2);
    }
  });
});

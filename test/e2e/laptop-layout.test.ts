/// <reference lib="dom" />
/// <reference lib="dom.iterable" />
// Functions passed to page.evaluate run in the browser.
import { randomUUID } from 'node:crypto';
import selectorsModule from '@cloudscape-design/components/test-utils/selectors';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { MachineCreated } from '../../lambdas/shared/contract/schemas/machine-data';
import type { Product } from '../../lambdas/shared/contract/schemas/product-record';
import { valvePlanTemplate } from '../../lambdas/shared/contract/schemas/test-plan';
import webEn from '../../web/src/i18n/locales/en.json';
import webZh from '../../web/src/i18n/locales/zh.json';
import { callApi } from '../support/api';
import { launchBrowser } from '../support/browser';
import { signIn } from '../support/cognito';
import { newVisitorAddress, requestReport } from '../support/visitor';
import { openPage, screenshot, setLook, settled, untranslated } from './checks';
import { LoginPage, MachineDataPage } from './pages';

/**
 * The back office on the most common office laptop screens (issue 25 §2): at 1366 × 768 and
 * at 1280 × 720, with the side navigation open, in English and in Chinese, every list page
 * shows its default columns, its row actions included, without a cut column: no column
 * header and no button of a row lies outside the part of its table one sees, no header's
 * text is cut, and the page itself does not scroll sideways. The rows are this file's own,
 * made long on purpose through the API (product names, connections, a bench's name and
 * note, results' notes, staff names and addresses). Screenshots at each size, language
 * and theme (`test-artifacts/laptop-*`). docs/web-app.md ("Tables on a laptop screen")
 * lists which columns each table shows by default.
 */
const stack = inject('stack');

// The selectors package is CommonJS; its default export arrives wrapped under Node's ESM.
const createWrapper = ((selectorsModule as unknown as { default?: typeof selectorsModule })
  .default ?? selectorsModule) as typeof selectorsModule;
const wrapper = createWrapper();

/** Names of this run only: other test files share the stack. */
const tag = randomUUID().slice(0, 6).toUpperCase();
const productName = `E2E Laptop Cast Steel Globe Valve for Superheated Steam Lines ${tag}`;
const secondProductName = `E2E Laptop Stainless Steel Ball Valve, Full Bore, Fire-Safe ${tag}`;
const connection = 'Flanged, ASME B16.5 Class 300 raised face, serrated finish';
const benchName = `Laptop hydrostatic bench ${tag} (hall B line 3)`;
const benchNote =
  'Calibrated 2026-09-14 by the metrology lab; pressure transducer replaced after the seat leak drift';
const prefix = `LL${tag}-`;
const serial = (n: number) => `${prefix}${String(n).padStart(6, '0')}`;
const unit = serial(1);
const longNote =
  'Retested after the gland packing was re-torqued to 45 N·m; hold time extended to 120 s at the customer’s request, witness inspector present (third-party, report 2026-118-B)';
const staffNames = [
  `Laptop Wilhelmina Montgomery-Fairweather ${tag}`,
  `Laptop Bartholomew Alexander Kowalczyk ${tag}`,
];
const staffEmail = (index: number) =>
  `laptop.layout.${index}.montgomery-fairweather.${tag.toLowerCase()}@example-manufacturing.com`;
const visitorEmail = `laptop.visitor.procurement.department.${tag.toLowerCase()}@example-customer.com`;

/** A bench's file with bad rows: the upload lists every problem and sends nothing. */
const badCsv = [
  'serialNumber,testName,result,value,unit,testedAt,machineId,operator,notes',
  `${unit},${'Seat leakage at low pressure with nitrogen repeated '.repeat(3)},maybe,1,bar,2026-01-01T00:00:00Z,${benchName},Chen,`,
  `not a serial,Shell test (WCB),pass,ten,bar,yesterday,${benchName},Chen,${'x'.repeat(600)}`,
].join('\n');

/** Test data in English on purpose: not interface words left untranslated. */
const data = [tag, 'E2E', 'Bench', 'bench', 'Shell test', 'Seat test', 'API 598'];

const viewports = [
  { width: 1366, height: 768 },
  { width: 1280, height: 720 },
] as const;
type Language = 'en' | 'zh';
const texts = { en: webEn, zh: webZh } as const;

interface ListPage {
  name: string;
  /** Opens the page and waits for its rows. */
  open: (page: Page, language: Language) => Promise<void>;
  /** Test ids of the tables that must fit (Cloudscape tables, or the dashboard's plain one). */
  tables: readonly string[];
}

/** Opens `path`, waits for `ready` and for rows of `table` showing `rowText` (any rows without it). */
async function openList(page: Page, path: string, table: string, rowText?: string) {
  await openPage(page, `${stack.appUrl}${path}`, table);
  const rows = page.locator(
    `[data-testid="${table}"] tbody tr${rowText === undefined ? ':has(td)' : ''}`,
  );
  await (rowText === undefined ? rows : rows.filter({ hasText: rowText })).first().waitFor();
}

/** Opens a list, types `filter` into its text filter (`<name>-filter`), waits for `rowText`. */
async function filteredList(
  page: Page,
  path: string,
  name: string,
  filter: string,
  rowText: string,
) {
  const table = `${name}-table`;
  await openPage(page, `${stack.appUrl}${path}`, table);
  await page.locator(`[data-testid="${name}-filter"] input`).fill(filter);
  await page
    .locator(`[data-testid="${table}"] tbody tr`)
    .filter({ hasText: rowText })
    .first()
    .waitFor();
}

const listPages: readonly ListPage[] = [
  {
    name: 'dashboard',
    open: (page) => openList(page, '/dashboard', 'dashboard-recent'),
    tables: ['dashboard-recent'],
  },
  {
    name: 'products',
    // Filtered to this file's products: other files' may fill the first page.
    open: (page) => filteredList(page, '/products', 'products', 'E2E Laptop', tag),
    tables: ['products-table'],
  },
  {
    name: 'serial-numbers',
    open: (page) => filteredList(page, '/serial-numbers', 'serial', prefix, prefix),
    tables: ['serial-table'],
  },
  {
    name: 'machine-data',
    open: (page) =>
      openList(page, `/machine-data?serial=${encodeURIComponent(unit)}`, 'results-table', tag),
    tables: ['results-table'],
  },
  {
    name: 'machines',
    open: async (page, language) => {
      await openList(page, '/machine-data', 'results-table');
      await new MachineDataPage(page).openTab(texts[language].machineData.tabs.machines);
      await page
        .locator('[data-testid="machines-table"] tbody tr')
        .filter({ hasText: tag })
        .first()
        .waitFor();
    },
    tables: ['machines-table'],
  },
  {
    name: 'upload-problems',
    open: async (page, language) => {
      await openList(page, '/machine-data', 'results-table');
      const machineData = new MachineDataPage(page);
      await machineData.openTab(texts[language].machineData.tabs.upload);
      await machineData.chooseCsv('bench-export.csv', badCsv);
      await machineData.uploadProblems().first().waitFor();
    },
    tables: ['upload-problems'],
  },
  {
    name: 'searches',
    open: (page) =>
      openList(page, `/searches?serial=${encodeURIComponent(unit)}`, 'searches-table', unit),
    tables: ['searches-table'],
  },
  {
    name: 'staffs',
    open: (page) => filteredList(page, '/staffs', 'staff', tag, tag),
    tables: ['staff-table'],
  },
  {
    name: 'activity',
    // Newest first: other files' entries may come before this file's by now.
    open: (page) => openList(page, '/activity', 'activity-table'),
    tables: ['activity-table'],
  },
  {
    name: 'unit',
    open: async (page) => {
      await openList(page, `/units/${encodeURIComponent(unit)}`, 'unit-results', tag);
      await page.locator('[data-testid="unit-reports"] tbody tr:has(td)').first().waitFor();
      await page.locator('[data-testid="history-table"] tbody tr:has(td)').first().waitFor();
    },
    tables: ['unit-results', 'unit-reports', 'history-table'],
  },
  {
    name: 'profile',
    open: (page) => openList(page, '/pages/user-profile/profile', 'history-table'),
    tables: ['history-table'],
  },
];

/**
 * What a person cannot see of the table `testId` without scrolling it sideways: column
 * headers and buttons of rows lying (partly) outside the box that clips the table (its
 * scroll container, else the window), and headers whose text is cut short.
 */
async function cutParts(page: Page, testId: string): Promise<string[]> {
  return page
    .locator(`[data-testid="${testId}"]`)
    .first()
    .evaluate((root) => {
      const found: string[] = [];
      const tables =
        root instanceof HTMLTableElement ? [root] : [...root.querySelectorAll('table')];
      const name = (element: Element) =>
        (element.textContent?.trim() || element.getAttribute('aria-label') || element.tagName)
          .replace(/\s+/g, ' ')
          .slice(0, 40);
      for (const table of tables) {
        if (table.getBoundingClientRect().width === 0) continue;
        let clip: Element | null = table.parentElement;
        while (clip && getComputedStyle(clip).overflowX === 'visible') clip = clip.parentElement;
        const box = clip?.getBoundingClientRect() ?? { left: 0, right: innerWidth };
        const left = Math.max(box.left, 0);
        const right = Math.min(box.right, innerWidth);
        const outside = (element: Element) => {
          const rect = element.getBoundingClientRect();
          return rect.width > 0 && (rect.left < left - 1 || rect.right > right + 1);
        };
        const where = (element: Element) => {
          const rect = element.getBoundingClientRect();
          return `${Math.round(rect.left)}–${Math.round(rect.right)} outside ${Math.round(left)}–${Math.round(right)}`;
        };
        const widths = [...table.querySelectorAll('thead th')]
          .map((header) => `${name(header)} ${Math.round(header.getBoundingClientRect().width)}`)
          .join(', ');
        const before = found.length;
        for (const header of table.querySelectorAll('thead th')) {
          if (outside(header)) found.push(`header "${name(header)}" at ${where(header)}`);
          for (const part of [header, ...header.querySelectorAll('*')]) {
            const style = getComputedStyle(part);
            if (style.overflowX !== 'visible' && part.scrollWidth > part.clientWidth + 1) {
              found.push(`header "${name(header)}" cut: ${part.scrollWidth} > ${part.clientWidth}`);
              break;
            }
          }
        }
        for (const action of table.querySelectorAll('tbody button, tbody a')) {
          if (outside(action)) found.push(`row's "${name(action)}" at ${where(action)}`);
        }
        // Text a cell cuts short has its whole on hover (title) and on focus (focusable).
        for (const part of table.querySelectorAll('tbody td *')) {
          if (!(part instanceof HTMLElement) || getComputedStyle(part).overflow !== 'hidden')
            continue;
          const cut =
            part.scrollHeight > part.clientHeight + 2 || part.scrollWidth > part.clientWidth + 2;
          // Words for screen readers only (a box of a pixel) are not shown cut.
          if (!cut || !part.textContent?.trim() || part.clientWidth <= 1) continue;
          if (part.title !== part.textContent.trim() || part.tabIndex < 0) {
            found.push(`cell text "${name(part)}" cut without its whole on hover and focus`);
          }
        }
        // The columns' widths, to see what to change.
        if (found.length > before) found.push(`columns: ${widths}`);
      }
      return found;
    });
}

/** Whether the page scrolls sideways: wider than the window. */
const pageOverflow = (page: Page) =>
  page.evaluate(() => {
    const scrolling = document.scrollingElement ?? document.documentElement;
    return scrolling.scrollWidth > window.innerWidth
      ? `${scrolling.scrollWidth} > ${window.innerWidth}`
      : '';
  });

let adminToken = '';
const asAdmin = <T>(path: string, method = 'GET', body?: unknown) =>
  callApi<T>(stack, path, { method, body, token: adminToken });

describe('the back office on a laptop screen', () => {
  let browser: Awaited<ReturnType<typeof launchBrowser>>;
  let page: Page;

  beforeAll(async () => {
    adminToken = (await signIn(stack, stack.admin.email, stack.admin.password)).IdToken;
    const fields = {
      temperatureMin: -29,
      temperatureMax: 425,
      fluid: 'steam',
      connection,
      pressureFC: null,
      pressureWCB: 25,
      pressureSUS: 20,
      application: 'Superheated steam distribution in power plants and refineries',
      applicationMedium: 'Steam up to 425 °C, condensate, boiler feed water',
    };
    const created = await asAdmin<Product>('/api/products', 'POST', {
      ...fields,
      name: productName,
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const product = created.body;
    const second = await asAdmin<Product>('/api/products', 'POST', {
      ...fields,
      fluid: 'gas',
      pressureFC: 16,
      name: secondProductName,
    });
    expect(second.status, JSON.stringify(second.body)).toBe(201);
    const plan = await asAdmin(`/api/products/${product.id}/test-plan`, 'PUT', {
      tests: valvePlanTemplate({ pressureFC: null, pressureWCB: 25, pressureSUS: 20 }),
      allowExtraTests: true,
      version: 0,
    });
    expect(plan.status, JSON.stringify(plan.body)).toBe(200);
    for (const [start, end, bodyMaterial] of [
      [1, 500, 'WCB'],
      [501, 1500, 'SUS'],
    ] as const) {
      const range = await asAdmin('/api/serial-numbers', 'POST', {
        productId: product.id,
        startSerial: serial(start),
        endSerial: serial(end),
        productionDate: '2026-06-01',
        bodyMaterial,
      });
      expect(range.status, JSON.stringify(range.body)).toBe(201);
    }
    const machine = await asAdmin<MachineCreated>('/api/machines', 'POST', {
      name: benchName,
      note: benchNote,
    });
    expect(machine.status, JSON.stringify(machine.body)).toBe(201);
    const at = (minutesAgo: number) => new Date(Date.now() - minutesAgo * 60_000).toISOString();
    const result = (testName: string, value: number, minutesAgo: number, notes?: string) => ({
      serialNumber: unit,
      testName,
      result: 'pass',
      value,
      unit: 'bar',
      testedAt: at(minutesAgo),
      operator: 'Chen Yu-Ting (night shift)',
      ...(notes && { notes }),
    });
    const ingested = await fetch(`${stack.appUrl}/api/machine-data/ingest`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${machine.body.key}`,
        'content-type': 'application/json',
      },
      body: JSON.stringify({
        results: [
          result('Shell test (WCB)', 38.2, 30, longNote),
          result('Seat test high pressure (WCB)', 28.1, 20),
          result('Seat test low pressure (gas)', 5.5, 10),
          result(`Extra leak check after packing re-torque ${tag}`, 0.2, 5, longNote),
        ],
      }),
    });
    expect(ingested.status, await ingested.clone().text()).toBe(200);
    const report = await requestReport(
      stack,
      { serialNumber: unit, email: visitorEmail, consent: true, language: 'zh' },
      newVisitorAddress(),
    );
    expect(report.status, JSON.stringify(report.body)).toBe(201);
    for (const [index, name] of staffNames.entries()) {
      const staff = await asAdmin('/api/staff', 'POST', {
        name,
        email: staffEmail(index),
        password: `Laptop-Layout-${tag}-2026!`,
        role: index === 0 ? 'admin' : 'staff',
      });
      expect(staff.status, JSON.stringify(staff.body)).toBe(201);
    }

    browser = await launchBrowser();
    page = await browser.context.newPage();
    await page.setViewportSize(viewports[0]);
    await page.goto(`${stack.appUrl}/login`);
    await setLook(page, 'en', 'light');
    await new LoginPage(page).signIn(stack.admin.email, stack.admin.password);
    await page.waitForURL(/\/dashboard$/);
  });

  afterAll(async () => {
    await browser?.close();
  });

  it('a column list stored before the new defaults keeps what was chosen, not the old defaults', async () => {
    await page.setViewportSize(viewports[1]);
    await setLook(page, 'en', 'light');
    const headers = async () => {
      await filteredList(page, '/serial-numbers', 'serial', prefix, prefix);
      return (await page.locator('[data-testid="serial-table"] thead th').allTextContents()).map(
        (header) => header.trim(),
      );
    };
    const words = texts.en;
    /** The list as the preferences dialog stored it before, on any confirm (the page size). */
    const stored = (updatedShown: boolean) =>
      [
        'startSerial',
        'endSerial',
        'totalUnits',
        'product',
        'bodyMaterial',
        'productionDate',
        'updatedAt',
        'actions',
      ].map((id) => ({ id, visible: id !== 'updatedAt' || updatedShown }));
    try {
      // Only the page size chosen: the production date, shown by default then, is hidden now.
      await page.evaluate(
        (list) => localStorage.setItem('serialNumbers.columns', JSON.stringify(list)),
        stored(false),
      );
      let shown = await headers();
      expect(shown).toContain(words.serialRange.fields.bodyMaterial);
      expect(shown).not.toContain(words.serialRange.fields.productionDate);
      expect(shown).not.toContain(words.serialNumbers.columns.updatedAt);
      // "Updated" shown by choice (it was hidden by default then too) stays shown.
      await page.evaluate(
        (list) => localStorage.setItem('serialNumbers.columns', JSON.stringify(list)),
        stored(true),
      );
      shown = await headers();
      expect(shown).toContain(words.serialNumbers.columns.updatedAt);
      expect(shown).not.toContain(words.serialRange.fields.productionDate);
      // The actions stay in view, stuck to the table's right edge, however many columns show.
      const actionsCut = (await cutParts(page, 'serial-table')).filter(
        (part) => part.startsWith("row's") || part.startsWith(`header "${words.table.actions}"`),
      );
      expect(actionsCut).toEqual([]);
    } finally {
      await page.evaluate(() => localStorage.removeItem('serialNumbers.columns'));
    }
  });

  describe.each(viewports)('at $width × $height', (viewport) => {
    describe.each(['en', 'zh'] as const)('in %s', (language) => {
      it.each(listPages)(
        '$name shows its default columns and row actions uncut',
        async (listPage) => {
          await page.setViewportSize(viewport);
          for (const theme of ['light', 'dark'] as const) {
            await setLook(page, language, theme);
            await listPage.open(page, language);
            await settled(page);
            // Taken first: when a check fails, the picture shows why.
            await screenshot(
              page,
              `laptop-${listPage.name}-${viewport.width}-${language}-${theme}`,
            );
            if (theme === 'light') {
              // The side navigation is open beside the page, as on such a screen by default.
              const navigation = await page
                .locator(wrapper.findSideNavigation().toSelector())
                .first()
                .boundingBox();
              expect(navigation?.width ?? 0).toBeGreaterThan(150);
              for (const table of listPage.tables) {
                expect(await cutParts(page, table), `${listPage.name}: ${table}`).toEqual([]);
              }
              expect(await pageOverflow(page)).toBe('');
              if (listPage.name === 'machine-data' || listPage.name === 'unit') {
                // A long note shows two lines; focused (as the keyboard reaches it), all of it.
                const note = page.locator('[data-testid="clamped-text"]').first();
                expect(await note.getAttribute('title')).toBe(longNote);
                const cut = () =>
                  note.evaluate((part) => part.scrollHeight > part.clientHeight + 2);
                expect(await cut()).toBe(true);
                await note.focus();
                expect(await cut()).toBe(false);
                await note.blur();
              }
              if (language === 'zh') expect(await untranslated(page, undefined, data)).toEqual([]);
            }
          }
        },
        120_000,
      );
    });
  });
});

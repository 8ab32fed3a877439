import { describe, expect, it } from 'vitest';
import type { StatisticsCapability, StatisticsPareto, StatisticsYield } from './api';
import {
  binOfLimit,
  capabilityBand,
  capabilityCsv,
  flagged,
  formatFixed,
  formatPpm,
  formatShare,
  otherSeries,
  paretoByTestCsv,
  shownIndices,
  valueDomain,
  yieldByTestCsv,
} from './statistics-format';
import { commonQuery, defaultWindow, readSelection, selectionSearch } from './statistics-query';

const today = new Date('2026-11-26T10:00:00Z');

describe('the statistics address', () => {
  it('defaults to the last 90 days (today included), every material, by day', () => {
    expect(defaultWindow(today)).toEqual({ from: '2026-08-29', to: '2026-11-26' });
    expect(readSelection(new URLSearchParams(''), today)).toEqual({
      productId: '',
      material: '',
      testName: '',
      rangeId: '',
      machineId: '',
      from: '2026-08-29',
      to: '2026-11-26',
      interval: 'day',
    });
  });

  it('reads every choice back from the address it writes', () => {
    const selection = {
      productId: 'p-1',
      material: 'WCB' as const,
      testName: 'Shell test (WCB)',
      rangeId: 'r-1',
      machineId: 'm-1',
      from: '2026-01-01',
      to: '2026-03-31',
      interval: 'week' as const,
    };
    const search = selectionSearch(selection, today);
    expect(search.get('testName')).toBe('Shell test (WCB)');
    expect(readSelection(new URLSearchParams(search.toString()), today)).toEqual(selection);
  });

  it('leaves the defaults out of the address, so a shared link keeps meaning "the last 90 days"', () => {
    const selection = { ...readSelection(new URLSearchParams(''), today), productId: 'p-1' };
    expect(selectionSearch(selection, today).toString()).toBe('productId=p-1');
  });

  it('falls back to the defaults for values it does not know', () => {
    const selection = readSelection(
      new URLSearchParams('material=GOLD&interval=month&from=2026-02-30&to=2026-03-01'),
      today,
    );
    expect(selection).toMatchObject({ material: '', interval: 'day', from: '2026-08-29' });
    // Ends reversed: the default window, not a refused request.
    expect(
      readSelection(new URLSearchParams('from=2026-05-02&to=2026-05-01'), today),
    ).toMatchObject({ from: '2026-08-29', to: '2026-11-26' });
  });

  it('sends the API only the filters chosen, the window always', () => {
    const selection = readSelection(new URLSearchParams('productId=p-1&material=SUS'), today);
    expect(commonQuery(selection)).toEqual({
      productId: 'p-1',
      material: 'SUS',
      from: '2026-08-29',
      to: '2026-11-26',
    });
  });
});

describe('capability bands', () => {
  it('rates 1.33 and above capable, 1.00 up to 1.33 marginal, below 1.00 not capable', () => {
    expect(capabilityBand(2)).toBe('capable');
    expect(capabilityBand(1.33)).toBe('capable');
    expect(capabilityBand(1.3299)).toBe('marginal');
    expect(capabilityBand(1)).toBe('marginal');
    expect(capabilityBand(0.99)).toBe('notCapable');
    expect(capabilityBand(-0.5)).toBe('notCapable');
    expect(capabilityBand(null)).toBeUndefined();
  });

  it('shows Cp and Pp only with both limits, the one-sided indices of the limits there are', () => {
    expect(shownIndices({ lower: 1, upper: 2 })).toEqual([
      'cp',
      'cpk',
      'pp',
      'ppk',
      'cpl',
      'cpu',
      'ppl',
      'ppu',
    ]);
    expect(shownIndices({ lower: 1, upper: null })).toEqual(['cpk', 'ppk', 'cpl', 'ppl']);
    expect(shownIndices({ lower: null, upper: 2 })).toEqual(['cpk', 'ppk', 'cpu', 'ppu']);
  });

  it('lists the series of other limits a plan change split off', () => {
    const series = (planVersion: number, lower: number, n: number) => ({
      planVersion,
      lower,
      upper: 40,
      unit: 'bar',
      n,
      mean: null,
      stdDev: null,
    });
    const capability = {
      planVersion: 2,
      lower: 30,
      upper: 40,
      planVersions: [series(2, 30, 12), series(1, 25, 40)],
    };
    expect(otherSeries(capability)).toEqual([series(1, 25, 40)]);
    expect(otherSeries({ ...capability, planVersions: [series(2, 30, 12)] })).toEqual([]);
  });
});

describe('figures in words', () => {
  it('formats indices, shares and PPM in the language, an en dash for none', () => {
    expect(formatFixed(1.3349, 2, 'en')).toBe('1.33');
    expect(formatFixed(-0.5, 2, 'en')).toBe('\u22120.50');
    expect(formatFixed(null, 2, 'en')).toBe('–');
    expect(formatShare(0.8765, 'en')).toBe('87.7%');
    expect(formatShare(null, 'zh')).toBe('–');
    expect(formatPpm(1234.56, 'en')).toBe('1,235');
    expect(formatPpm(0.0312, 'en')).toBe('0.03');
  });

  it('numbers the flagged points from 1', () => {
    expect(flagged([false, true, false, true], (flag) => flag)).toEqual([2, 4]);
  });

  it('gives the y axis room for every value and line, ignoring undefined lines', () => {
    expect(valueDomain([10, 20, null, 15])).toEqual([9.5, 20.5]);
    expect(valueDomain([5, 5])).toEqual([4.75, 5.25]);
    expect(valueDomain([0, 0])).toEqual([-1, 1]);
    expect(valueDomain([null])).toBeUndefined();
  });

  it('draws a limit on the bin holding it, or the nearest end bin', () => {
    const bins = [
      { from: 0, to: 1, count: 1 },
      { from: 1, to: 2, count: 3 },
      { from: 2, to: 3, count: 2 },
    ];
    expect(binOfLimit(bins, 1)).toBe(bins[1]);
    expect(binOfLimit(bins, 3)).toBe(bins[2]);
    expect(binOfLimit(bins, -4)).toBe(bins[0]);
    expect(binOfLimit(bins, 9)).toBe(bins[2]);
    expect(binOfLimit(bins, null)).toBeUndefined();
    expect(binOfLimit([], 1)).toBeUndefined();
  });
});

describe('CSV exports', () => {
  const lines = (csv: string) =>
    csv
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');

  it('exports yield by test and the Pareto under the API field names, rows as answered', () => {
    const yieldAnswer = {
      byTest: [
        {
          testName: 'Shell test',
          results: 10,
          failures: 2,
          unitsTested: 9,
          firstPassYield: 0.75,
          finalYield: 1,
        },
      ],
    } as StatisticsYield;
    const exported = yieldByTestCsv(yieldAnswer);
    expect(exported.rows).toBe(1);
    expect(lines(exported.csv)).toEqual([
      'testName,results,failures,unitsTested,firstPassYield,finalYield',
      'Shell test,10,2,9,0.75,1',
    ]);
    const pareto = {
      byTest: [
        { testName: '=cmd', failures: 3, share: 0.75, cumulativeShare: 0.75 },
        { testName: 'Seat', failures: 1, share: 0.25, cumulativeShare: 1 },
      ],
    } as StatisticsPareto;
    // A test name a spreadsheet would run is written as text.
    expect(lines(paretoByTestCsv(pareto).csv)).toEqual([
      'testName,failures,share,cumulativeShare',
      "'=cmd,3,0.75,0.75",
      'Seat,1,0.25,1',
    ]);
  });

  it('exports the capability one figure a line, undefined ones empty', () => {
    const exported = capabilityCsv({
      testName: 'Shell test',
      planVersion: 1,
      lower: 30,
      upper: null,
      unit: 'bar',
      from: '2026-01-01',
      to: '2026-01-31',
      n: 2,
      mean: 31,
      stdDevWithin: 1,
      stdDevOverall: 1.2,
      cp: null,
      cpk: 0.33,
      pp: null,
      ppk: 0.28,
      cpl: 0.33,
      cpu: null,
      ppl: 0.28,
      ppu: null,
      expectedPpmWithin: 158655.25,
      expectedPpmOverall: 202328.1,
      fewValues: true,
      windowLimited: false,
      planVersions: [],
    } as StatisticsCapability);
    const rows = lines(exported.csv);
    expect(rows[0]).toBe('figure,value');
    expect(rows).toContain('cp,');
    expect(rows).toContain('cpk,0.33');
    expect(rows).toContain('fewValues,true');
    expect(exported.rows).toBe(rows.length - 1);
  });
});

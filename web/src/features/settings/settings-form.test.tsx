import { renderToStaticMarkup } from 'react-dom/server';
import { initReactI18next } from 'react-i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { updateSiteSettingsSchema } from '../../../../lambdas/shared/contract/schemas/settings';
import { i18n } from '../../i18n';
import { resources } from '../../i18n/resources';
import { SiteSettingsFields } from './components/site-settings-form';
import {
  changedSettings,
  sameVerdicts,
  settingsChoice,
  settingsInput,
  verdictsInOrder,
  withVerdict,
  type SiteSettingsChoice,
} from './settings-form';

beforeAll(async () => {
  await i18n.use(initReactI18next).init({
    resources,
    lng: 'en',
    fallbackLng: 'en',
    initAsync: false,
    showSupportNotice: false,
    interpolation: { escapeValue: false },
  });
});

describe('the site settings form’s rules', () => {
  it('keeps the chosen verdicts in the verdicts’ order, whatever the order of ticking', () => {
    expect(withVerdict(['fail'], 'pass', true)).toEqual(['pass', 'fail']);
    expect(withVerdict(['pass', 'fail'], 'untested', true)).toEqual(['pass', 'fail', 'untested']);
    expect(withVerdict(['pass', 'fail'], 'pass', false)).toEqual(['fail']);
    expect(withVerdict([], 'incomplete', false)).toEqual([]);
    expect(verdictsInOrder(['untested', 'pass'])).toEqual(['pass', 'untested']);
  });

  it('tells a changed choice from the same one in another order', () => {
    expect(sameVerdicts(['pass', 'fail'], ['fail', 'pass'])).toBe(true);
    expect(sameVerdicts(['pass'], ['pass', 'fail'])).toBe(false);
    expect(sameVerdicts([], [])).toBe(true);
  });

  it('sends every setting together, as the API’s schema accepts it, with the version the edit started from', () => {
    const input = settingsInput(
      { publicVerdicts: ['pass', 'incomplete'], selfRegistration: true },
      4,
    );
    expect(input).toEqual({
      publicVerdicts: ['pass', 'incomplete'],
      selfRegistration: true,
      version: 4,
    });
    expect(updateSiteSettingsSchema.safeParse(input).success).toBe(true);
    expect(settingsInput({ publicVerdicts: [], selfRegistration: false }, 0)).toEqual({
      publicVerdicts: [],
      selfRegistration: false,
      version: 0,
    });
  });

  it('starts from the settings as loaded, sign-up off when they do not say', () => {
    const loaded = {
      publicVerdicts: ['untested', 'pass'] as const,
      selfRegistration: false,
      version: 3,
      updatedAt: null,
      updatedBy: null,
    };
    expect(settingsChoice({ ...loaded, publicVerdicts: [...loaded.publicVerdicts] })).toEqual({
      publicVerdicts: ['pass', 'untested'],
      selfRegistration: false,
    });
  });

  it('names the settings a choice changes: the verdicts by value, sign-up by its switch', () => {
    const base: SiteSettingsChoice = { publicVerdicts: ['pass', 'fail'], selfRegistration: false };
    expect(changedSettings(base, { ...base, publicVerdicts: ['fail', 'pass'] })).toEqual([]);
    expect(changedSettings(base, { ...base, selfRegistration: true })).toEqual([
      'selfRegistration',
    ]);
    expect(changedSettings(base, { publicVerdicts: ['pass'], selfRegistration: true })).toEqual([
      'publicVerdicts',
      'selfRegistration',
    ]);
  });
});

describe('the site settings, as drawn', () => {
  const draw = (
    chosen: SiteSettingsChoice['publicVerdicts'],
    saved = {},
    selfRegistration = false,
  ) =>
    renderToStaticMarkup(
      <SiteSettingsFields
        choice={{ publicVerdicts: chosen, selfRegistration }}
        onChange={() => {}}
        saved={{ updatedAt: null, updatedBy: null, ...saved }}
      />,
    );
  /** Whether the checkbox (or toggle) of `testId` is ticked in the markup. */
  const tickedInput = (html: string, testId: string) => {
    const start = html.indexOf(`data-testid="${testId}"`);
    expect(start, testId).toBeGreaterThan(-1);
    const input = /<input[^>]*>/.exec(html.slice(start))?.[0] ?? '';
    return /\schecked(=""|\s|>|\/)/.test(input);
  };
  const ticked = (html: string, verdict: string) =>
    tickedInput(html, `settings-verdict-${verdict}`);

  it('ticks the chosen verdicts and explains what the choice does', () => {
    const html = draw(['pass', 'fail']);
    expect(ticked(html, 'pass')).toBe(true);
    expect(ticked(html, 'fail')).toBe(true);
    expect(ticked(html, 'incomplete')).toBe(false);
    expect(ticked(html, 'untested')).toBe(false);
    for (const label of ['Pass', 'Fail', 'Incomplete', 'Not tested']) expect(html).toContain(label);
    expect(html).toContain('Products without a test plan always issue reports.');
    expect(html).toContain('The defaults are in force');
    expect(html).not.toContain('settings-none');
  });

  it('warns when no verdict is chosen, and says who saved the settings last', () => {
    const html = draw([], {
      updatedAt: '2026-11-21T09:14:00.000Z',
      updatedBy: 'admin@example.com',
    });
    for (const verdict of ['pass', 'fail', 'incomplete', 'untested']) {
      expect(ticked(html, verdict)).toBe(false);
    }
    expect(html).toContain('data-testid="settings-none"');
    expect(html).toContain('visitors receive no report');
    expect(html).toMatch(/Last saved .*2026.* by admin@example\.com\./);
  });

  it('shows the sign-up switch as saved, saying an administrator approves new accounts', () => {
    const off = draw(['pass']);
    expect(tickedInput(off, 'settings-self-registration')).toBe(false);
    expect(off).toContain('People may create an account');
    expect(off).toContain('until an administrator approves it');
    expect(tickedInput(draw(['pass'], {}, true), 'settings-self-registration')).toBe(true);
  });
});

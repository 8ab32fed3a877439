import { renderToStaticMarkup } from 'react-dom/server';
import { initReactI18next } from 'react-i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { updateSiteSettingsSchema } from '../../../../lambdas/shared/contract/schemas/settings';
import { i18n } from '../../i18n';
import { resources } from '../../i18n/resources';
import { PublicVerdictsFields } from './components/public-verdicts-form';
import { sameVerdicts, settingsInput, verdictsInOrder, withVerdict } from './settings-form';

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

  it('sends what the API’s schema accepts, with the version the edit started from', () => {
    const input = settingsInput(['pass', 'incomplete'], 4);
    expect(input).toEqual({ publicVerdicts: ['pass', 'incomplete'], version: 4 });
    expect(updateSiteSettingsSchema.safeParse(input).success).toBe(true);
    expect(settingsInput([], 0)).toEqual({ publicVerdicts: [], version: 0 });
  });
});

describe('the verdicts visitors may receive, as drawn', () => {
  const draw = (chosen: Parameters<typeof PublicVerdictsFields>[0]['chosen'], saved = {}) =>
    renderToStaticMarkup(
      <PublicVerdictsFields
        chosen={chosen}
        onChange={() => {}}
        saved={{ updatedAt: null, updatedBy: null, ...saved }}
      />,
    );
  /** Whether the checkbox of a verdict is ticked in the markup. */
  const ticked = (html: string, verdict: string) => {
    const start = html.indexOf(`data-testid="settings-verdict-${verdict}"`);
    expect(start, verdict).toBeGreaterThan(-1);
    const input = /<input[^>]*>/.exec(html.slice(start))?.[0] ?? '';
    return /\schecked(=""|\s|>|\/)/.test(input);
  };

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
});

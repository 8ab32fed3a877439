import { describe, expect, it } from 'vitest';
import { dateTimeParts } from './date-time-parts';

describe('dateTimeParts', () => {
  it('splits a moment into its date and its time in the language', () => {
    const moment = '2026-11-21T08:15:00.000Z';
    for (const language of ['en', 'zh'] as const) {
      const parts = dateTimeParts(moment, language);
      const locale = language === 'en' ? 'en' : 'zh-TW';
      expect(parts).toEqual({
        date: new Intl.DateTimeFormat(locale, { dateStyle: 'medium' }).format(new Date(moment)),
        time: new Intl.DateTimeFormat(locale, { timeStyle: 'short' }).format(new Date(moment)),
      });
    }
    expect(dateTimeParts('2026-11-21T08:15:00.000Z', 'zh')?.date).toContain('2026年11月21日');
    expect(dateTimeParts('yesterday', 'en')).toBeUndefined();
  });

  it('gives the time to the second when asked, as formatTimestamp does', () => {
    const parts = dateTimeParts('2026-11-21T08:15:42.000Z', 'en', { seconds: true });
    expect(parts?.time).toBe(
      new Intl.DateTimeFormat('en', { timeStyle: 'medium' }).format(
        new Date('2026-11-21T08:15:42.000Z'),
      ),
    );
    expect(parts?.time).toContain(':42');
  });
});

import { describe, expect, it } from 'vitest';
import { parseColumnDisplay } from './column-display';

const defaults = [
  { id: 'name', visible: true },
  { id: 'fluid', visible: true },
  { id: 'application', visible: false },
];

describe('parseColumnDisplay', () => {
  it('gives the defaults for nothing stored or something unreadable', () => {
    for (const stored of [undefined, null, 'name', 42, { id: 'name' }, [], { columns: 'x' }]) {
      expect(parseColumnDisplay(stored, defaults)).toEqual(defaults);
    }
  });

  it('keeps the stored order and visibility', () => {
    const stored = [
      { id: 'application', visible: true },
      { id: 'name', visible: true },
      { id: 'fluid', visible: false },
    ];
    expect(parseColumnDisplay(stored, defaults)).toEqual(stored);
    expect(parseColumnDisplay({ columns: stored, defaults }, defaults)).toEqual(stored);
  });

  it('appends new columns and drops unknown, repeated or malformed entries', () => {
    const stored = [
      { id: 'application', visible: true },
      { id: 'fluid', visible: false },
      { id: 'removed', visible: true },
      { id: 'fluid', visible: true },
      { id: 'name', visible: 'yes' },
      null,
    ];
    expect(parseColumnDisplay(stored, defaults)).toEqual([
      { id: 'application', visible: true },
      { id: 'fluid', visible: false },
      { id: 'name', visible: true },
    ]);
  });

  describe('after the defaults changed', () => {
    /** Before: every column shown but the application. Now `fluid` starts hidden too. */
    const before = defaults;
    const now = [
      { id: 'name', visible: true },
      { id: 'fluid', visible: false },
      { id: 'application', visible: false },
    ];

    it('gives today’s defaults to an arrangement left as it was (only the page size chosen)', () => {
      expect(parseColumnDisplay({ columns: before, defaults: before }, now)).toEqual(now);
      // Stored as a bare list before the defaults were kept with it.
      expect(parseColumnDisplay(before, now, before)).toEqual(now);
    });

    it('keeps what was chosen: a column shown or hidden unlike the defaults of that time', () => {
      const chosen = [
        { id: 'name', visible: true },
        { id: 'fluid', visible: true },
        { id: 'application', visible: true },
      ];
      // The application was shown by choice; the fluid was shown as a default, now hidden.
      expect(parseColumnDisplay({ columns: chosen, defaults: before }, now)).toEqual([
        { id: 'name', visible: true },
        { id: 'fluid', visible: false },
        { id: 'application', visible: true },
      ]);
      expect(parseColumnDisplay(chosen, now, before)).toEqual([
        { id: 'name', visible: true },
        { id: 'fluid', visible: false },
        { id: 'application', visible: true },
      ]);
      // Shown against a default that hid it: a choice, kept.
      const shownFluid = { columns: now.map((c) => ({ ...c, visible: true })), defaults: now };
      expect(parseColumnDisplay(shownFluid, now)).toEqual(shownFluid.columns);
    });

    it('keeps a chosen order; an order left as it was follows today’s', () => {
      const moved = [
        { id: 'fluid', visible: true },
        { id: 'name', visible: true },
        { id: 'application', visible: false },
      ];
      expect(parseColumnDisplay({ columns: moved, defaults: before }, now)).toEqual([
        { id: 'fluid', visible: false },
        { id: 'name', visible: true },
        { id: 'application', visible: false },
      ]);
      const reordered = [now[2]!, now[0]!, now[1]!];
      const stored = { columns: before, defaults: before };
      expect(parseColumnDisplay(stored, reordered)).toEqual(reordered);
    });

    it('counts a bare list against today’s defaults when no earlier ones are given', () => {
      expect(parseColumnDisplay(before, now)).toEqual([
        { id: 'name', visible: true },
        { id: 'fluid', visible: true },
        { id: 'application', visible: false },
      ]);
    });
  });
});

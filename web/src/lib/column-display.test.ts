import { describe, expect, it } from 'vitest';
import { parseColumnDisplay } from './column-display';

const defaults = [
  { id: 'name', visible: true },
  { id: 'fluid', visible: true },
  { id: 'application', visible: false },
];

describe('parseColumnDisplay', () => {
  it('gives the defaults for nothing stored or something unreadable', () => {
    for (const stored of [undefined, null, 'name', 42, { id: 'name' }]) {
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
  });

  it('appends new columns and drops unknown, repeated or malformed entries', () => {
    const stored = [
      { id: 'fluid', visible: false },
      { id: 'removed', visible: true },
      { id: 'fluid', visible: true },
      { id: 'name', visible: 'yes' },
      null,
    ];
    expect(parseColumnDisplay(stored, defaults)).toEqual([
      { id: 'fluid', visible: false },
      { id: 'name', visible: true },
      { id: 'application', visible: false },
    ]);
  });
});

import { describe, expect, it } from 'vitest';
import type { SerialRange } from '../../../../lambdas/shared/contract/schemas/serial-range';
import { labelCount, labelSelection } from './label-selection';

const range: SerialRange = {
  id: 'r-1',
  productId: 'p-1',
  startSerial: 'AV-2024-000100',
  endSerial: 'AV-2024-000199',
  totalUnits: 100,
  productionDate: '2024-03-01',
  gtin: null,
  bodyMaterial: 'WCB',
  version: 1,
  createdAt: '2026-01-02T03:04:05.000Z',
  updatedAt: '2026-01-02T03:04:05.000Z',
  createdBy: 'admin@example.com',
  updatedBy: 'admin@example.com',
};

describe('labelSelection', () => {
  it('counts the units from–to, both ends included', () => {
    expect(labelSelection(range, 'AV-2024-000100', 'AV-2024-000199')).toEqual({
      count: 100,
      fromInvalid: false,
      toInvalid: false,
    });
    expect(labelCount(range, 'AV-2024-000150', 'AV-2024-000150')).toBe(1);
  });

  it('flags only "to" when it alone is outside the range', () => {
    expect(labelSelection(range, 'AV-2024-000100', 'AV-2024-000200')).toEqual({
      count: null,
      fromInvalid: false,
      toInvalid: true,
    });
    expect(labelSelection(range, 'AV-2024-000100', 'BV-2024-000150').toInvalid).toBe(true);
    expect(labelSelection(range, 'AV-2024-000100', 'AV-2024-00150').toInvalid).toBe(true);
  });

  it('flags only "from" when it alone is outside the range', () => {
    expect(labelSelection(range, 'AV-2024-000099', 'AV-2024-000150')).toEqual({
      count: null,
      fromInvalid: true,
      toInvalid: false,
    });
    expect(labelSelection(range, 'not a serial', 'AV-2024-000150').fromInvalid).toBe(true);
  });

  it('flags "to" when it comes before "from"', () => {
    expect(labelSelection(range, 'AV-2024-000150', 'AV-2024-000120')).toEqual({
      count: null,
      fromInvalid: false,
      toInvalid: true,
    });
  });

  it('flags both when both are outside', () => {
    expect(labelSelection(range, 'AV-2024-000001', 'AV-2024-000999')).toEqual({
      count: null,
      fromInvalid: true,
      toInvalid: true,
    });
  });

  it('does not flag an empty field, but gives no count', () => {
    expect(labelSelection(range, '  ', 'AV-2024-000150')).toEqual({
      count: null,
      fromInvalid: false,
      toInvalid: false,
    });
    expect(labelSelection(range, 'AV-2024-000150', '')).toEqual({
      count: null,
      fromInvalid: false,
      toInvalid: false,
    });
  });
});

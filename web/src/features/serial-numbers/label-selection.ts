import type { SerialRange } from '../../../../lambdas/shared/contract/schemas/serial-range';
import { parseSerial } from '../../../../lambdas/shared/contract/serial';

/** The units chosen for printing labels, and which bound (if any) is wrong. */
export interface LabelSelection {
  /** How many labels `from`–`to` is, or null when the pair is not usable. */
  count: number | null;
  /** `from` is typed and is not a serial of the range. */
  fromInvalid: boolean;
  /** `to` is typed and is not a serial of the range, or comes before `from`. */
  toInvalid: boolean;
}

/**
 * Checks each bound of a label selection on its own, so the message is shown under the
 * field that is wrong. An empty field is not flagged (the print button stays disabled).
 */
export function labelSelection(
  range: Pick<SerialRange, 'startSerial' | 'endSerial'>,
  from: string,
  to: string,
): LabelSelection {
  const start = parseSerial(range.startSerial);
  const end = parseSerial(range.endSerial);
  const inside = (input: string) => {
    const serial = parseSerial(input);
    if (!start || !end || !serial) return undefined;
    const within =
      serial.prefix === start.prefix &&
      serial.digits.length === start.digits.length &&
      serial.number >= start.number &&
      serial.number <= end.number;
    return within ? serial.number : undefined;
  };
  const first = inside(from);
  const last = inside(to);
  const ordered = first !== undefined && last !== undefined && last >= first;
  return {
    count: ordered ? last - first + 1 : null,
    fromInvalid: from.trim() !== '' && first === undefined,
    toInvalid: to.trim() !== '' && (last === undefined || (first !== undefined && !ordered)),
  };
}

/** How many labels `from`–`to` of the range is, or null when they are not within it. */
export function labelCount(range: SerialRange, from: string, to: string): number | null {
  return labelSelection(range, from, to).count;
}

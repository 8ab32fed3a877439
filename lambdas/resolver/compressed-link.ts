import { ValidationError } from '../shared/errors';

/**
 * Decompressing a compressed GS1 Digital Link URI's path (GS1 Digital Link standard:
 * compression; the binary format GS1's Digital Link toolkit writes), as the GS1-Conformant
 * resolver standard asks a resolver to: `/DBFKk4XBoNwyv22m3X2mmmu24` is
 * `/01/09506000134352/21/GV-2026-000123`. The path is URI-safe base64, 6 bits a character;
 * the bits are a sequence of
 * - an application identifier (two to four decimal digits, 4 bits each; its first two say
 *   its length) and its value, in the format the AI's definition gives;
 * - an optimisation code (two hex digits not both decimal) standing for a fixed sequence of
 *   AIs, each value in turn;
 * - `F` and a key that is not a GS1 AI (7-bit length, 6-bit characters) with its value;
 * and at most five zero bits of padding. Values: fixed-length numeric as a binary number of
 * ⌈L·log₂10⌉ bits; variable-length numeric as a length and such a number; alphanumeric as a
 * 3-bit encoding (digits, lower or upper hex, URI-safe base64, 7-bit ASCII), for a variable
 * length a length, and the characters. A value of digits keeps its leading zeros (its length
 * says how many characters it has).
 */

/** A value component of an AI: numeric (`N`) or alphanumeric (`X`), of fixed or maximum length. */
interface Component {
  kind: 'N' | 'X';
  fixed?: number;
  max?: number;
}

const n = (fixed: number): Component => ({ kind: 'N', fixed });
const nv = (max: number): Component => ({ kind: 'N', max });
const xv = (max: number): Component => ({ kind: 'X', max });

/**
 * The length of an AI from its first two digits (GS1 General Specifications, 3.2); the
 * prefixes not listed are not assigned.
 */
const aiLength: Record<string, 2 | 3 | 4> = {
  ...Object.fromEntries(
    ['00', '01', '02', '10', '11', '12', '13', '15', '16', '17', '20', '21', '22', '30', '37']
      .concat(['90', '91', '92', '93', '94', '95', '96', '97', '98', '99'])
      .map((prefix) => [prefix, 2 as const]),
  ),
  ...Object.fromEntries(
    ['23', '24', '25', '40', '41', '42', '71'].map((prefix) => [prefix, 3 as const]),
  ),
  ...Object.fromEntries(
    ['31', '32', '33', '34', '35', '36', '39', '70', '72', '80', '81', '82'].map((prefix) => [
      prefix,
      4 as const,
    ]),
  ),
};

/** Measures (31nn–36nn): six digits, the last digit of the AI the decimal point's place. */
function isMeasure(ai: string): boolean {
  if (!/^3[1-6]\d[0-5]$/.test(ai)) return false;
  const third = Number(ai[2]);
  const highest: Record<string, number> = { '1': 6, '2': 9, '3': 7, '4': 9, '5': 7, '6': 9 };
  return third <= highest[ai[1]!]!;
}

/** The format of an AI's value (GS1 General Specifications, 3.2), or undefined when unknown. */
export function aiFormat(ai: string): Component[] | undefined {
  const fixed: Record<string, Component[]> = {
    '00': [n(18)],
    '01': [n(14)],
    '02': [n(14)],
    '10': [xv(20)],
    '11': [n(6)],
    '12': [n(6)],
    '13': [n(6)],
    '15': [n(6)],
    '16': [n(6)],
    '17': [n(6)],
    '20': [n(2)],
    '21': [xv(20)],
    '22': [xv(20)],
    '240': [xv(30)],
    '241': [xv(30)],
    '242': [nv(6)],
    '243': [xv(20)],
    '250': [xv(30)],
    '251': [xv(30)],
    '253': [n(13), xv(17)],
    '254': [xv(20)],
    '255': [n(13), nv(12)],
    '30': [nv(8)],
    '37': [nv(8)],
    '400': [xv(30)],
    '401': [xv(30)],
    '402': [n(17)],
    '403': [xv(30)],
    '420': [xv(20)],
    '421': [n(3), xv(9)],
    '422': [n(3)],
    '423': [n(3), nv(12)],
    '424': [n(3)],
    '425': [n(3), nv(12)],
    '426': [n(3)],
    '427': [xv(3)],
    '7001': [n(13)],
    '7002': [xv(30)],
    '7003': [n(10)],
    '7004': [nv(4)],
    '7005': [xv(12)],
    '7006': [n(6)],
    '7007': [n(6), nv(6)],
    '7008': [xv(3)],
    '7009': [xv(10)],
    '7010': [xv(2)],
    '7020': [xv(20)],
    '7021': [xv(20)],
    '7022': [xv(20)],
    '7023': [xv(30)],
    '8001': [n(14)],
    '8002': [xv(20)],
    '8003': [n(14), xv(16)],
    '8004': [xv(30)],
    '8005': [n(6)],
    '8006': [n(18)],
    '8007': [xv(24)],
    '8008': [n(8), nv(4)],
    '8009': [xv(50)],
    '8010': [xv(30)],
    '8011': [nv(12)],
    '8012': [xv(20)],
    '8013': [xv(30)],
    '8017': [n(18)],
    '8018': [n(18)],
    '8019': [nv(10)],
    '8020': [xv(25)],
    '8026': [n(18)],
    '8110': [xv(70)],
    '8111': [n(4)],
    '8112': [xv(70)],
    '8200': [xv(70)],
    '90': [xv(30)],
  };
  if (fixed[ai]) return fixed[ai];
  if (isMeasure(ai)) return [n(6)];
  if (/^39[02]\d$/.test(ai)) return [nv(15)];
  if (/^39[13]\d$/.test(ai)) return [n(3), nv(15)];
  if (/^394[0-3]$/.test(ai)) return [n(4)];
  if (/^41[0-6]$/.test(ai)) return [n(13)];
  if (/^703\d$/.test(ai)) return [n(3), xv(27)];
  if (/^71[0-4]$/.test(ai)) return [xv(20)];
  if (/^723\d$/.test(ai)) return [xv(30)];
  if (/^9[1-9]$/.test(ai)) return [xv(90)];
  return undefined;
}

/**
 * Optimisation codes: a fixed sequence of AIs (the compression standard's table), each in
 * the order GS1's toolkit writes their values: sorted as text (its table sorts them in
 * place), so `1A` is 01, 10, 17, 21 and `9D` is 254, 414.
 */
const optimisations: Record<string, string[]> = {
  '0A': ['01', '22'],
  '0B': ['01', '10'],
  '0C': ['01', '21'],
  '0D': ['01', '17'],
  '0E': ['01', '7003'],
  '0F': ['01', '30'],
  '1A': ['01', '10', '17', '21'],
  '1B': ['01', '15'],
  '1C': ['01', '11'],
  '1D': ['01', '16'],
  '1E': ['01', '91'],
  '1F': ['01', '10', '15'],
  ...Object.fromEntries(
    ['A', 'B', 'C', 'D', 'E', 'F'].flatMap((digit, index) => [
      [`2${digit}`, ['01', `310${index}`]],
      [`3${digit}`, ['01', `320${index}`]],
    ]),
  ),
  '9A': ['8010', '8011'],
  '9B': ['8017', '8019'],
  '9C': ['8018', '8019'],
  '9D': ['254', '414'],
  ...Object.fromEntries(
    Array.from({ length: 10 }, (_, index) => [`A${index}`, ['01', `392${index}`]]),
  ),
  ...Object.fromEntries(
    Array.from({ length: 10 }, (_, index) => [`C${index}`, ['255', `390${index}`]]),
  ),
  CA: ['255', '3940'],
  CB: ['255', '3941'],
  CC: ['255', '3942'],
  CD: ['255', '3943'],
};

const base64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
const hex = '0123456789ABCDEF';

/** Bits a number of `digits` decimal digits takes. */
const valueBits = (digits: number) => Math.ceil((digits * Math.log(10)) / Math.log(2) + 0.01);
/** Bits a length up to `max` takes. */
const lengthBits = (max: number) => Math.ceil(Math.log(max) / Math.log(2) + 0.01);

/** A compressed path's payload is not one: the link is malformed (400). */
const malformed = () => new ValidationError({}, 'errors.linkCompressed');

/** Reads the bit string left to right; reading past its end means the link is malformed. */
class BitReader {
  private cursor = 0;
  constructor(private readonly bits: string) {}

  get left(): number {
    return this.bits.length - this.cursor;
  }

  read(count: number): string {
    if (count > this.left) throw malformed();
    const part = this.bits.slice(this.cursor, this.cursor + count);
    this.cursor += count;
    return part;
  }

  number(count: number): bigint {
    return count === 0 ? 0n : BigInt(`0b${this.read(count)}`);
  }

  /** `digits` decimal digits, leading zeros kept; a number too large for them is malformed. */
  digits(digits: number): string {
    const value = this.number(valueBits(digits)).toString();
    if (value.length > digits) throw malformed();
    return value.padStart(digits, '0');
  }

  /** `count` characters in one of the five encodings. */
  characters(encoding: number, count: number): string {
    switch (encoding) {
      case 0:
        return this.digits(count);
      case 1:
      case 2: {
        const text = this.alphabet(hex, 4, count);
        return encoding === 1 ? text.toLowerCase() : text;
      }
      case 3:
        return this.alphabet(base64, 6, count);
      case 4:
        return Array.from({ length: count }, () =>
          String.fromCharCode(Number(this.number(7))),
        ).join('');
      default:
        throw malformed();
    }
  }

  private alphabet(letters: string, width: number, count: number): string {
    let text = '';
    for (let index = 0; index < count; index++) {
      const letter = letters[Number(this.number(width))];
      if (letter === undefined) throw malformed();
      text += letter;
    }
    return text;
  }
}

/** One AI's value, component by component. */
function readValue(reader: BitReader, ai: string): string {
  const format = aiFormat(ai);
  if (!format) throw malformed();
  let value = '';
  for (const component of format) {
    if (component.kind === 'N' && component.fixed !== undefined) {
      value += reader.digits(component.fixed);
    } else if (component.kind === 'N') {
      const length = Number(reader.number(lengthBits(component.max!)));
      if (length > component.max!) throw malformed();
      value += length === 0 ? '' : reader.digits(length);
    } else {
      const encoding = Number(reader.number(3));
      const length = component.fixed ?? Number(reader.number(lengthBits(component.max!)));
      if (length > (component.fixed ?? component.max!)) throw malformed();
      value += reader.characters(encoding, length);
    }
  }
  return value;
}

/** What a compressed path holds: GS1 element strings in order, and other key=value pairs. */
export interface DecompressedLink {
  elements: [ai: string, value: string][];
  others: [key: string, value: string][];
}

/**
 * Decompresses one path segment; throws `invalid-argument` ("errors.linkCompressed") for
 * anything that is not a whole compressed link: other characters, an unknown AI or code,
 * a value that does not fit its format, bits left over beyond the padding.
 */
export function decompressLink(segment: string): DecompressedLink {
  if (!/^[A-Za-z0-9_-]+$/.test(segment)) throw malformed();
  const reader = new BitReader(
    [...segment].map((letter) => base64.indexOf(letter).toString(2).padStart(6, '0')).join(''),
  );
  const elements: DecompressedLink['elements'] = [];
  const others: DecompressedLink['others'] = [];
  while (reader.left > 8) {
    const h1 = Number(reader.number(4));
    const h2 = Number(reader.number(4));
    if (h1 <= 9 && h2 <= 9) {
      const prefix = `${h1}${h2}`;
      const length = aiLength[prefix];
      if (!length) throw malformed();
      let ai = prefix;
      for (let digit = 2; digit < length; digit++) {
        const next = Number(reader.number(4));
        if (next > 9) throw malformed();
        ai += String(next);
      }
      elements.push([ai, readValue(reader, ai)]);
    } else if (optimisations[`${hex[h1]}${hex[h2]}`]) {
      for (const ai of optimisations[`${hex[h1]}${hex[h2]}`]!) {
        elements.push([ai, readValue(reader, ai)]);
      }
    } else if (h1 === 0xf) {
      // A key that is no GS1 AI: its 7-bit length begins in h2's bits.
      const keyLength = h2 * 8 + Number(reader.number(3));
      const key = reader.characters(3, keyLength);
      const encoding = Number(reader.number(3));
      const length = Number(reader.number(7));
      others.push([key, reader.characters(encoding, length)]);
    } else {
      throw malformed();
    }
  }
  // What remains is padding to the last character's six bits: fewer than six zero bits.
  const rest = reader.read(reader.left);
  if (rest.length >= 6 || /1/.test(rest) || elements.length === 0) throw malformed();
  return { elements, others };
}

/** The primary key and key qualifiers a GTIN link takes in its path, in their order. */
const pathAis = ['01', '22', '10', '21'];

/**
 * The uncompressed link's path and query: the GTIN and its qualifiers in the path, every
 * other element and key=value pair in the query string (data attributes, as GS1 Digital
 * Link URI syntax puts them), the request's own query string after them. A path this
 * resolver's syntax check then refuses (no GTIN, an AI twice) is answered as that path is.
 */
export function uncompressedLink(
  link: DecompressedLink,
  rawQuery: string,
): { path: string; query: string } {
  const path: string[] = [];
  const query: string[] = [];
  for (const ai of pathAis) {
    const found = link.elements.filter(([key]) => key === ai);
    for (const [key, value] of found) path.push(key, encodeURIComponent(value));
  }
  for (const [key, value] of link.elements) {
    if (!pathAis.includes(key)) query.push(`${key}=${encodeURIComponent(value)}`);
  }
  for (const [key, value] of link.others) {
    query.push(`${encodeURIComponent(key)}=${encodeURIComponent(value)}`);
  }
  if (rawQuery) query.push(rawQuery);
  return { path: `/${path.join('/')}`, query: query.join('&') };
}

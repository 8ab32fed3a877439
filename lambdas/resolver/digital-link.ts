import {
  gtinCheckDigit,
  gtinProblem,
  inCset82,
  maxAi21Length,
  toGtin14,
} from '../shared/contract/gs1';
import { parseSerial } from '../shared/contract/serial';
import type { MessageKey } from '../shared/contract/messages';
import { ValidationError } from '../shared/errors';

/**
 * Reading a request path as GS1 Digital Link URI syntax (1.x, section 4) for the one
 * primary key this resolver serves, the GTIN (AI 01), or as the product's own form
 * `/id/<serial>`. Syntax errors are `invalid-argument` (400) naming the problem, as the
 * GS1-Conformant resolver standard asks (2.4.1); a well-formed link that names nothing
 * known is the caller's 404.
 */

/** What a request path names. */
export type ParsedLink =
  /** A serialised unit: `/01/<gtin>[/22/..][/10/..]/21/<serial>` or `/id/<serial>`. */
  | { kind: 'unit'; gtin: string | null; serial: string }
  /** A trade item, maybe with a variant or batch this resolver keeps no records of. */
  | { kind: 'product'; gtin: string };

/** Key qualifiers of AI 01, in the only order the syntax allows (URI syntax 4.9). */
const gtinQualifiers = ['22', '10', '21'] as const;

const refuse = (key: MessageKey, params: Record<string, string | number> = {}) =>
  new ValidationError({}, key, params);

/**
 * The path's segments, each percent-decoded once. `path` is the percent-encoded path as
 * the viewer sent it (API Gateway decodes its `rawPath` once; CloudFront's viewer-request
 * function encodes `%` beforehand, so what arrives is the path as sent). A trailing slash
 * is tolerated (resolver standard 2.13).
 */
function segmentsOf(path: string): string[] {
  // Index walks, not /\/+$/: that pattern is tried from every slash of a long run that
  // does not end the path (time quadratic in the run: 100 ms for 16,000 slashes).
  let start = 0;
  let end = path.length;
  while (start < end && path[start] === '/') start++;
  while (end > start && path[end - 1] === '/') end--;
  const trimmed = path.slice(start, end);
  if (trimmed === '') return [];
  try {
    return trimmed.split('/').map((segment) => decodeURIComponent(segment));
  } catch {
    throw refuse('errors.linkEncoding');
  }
}

/** `/01/...` after the leading `01`: the GTIN and its qualifiers. */
function parseGtinPath(segments: string[]): ParsedLink {
  // `01`, the GTIN, then pairs of an application identifier and its value.
  if (segments.length < 2 || segments.length % 2 !== 0 || segments.some((part) => part === '')) {
    throw refuse('errors.linkPath');
  }
  const rawGtin = segments[1]!;
  const problem = gtinProblem(rawGtin);
  if (problem === 'checkDigit') {
    throw refuse('errors.linkCheckDigit', {
      gtin: rawGtin,
      expected: gtinCheckDigit(rawGtin.slice(0, -1)),
    });
  }
  if (problem === 'zero') throw refuse('errors.linkGtinZero', { gtin: rawGtin });
  if (problem) throw refuse('errors.linkGtin');
  const gtin = toGtin14(rawGtin);

  let next = 0;
  let serial: string | undefined;
  for (let index = 2; index < segments.length; index += 2) {
    const ai = segments[index]!;
    const value = segments[index + 1]!;
    const position = gtinQualifiers.indexOf(ai as (typeof gtinQualifiers)[number]);
    // Unknown, repeated, out of order, or a data attribute in the path (URI syntax 4.10).
    if (position < next) throw refuse('errors.linkQualifier', { ai: ai.slice(0, 8) });
    next = position + 1;
    if (value.length > maxAi21Length || !inCset82(value)) {
      throw refuse('errors.linkValue', { ai, max: maxAi21Length });
    }
    if (ai === '21') serial = value;
  }
  return serial === undefined ? { kind: 'product', gtin } : { kind: 'unit', gtin, serial };
}

/** Parses `/01/...`; throws `invalid-argument` with the problem. */
export function parseDigitalLinkPath(path: string): ParsedLink {
  const segments = segmentsOf(path);
  if (segments[0] !== '01') throw refuse('errors.linkPath');
  return parseGtinPath(segments);
}

/**
 * Parses `/id/<serial>`: one segment, a serial of the product's form (prefix + digits),
 * exactly as it is printed: characters outside the serial's ASCII set (look-alikes such
 * as `ſ` or `ı` included) and surrounding spaces make the link malformed (400), as a value
 * outside set 82 does in the GS1 form.
 */
export function parseIdPath(path: string): ParsedLink {
  const segments = segmentsOf(path);
  if (segments[0] !== 'id' || segments.length !== 2) throw refuse('errors.linkIdPath');
  const raw = segments[1]!;
  const serial = inCset82(raw) ? parseSerial(raw) : null;
  if (!serial) throw refuse('errors.linkSerial');
  return { kind: 'unit', gtin: null, serial: serial.serial };
}

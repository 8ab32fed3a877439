import { credentialPath } from '../report-requests/paths';
import { encodeAiValue, identityLink } from '../shared/contract/gs1';
import { message, type Language, type MessageKey } from '../shared/contract/messages';
import {
  gs1Vocabulary,
  linksetContext,
  type LinkTarget,
  type Linkset,
} from '../shared/contract/schemas/resolver';

/**
 * The links the resolver knows for an identified item, and how it writes them: an RFC 9264
 * linkset in the shape the GS1-Conformant resolver standard 1.2 prescribes (GS1's published
 * linkset JSON schema, which the tests validate every linkset against: `anchor` and
 * `itemDescription`, every other member an array of target objects keyed by a link type as
 * a full URI of the GS1 web vocabulary, every target with `href` and `title`), and an RFC
 * 8288 `Link` header. Link types are full URIs, never CURIEs: the
 * schema refuses `gs1:pip` as a key, and a `Link` header's extension relation types are
 * URIs (RFC 8288 2.1.2).
 */

export { gs1Vocabulary, linksetContext };

/** Earlier spellings of the namespace, still accepted in `linkType`. */
const gs1VocabularyAliases = [
  gs1Vocabulary,
  'https://gs1.org/voc/',
  'http://gs1.org/voc/',
  'https://www.gs1.org/voc/',
];

/** The link types this resolver publishes, by their GS1 vocabulary term. */
export type LinkTypeTerm = 'defaultLink' | 'certificationInfo' | 'verificationService' | 'pip';

export interface Link {
  type: LinkTypeTerm;
  href: string;
  title: string;
  /** Media type of the target. */
  mediaType?: string;
  hreflang?: string[];
}

/** One identified item's links: the unit, or the trade item above it. */
export interface ItemLinks {
  anchor: string;
  /** The linkset's `itemDescription`. */
  description: string;
  /** The default link first (gs1:defaultLink: `href` and `title` only, 2.5.8). */
  links: Link[];
}

/** Languages the report pages are offered in (BCP 47, as the linkset schema accepts them). */
const pageLanguages = ['en', 'zh-TW'];

const t = (key: MessageKey, language: Language, params: Record<string, string> = {}) =>
  message(key, params, language);

/** Conformity credentials a unit's linkset lists at most (its newest reports'). */
export const linksetCredentials = 10;

/**
 * A unit's links: its test report (the default, also typed gs1:certificationInfo as 2.5.8
 * asks), the conformity credential of each of its newest reports (gs1:certificationInfo,
 * `application/vc+jwt`, newest first), the page that verifies a report of this unit
 * (gs1:verificationService) and the product data of the unit as JSON (gs1:pip).
 */
export function unitLinks(
  base: string,
  unit: { serial: string; gtin: string | null },
  language: Language,
  credentials: readonly { reportNumber: string; issuedAt: string }[] = [],
): ItemLinks {
  const serial = encodeURIComponent(unit.serial);
  const report = `${base}/search?serial=${serial}`;
  const reportTitle = t('report.links.report', language);
  return {
    anchor: identityLink(base, unit),
    description: `${t('report.serialNumber', language)} ${unit.serial}`,
    links: [
      { type: 'defaultLink', href: report, title: reportTitle },
      {
        type: 'certificationInfo',
        href: report,
        title: reportTitle,
        mediaType: 'text/html',
        hreflang: pageLanguages,
      },
      ...credentials.map(({ reportNumber, issuedAt }): Link => ({
        type: 'certificationInfo',
        href: `${base}${credentialPath(reportNumber)}`,
        title: t('report.links.credential', language, {
          reportNumber,
          date: issuedAt.slice(0, 10),
        }),
        mediaType: 'application/vc+jwt',
      })),
      {
        type: 'verificationService',
        href: `${base}/search?verify=&serial=${serial}`,
        title: t('report.links.verification', language),
        mediaType: 'text/html',
        hreflang: pageLanguages,
      },
      {
        type: 'pip',
        href: `${base}/api/units/${encodeAiValue(unit.serial)}`,
        title: t('report.links.productData', language),
        mediaType: 'application/json',
      },
    ],
  };
}

/**
 * The trade item's links (`/01/<gtin>`): the Test Report Center, where a visitor types the
 * serial from the nameplate. A request for a batch or variant of the GTIN walks up to it
 * (2.5.9: every key qualifier is supported); an unknown serial does not (the caller's 404).
 */
export function productLinks(base: string, gtin: string, language: Language): ItemLinks {
  const center = `${base}/search`;
  const title = t('report.links.reportCenter', language);
  return {
    anchor: `${base}/01/${gtin}`,
    description: `GTIN ${gtin}`,
    links: [
      { type: 'defaultLink', href: center, title },
      {
        type: 'certificationInfo',
        href: center,
        title,
        mediaType: 'text/html',
        hreflang: pageLanguages,
      },
    ],
  };
}

const typeUri = (type: LinkTypeTerm) => `${gs1Vocabulary}${type}`;

/** The linkset body (RFC 9264 JSON, GS1's shape): the most specific item first. */
export function linksetOf(items: ItemLinks[]): Linkset {
  return {
    linkset: items.map((item) => {
      const targets: Record<string, LinkTarget[]> = {};
      for (const link of item.links) {
        const target: LinkTarget = { href: link.href, title: link.title };
        if (link.type !== 'defaultLink') {
          if (link.mediaType) target.type = link.mediaType;
          if (link.hreflang) target.hreflang = link.hreflang;
        }
        const key = typeUri(link.type);
        targets[key] = [...(targets[key] ?? []), target];
      }
      return Object.assign({ anchor: item.anchor, itemDescription: item.description }, targets);
    }),
  };
}

/** A `Link` header value with quoted-string parameters (ASCII values: relation and media types). */
function linkValue(target: string, params: Record<string, string>): string {
  return [
    `<${target}>`,
    ...Object.entries(params).map(([name, value]) => `${name}="${value}"`),
  ].join('; ');
}

/**
 * The `Link` header of an answer about an item: where its linkset is (rel `linkset`, with
 * its media type), as the current resolver standard recommends for redirects and linksets
 * alike. The item's links themselves are in the linkset, not repeated here (a header of
 * every link grows with each and tells a client nothing the linkset does not).
 */
export function linkHeader(requestUrl: string): string {
  return linkValue(linksetUrl(requestUrl), { rel: 'linkset', type: 'application/linkset+json' });
}

/**
 * A request path as it goes into a URI: `%XX` escapes the viewer sent stay as they are
 * (the path arrives percent-encoded as sent), anything else a URI path may not hold is
 * encoded, so an encoded `/` in a serial stays `%2F`, never `%252F`.
 */
export function uriPath(path: string): string {
  return path.replace(/%(?![0-9A-Fa-f]{2})|[^A-Za-z0-9\-._~!$&'()*+,;=:@/%]/gu, (character) =>
    encodeURIComponent(character),
  );
}

/** The request's address without its query string, asking for the linkset. */
export function linksetUrl(requestUrl: string): string {
  return `${requestUrl.split('?')[0]}?linkType=linkset`;
}

/** The JSON-LD context of a linkset, as a `Link` header value (2.10). */
export const contextLinkHeader = linkValue(linksetContext, {
  rel: 'http://www.w3.org/ns/json-ld#context',
  type: 'application/ld+json',
});

/**
 * What `?linkType=` asks for: the linkset (`linkset`, or the older `all`), one of the GS1
 * vocabulary's link types (as `gs1:pip` or a full URI in any of its namespaces), or a type
 * this resolver does not know (which then has no link: 404).
 */
export type LinkTypeRequest =
  { kind: 'linkset' } | { kind: 'type'; term: string } | { kind: 'unknown'; value: string };

export function linkTypeRequest(value: string): LinkTypeRequest {
  const trimmed = value.trim();
  if (trimmed === 'linkset' || trimmed === 'all') return { kind: 'linkset' };
  if (trimmed.startsWith('gs1:')) return { kind: 'type', term: trimmed.slice(4) };
  const namespace = gs1VocabularyAliases.find((alias) => trimmed.startsWith(alias));
  if (namespace) return { kind: 'type', term: trimmed.slice(namespace.length) };
  return { kind: 'unknown', value: trimmed };
}

/** The item's link of a GS1 link type term, if it has one (the first one). */
export function linkOfType(item: ItemLinks, term: string): Link | undefined {
  return item.links.find((link) => link.type === term);
}

/** `href` with the request's query string passed on exactly as sent (2.12). */
export function withQuery(href: string, rawQuery: string): string {
  if (!rawQuery) return href;
  return `${href}${href.includes('?') ? '&' : '?'}${rawQuery}`;
}

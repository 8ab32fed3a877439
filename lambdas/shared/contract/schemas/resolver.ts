import * as z from 'zod';

/*
 * What the identification-link resolver answers (docs/identity-links.md): an item's
 * linkset and the resolver description file, as the GS1-Conformant resolver standard
 * shapes them. GS1's own JSON schemas, which the integration tests validate the answers
 * against, hold the finer rules (link type URIs, language tags).
 */

/** The GS1 web vocabulary, the namespace of the `gs1:` prefix (resolver standard 2.14). */
export const gs1Vocabulary = 'https://ref.gs1.org/voc/';
/** The JSON-LD context of GS1 linksets (resolver standard 2.10, artefacts). */
export const linksetContext = 'https://ref.gs1.org/standards/resolver/linkset-context';

/** One target of a link: where it leads, its title, its media type and languages. */
export const linkTargetSchema = z.object({
  href: z.string(),
  title: z.string(),
  /** Media type of the target (none on gs1:defaultLink, 2.5.8). */
  type: z.string().optional(),
  hreflang: z.array(z.string()).optional(),
});
export type LinkTarget = z.infer<typeof linkTargetSchema>;

/**
 * One identified item's links (RFC 9264 JSON, GS1's shape): its `anchor` and
 * `itemDescription`, every other member the targets of one link type, keyed by the type's
 * full URI in the GS1 vocabulary (`https://ref.gs1.org/voc/pip`).
 */
export const linksetEntrySchema = z
  .object({ anchor: z.string(), itemDescription: z.string() })
  .catchall(z.array(linkTargetSchema));
export type LinksetEntry = z.infer<typeof linksetEntrySchema>;

/**
 * The linkset of a link, the most specific item first (the unit, then its trade item);
 * as JSON-LD (`Accept: application/ld+json`) with its `@context` embedded.
 */
export const linksetSchema = z.object({
  '@context': z.literal(linksetContext).optional(),
  linkset: z.array(linksetEntrySchema).min(1),
});
export type Linkset = z.infer<typeof linksetSchema>;

/** `/.well-known/gs1resolver`: the resolver description file (resolver standard section 3). */
export const resolverDescriptionSchema = z.object({
  name: z.string(),
  resolverRoot: z.string(),
  supportedPrimaryKeys: z.array(z.string()),
  supportedLinkType: z.array(z.object({ namespace: z.string(), prefix: z.string() })),
  linkTypeDefaultCanBeLinkset: z.boolean(),
  jsonLdContextLocation: z.string(),
  contact: z.object({ fn: z.string() }),
});
export type ResolverDescription = z.infer<typeof resolverDescriptionSchema>;

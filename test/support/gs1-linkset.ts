import { Ajv, type ErrorObject } from 'ajv';

/**
 * GS1's linkset JSON schema (GS1-Conformant resolver standard, artefacts: published as
 * `https://ref.gs1.org/standards/resolver/linkset-schema`, repository gs1/linkset, commit
 * 571bb7d of 2025-03-27), rule by rule as JSON Schema draft-07 and checked with Ajv:
 * - the document holds `linkset` and nothing else;
 * - each item has `anchor` and `itemDescription` (a string, required) and otherwise only link
 *   relations (lower-case registered names or http(s) URIs), each an array of targets;
 * - each target has `href` and `title` (required), optionally `hreflang` (an array of `ll` or
 *   `ll-CC`), `type` (a media type), `context` (an array), `fwqs` and `public` (booleans), and
 *   nothing else.
 * The patterns are the schema's own (its character class `[a-zA-z0-9./]` included).
 * The published file itself is not vendored here (this workplace commits nothing taken
 * from a fetched repository): this restates it, rule by rule, for Ajv to apply.
 */
const target = {
  type: 'object',
  properties: {
    href: { type: 'string', pattern: '^https?://[a-zA-z0-9./]+' },
    title: { type: 'string' },
    hreflang: { type: 'array', items: { type: 'string', pattern: '(^\\w{2}$)|(^\\w{2}-\\w{2}$)' } },
    type: { type: 'string', pattern: '\\w+/[-+.\\w]+' },
    context: { type: 'array' },
    fwqs: { type: 'boolean' },
    public: { type: 'boolean' },
  },
  required: ['href', 'title'],
  additionalProperties: false,
};

export const gs1LinksetSchema = {
  $schema: 'http://json-schema.org/draft-07/schema#',
  type: 'object',
  properties: {
    linkset: {
      type: 'array',
      items: {
        type: 'object',
        properties: {
          anchor: { type: 'string', pattern: '^https?://[a-zA-z0-9./]+' },
          itemDescription: { type: 'string' },
        },
        patternProperties: {
          '(?!(anchor|itemDescription))^([a-z-]+$)|(^https?://[a-zA-z0-9./]+$)': {
            type: 'array',
            items: target,
          },
        },
        required: ['anchor', 'itemDescription'],
        additionalProperties: false,
      },
    },
  },
  required: ['linkset'],
  additionalProperties: false,
} as const;

const validate = new Ajv({ allErrors: true }).compile(gs1LinksetSchema);

/** The schema's complaints about `linkset` (an empty list when it validates). */
export function gs1LinksetErrors(linkset: unknown): ErrorObject[] {
  return validate(linkset) ? [] : [...(validate.errors ?? [])];
}

/** Linksets the schema must take and refuse, whatever the resolver gives. */
export const gs1LinksetExamples = {
  valid: {
    linkset: [
      {
        anchor: 'https://id.example.com/01/09506000134352',
        itemDescription: 'A trade item',
        'https://ref.gs1.org/voc/defaultLink': [
          { href: 'https://www.example.com/product', title: 'Product page' },
        ],
        next: [
          {
            href: 'https://www.example.com/product/next',
            title: 'The next item',
            type: 'text/html',
            hreflang: ['en', 'zh-TW'],
          },
        ],
      },
    ],
  },
  /** A target without `title`, an item without `itemDescription`. */
  invalid: {
    linkset: [
      {
        anchor: 'https://id.example.com/01/09506000134352',
        'https://ref.gs1.org/voc/defaultLink': [
          { href: 'https://www.example.com/product', label: 'Product page' },
        ],
      },
    ],
  },
};

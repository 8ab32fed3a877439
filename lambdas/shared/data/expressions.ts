/**
 * DynamoDB expressions built from data, never from hand-written strings: every attribute
 * name and value becomes a `#n`/`:v` placeholder, so a name like `status` (a reserved word)
 * or a value like `a = b` cannot change what an expression means.
 */
import type { NumberValue } from '@aws-sdk/lib-dynamodb';

/** A condition on the item a write or a check addresses. */
export type Condition =
  | { kind: 'itemExists' }
  | { kind: 'itemMissing' }
  | { kind: 'attributeExists' | 'attributeMissing'; attribute: string }
  | { kind: 'compare'; attribute: string; operator: Comparison; value: unknown }
  | { kind: 'between'; attribute: string; from: unknown; to: unknown }
  | { kind: 'and' | 'or'; parts: Condition[] };

type Comparison = '=' | '<>' | '<' | '<=' | '>' | '>=';

/** The item is there (any write to a missing item fails). */
export const itemExists = (): Condition => ({ kind: 'itemExists' });
/** No item has this key yet (a create, or a claim on a unique value). */
export const itemMissing = (): Condition => ({ kind: 'itemMissing' });
export const attributeExists = (attribute: string): Condition => ({
  kind: 'attributeExists',
  attribute,
});
export const attributeMissing = (attribute: string): Condition => ({
  kind: 'attributeMissing',
  attribute,
});
export const equals = (attribute: string, value: unknown): Condition => ({
  kind: 'compare',
  attribute,
  operator: '=',
  value,
});
export const lessThan = (attribute: string, value: unknown): Condition => ({
  kind: 'compare',
  attribute,
  operator: '<',
  value,
});
export const atMost = (attribute: string, value: unknown): Condition => ({
  kind: 'compare',
  attribute,
  operator: '<=',
  value,
});
export const between = (attribute: string, from: unknown, to: unknown): Condition => ({
  kind: 'between',
  attribute,
  from,
  to,
});
export const and = (...parts: Condition[]): Condition => ({ kind: 'and', parts });
export const or = (...parts: Condition[]): Condition => ({ kind: 'or', parts });

/**
 * An update: attributes set, set only when missing, added to (numbers; a `NumberValue` for
 * an exact decimal a double cannot hold), removed.
 */
export interface Update {
  set?: Record<string, unknown>;
  setIfMissing?: Record<string, unknown>;
  add?: Record<string, number | NumberValue>;
  remove?: string[];
}

/** The placeholders of one command: the same attribute or value is named once. */
export class Placeholders {
  readonly names: Record<string, string> = {};
  readonly values: Record<string, unknown> = {};
  private nameCount = 0;
  private valueCount = 0;
  private readonly nameOf = new Map<string, string>();

  name(attribute: string): string {
    let placeholder = this.nameOf.get(attribute);
    if (!placeholder) {
      placeholder = `#n${this.nameCount++}`;
      this.nameOf.set(attribute, placeholder);
      this.names[placeholder] = attribute;
    }
    return placeholder;
  }

  value(value: unknown): string {
    const placeholder = `:v${this.valueCount++}`;
    this.values[placeholder] = value;
    return placeholder;
  }

  /** The command's `ExpressionAttributeNames`/`Values`, left out when empty. */
  attributes(): {
    ExpressionAttributeNames?: Record<string, string>;
    ExpressionAttributeValues?: Record<string, unknown>;
  } {
    return {
      ...(this.nameCount ? { ExpressionAttributeNames: this.names } : {}),
      ...(this.valueCount ? { ExpressionAttributeValues: this.values } : {}),
    };
  }
}

/** The condition as an expression; `pk` stands for the item itself. */
export function conditionExpression(condition: Condition, placeholders: Placeholders): string {
  switch (condition.kind) {
    case 'itemExists':
      return `attribute_exists(${placeholders.name('pk')})`;
    case 'itemMissing':
      return `attribute_not_exists(${placeholders.name('pk')})`;
    case 'attributeExists':
      return `attribute_exists(${placeholders.name(condition.attribute)})`;
    case 'attributeMissing':
      return `attribute_not_exists(${placeholders.name(condition.attribute)})`;
    case 'compare':
      return `${placeholders.name(condition.attribute)} ${condition.operator} ${placeholders.value(condition.value)}`;
    case 'between':
      return `${placeholders.name(condition.attribute)} BETWEEN ${placeholders.value(condition.from)} AND ${placeholders.value(condition.to)}`;
    case 'and':
    case 'or': {
      if (condition.parts.length === 0) throw new Error(`An empty ${condition.kind} condition`);
      const parts = condition.parts.map((part) => `(${conditionExpression(part, placeholders)})`);
      return parts.join(condition.kind === 'and' ? ' AND ' : ' OR ');
    }
  }
}

/** The update as an `UpdateExpression`. */
export function updateExpression(update: Update, placeholders: Placeholders): string {
  const clauses: string[] = [];
  const sets = [
    ...Object.entries(update.set ?? {}).map(
      ([name, value]) => `${placeholders.name(name)} = ${placeholders.value(value)}`,
    ),
    ...Object.entries(update.setIfMissing ?? {}).map(([name, value]) => {
      const attribute = placeholders.name(name);
      return `${attribute} = if_not_exists(${attribute}, ${placeholders.value(value)})`;
    }),
  ];
  if (sets.length) clauses.push(`SET ${sets.join(', ')}`);
  const adds = Object.entries(update.add ?? {}).map(
    ([name, value]) => `${placeholders.name(name)} ${placeholders.value(value)}`,
  );
  if (adds.length) clauses.push(`ADD ${adds.join(', ')}`);
  const removes = (update.remove ?? []).map((name) => placeholders.name(name));
  if (removes.length) clauses.push(`REMOVE ${removes.join(', ')}`);
  if (clauses.length === 0) throw new Error('An update that changes nothing');
  return clauses.join(' ');
}

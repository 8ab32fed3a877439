import { describe, expect, it } from 'vitest';
import {
  and,
  atMost,
  attributeExists,
  attributeMissing,
  between,
  conditionExpression,
  equals,
  itemExists,
  itemMissing,
  lessThan,
  or,
  Placeholders,
  updateExpression,
} from '../../lambdas/shared/data/expressions';
import { placeholderProblems, readable } from './data-expression-reader';

const render = (build: (placeholders: Placeholders) => string) => {
  const placeholders = new Placeholders();
  const expression = build(placeholders);
  return { expression, ...placeholders.attributes() };
};

describe('Placeholders', () => {
  it('names an attribute once however often it is used, and every value apart', () => {
    const placeholders = new Placeholders();
    expect(placeholders.name('status')).toBe('#n0');
    expect(placeholders.name('count')).toBe('#n1');
    expect(placeholders.name('status')).toBe('#n0');
    expect(placeholders.value('a')).toBe(':v0');
    expect(placeholders.value('a')).toBe(':v1');
    expect(placeholders.attributes()).toEqual({
      ExpressionAttributeNames: { '#n0': 'status', '#n1': 'count' },
      ExpressionAttributeValues: { ':v0': 'a', ':v1': 'a' },
    });
  });

  it('leaves out empty name and value maps (DynamoDB refuses empty ones)', () => {
    expect(new Placeholders().attributes()).toEqual({});
    const namesOnly = new Placeholders();
    namesOnly.name('pk');
    expect(namesOnly.attributes()).toEqual({ ExpressionAttributeNames: { '#n0': 'pk' } });
  });
});

describe('conditionExpression', () => {
  it('addresses the item itself through its partition key', () => {
    expect(render((p) => conditionExpression(itemExists(), p))).toEqual({
      expression: 'attribute_exists(#n0)',
      ExpressionAttributeNames: { '#n0': 'pk' },
    });
    expect(render((p) => conditionExpression(itemMissing(), p))).toEqual({
      expression: 'attribute_not_exists(#n0)',
      ExpressionAttributeNames: { '#n0': 'pk' },
    });
  });

  it('keeps reserved words and hostile values out of the expression text', () => {
    const rendered = render((p) =>
      conditionExpression(
        and(
          equals('status', 'sent) OR attribute_exists(pk'),
          attributeExists('name'),
          attributeMissing('count'),
        ),
        p,
      ),
    );
    expect(rendered.expression).toBe(
      '(#n0 = :v0) AND (attribute_exists(#n1)) AND (attribute_not_exists(#n2))',
    );
    expect(rendered.expression).not.toMatch(/status|name|count|sent|OR/);
    expect(rendered.ExpressionAttributeValues).toEqual({
      ':v0': 'sent) OR attribute_exists(pk',
    });
    expect(placeholderProblems({ ConditionExpression: rendered.expression, ...rendered })).toEqual(
      [],
    );
  });

  it('renders each comparison with its own operator', () => {
    const rendered = render((p) =>
      conditionExpression(and(lessThan('count', 5), atMost('units', 10), equals('a', 1)), p),
    );
    expect(readable({ ConditionExpression: rendered.expression, ...rendered })).toBe(
      '(count < 5) AND (units <= 10) AND (a = 1)',
    );
  });

  it('renders between with both ends as values', () => {
    const rendered = render((p) =>
      conditionExpression(between('testedAt', '2026-01-01', '2026-01-31'), p),
    );
    expect(rendered).toEqual({
      expression: '#n0 BETWEEN :v0 AND :v1',
      ExpressionAttributeNames: { '#n0': 'testedAt' },
      ExpressionAttributeValues: { ':v0': '2026-01-01', ':v1': '2026-01-31' },
    });
  });

  it('brackets every part of and/or, so nesting keeps its meaning', () => {
    const rendered = render((p) =>
      conditionExpression(
        or(equals('status', 'pending'), and(equals('status', 'sending'), equals('claimId', 'c'))),
        p,
      ),
    );
    expect(rendered.expression).toBe('(#n0 = :v0) OR ((#n0 = :v1) AND (#n1 = :v2))');
    // `status` is named once, though three parts test it.
    expect(rendered.ExpressionAttributeNames).toEqual({ '#n0': 'status', '#n1': 'claimId' });
    expect(readable({ ConditionExpression: rendered.expression, ...rendered })).toBe(
      '(status = "pending") OR ((status = "sending") AND (claimId = "c"))',
    );
  });

  it('refuses an empty and/or rather than rendering an empty expression', () => {
    expect(() => conditionExpression(and(), new Placeholders())).toThrow('An empty and condition');
    expect(() => conditionExpression(or(), new Placeholders())).toThrow('An empty or condition');
  });
});

describe('updateExpression', () => {
  it('renders SET, if_not_exists, ADD and REMOVE clauses in that order', () => {
    const placeholders = new Placeholders();
    const expression = updateExpression(
      {
        remove: ['claimId'],
        add: { count: 1 },
        setIfMissing: { expiresAt: 99 },
        set: { status: 'sent', name: 'x' },
      },
      placeholders,
    );
    expect(expression).toBe(
      'SET #n0 = :v0, #n1 = :v1, #n2 = if_not_exists(#n2, :v2) ADD #n3 :v3 REMOVE #n4',
    );
    expect(
      readable({ UpdateExpression: expression, ...placeholders.attributes() }, 'UpdateExpression'),
    ).toBe(
      'SET status = "sent", name = "x", expiresAt = if_not_exists(expiresAt, 99) ADD count 1 REMOVE claimId',
    );
  });

  it('shares one placeholder between the update and its condition for the same attribute', () => {
    const placeholders = new Placeholders();
    const update = updateExpression({ set: { version: 4 } }, placeholders);
    const condition = conditionExpression(equals('version', 3), placeholders);
    const input = {
      UpdateExpression: update,
      ConditionExpression: condition,
      ...placeholders.attributes(),
    };
    expect(input.ExpressionAttributeNames).toEqual({ '#n0': 'version' });
    expect(readable(input)).toBe('version = 3');
    expect(readable(input, 'UpdateExpression')).toBe('SET version = 4');
    expect(placeholderProblems(input)).toEqual([]);
  });

  it('throws on an update that changes nothing', () => {
    expect(() => updateExpression({}, new Placeholders())).toThrow(
      'An update that changes nothing',
    );
    expect(() =>
      updateExpression({ set: {}, setIfMissing: {}, add: {}, remove: [] }, new Placeholders()),
    ).toThrow('An update that changes nothing');
  });
});

/**
 * Reads the expressions of DynamoDB command inputs as a test states them: each placeholder
 * replaced by the name or value it stands for, and what DynamoDB would refuse listed.
 * No AWS SDK here, so pure tests stay light.
 */

export type Expressions = {
  ExpressionAttributeNames?: Record<string, string>;
  ExpressionAttributeValues?: Record<string, unknown>;
} & Partial<
  Record<
    'ConditionExpression' | 'UpdateExpression' | 'KeyConditionExpression' | 'FilterExpression',
    string
  >
>;

/**
 * One expression of a command input with every `#n`/`:v` placeholder replaced by the name
 * or the (JSON) value it stands for: `(attribute_exists(pk)) AND (version = 3)`. A
 * placeholder the input does not define fails the test.
 */
export function readable(
  input: Expressions | undefined,
  expression:
    | 'ConditionExpression'
    | 'UpdateExpression'
    | 'KeyConditionExpression'
    | 'FilterExpression' = 'ConditionExpression',
): string | undefined {
  const text = input?.[expression];
  if (text === undefined) return undefined;
  return text.replace(/#n\d+|:v\d+/g, (placeholder) => {
    if (placeholder.startsWith('#')) {
      const name = input?.ExpressionAttributeNames?.[placeholder];
      if (name === undefined) throw new Error(`${placeholder} is not defined`);
      return name;
    }
    if (!input?.ExpressionAttributeValues || !(placeholder in input.ExpressionAttributeValues)) {
      throw new Error(`${placeholder} is not defined`);
    }
    return JSON.stringify(input.ExpressionAttributeValues[placeholder]);
  });
}

/**
 * What DynamoDB would refuse in one command input (or one item of a transaction): a
 * placeholder used but not defined, or defined but used by none of its expressions.
 * Mocks accept both; the real service answers ValidationException.
 */
export function placeholderProblems(input: Expressions): string[] {
  const used = new Set(
    [
      input.ConditionExpression,
      input.UpdateExpression,
      input.KeyConditionExpression,
      input.FilterExpression,
    ].flatMap((text) => text?.match(/#n\d+|:v\d+/g) ?? []),
  );
  const defined = [
    ...Object.keys(input.ExpressionAttributeNames ?? {}),
    ...Object.keys(input.ExpressionAttributeValues ?? {}),
  ];
  return [
    ...[...used]
      .filter((placeholder) => !defined.includes(placeholder))
      .map((p) => `${p} undefined`),
    ...defined.filter((placeholder) => !used.has(placeholder)).map((p) => `${p} unused`),
  ];
}

type Operation = Expressions & { Key?: Record<string, unknown>; Item?: Record<string, unknown> };

/**
 * What DynamoDB would refuse in the commands a mocked client received: placeholder
 * problems of any command or transaction item, and two items of one transaction on the
 * same key. Run after a test, it keeps a mock from accepting a command the table would not.
 */
export function sentCommandProblems(stub: { calls(): { args: unknown[] }[] }): string[] {
  const problems: string[] = [];
  for (const call of stub.calls()) {
    const command = call.args[0] as { constructor: { name: string }; input: Operation };
    const name = command.constructor.name;
    const input = command.input as Operation & {
      TransactItems?: Record<string, Operation | undefined>[];
    };
    if (!input.TransactItems) {
      problems.push(...placeholderProblems(input).map((problem) => `${name}: ${problem}`));
      continue;
    }
    const keys = new Set<string>();
    input.TransactItems.forEach((item, index) => {
      const operation = Object.values(item)[0]!;
      problems.push(...placeholderProblems(operation).map((p) => `${name}[${index}]: ${p}`));
      const key = operation.Key ?? { pk: operation.Item?.pk, sk: operation.Item?.sk };
      const text = JSON.stringify([key.pk, key.sk]);
      if (keys.has(text)) problems.push(`${name}[${index}]: a second operation on ${text}`);
      keys.add(text);
    });
  }
  return problems;
}

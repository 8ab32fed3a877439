import { describe, expect, it } from 'vitest';
import type * as z from 'zod';
import { freeText, optionalFreeText } from '../../lambdas/shared/contract/text';

const rule = (result: z.ZodSafeParseResult<unknown>) =>
  result.success
    ? 'accepted'
    : (result.error.issues[0] as { params?: { rule?: string } }).params?.rule;

describe('free text', () => {
  it.each([
    ['a zero-width space', 'Valve\u200b'],
    ['a right-to-left override', 'Valve \u202eX'],
    ['a direction isolate', '\u2066Valve'],
    ['a byte-order mark', 'Val\ufeffve'],
    ['a soft hyphen', 'Val\u00adve'],
    ['a C1 control', 'Valve\u0085'],
    ['a C0 control', 'Valve\u0007'],
    ['a line break inside', 'Val\nve'],
    ['a replacement character (bytes that were not UTF-8)', 'caf\ufffd'],
  ])('refuses %s, which looks like nothing or turns text around', (_what, value) => {
    expect(rule(freeText(100).safeParse(value))).toBe('controlChars');
    expect(rule(optionalFreeText(100).safeParse(value))).toBe('controlChars');
  });

  it('stores the canonical form: NFC, one space for every run of white space', () => {
    const typedTwoWays = ['Cafe\u0301 Valve', 'Caf\u00e9 Valve'];
    expect(typedTwoWays.map((value) => freeText(100).parse(value))).toEqual([
      'Caf\u00e9 Valve',
      'Caf\u00e9 Valve',
    ]);
    expect(freeText(100).parse('  RT  samename \u3000 X\t')).toBe('RT samename X');
    expect(optionalFreeText(100).parse(' A  B ')).toBe('A B');
    expect(optionalFreeText(100).parse('   ')).toBeNull();
  });

  it('keeps letters of any script and ordinary punctuation', () => {
    expect(freeText(100).parse('閘閥 DN50 – 316L, PN40 (API 598)')).toBe(
      '閘閥 DN50 – 316L, PN40 (API 598)',
    );
  });
});

describe('names from Cognito', () => {
  it('keep the middle dots of transcribed names, and lose what the rule does not allow', async () => {
    const { accountName } = await import('../../lambdas/shared/contract/schemas/auth');
    for (const name of ['迈克尔·乔丹', '麥可‧喬丹', 'マイケル・ジョーダン', "O'Brien-Lee"]) {
      expect(accountName(name)).toBe(name);
    }
    expect(accountName('Ann\u202e Lee\u0007')).toBe('Ann Lee');
    expect(accountName('\u200b')).toBeUndefined();
  });
});

describe('stored test plans', () => {
  it('are read in the canonical form results are matched in', async () => {
    const { testPlanSchema } = await import('../../lambdas/shared/contract/schemas/test-plan');
    const stored = {
      productId: 'p',
      version: 1,
      tests: [
        {
          name: 'Shell  test',
          method: 'API 598',
          unit: 'ba\u0072',
          lower: 1,
          upper: null,
          required: true,
          holdSeconds: null,
        },
      ],
      allowExtraTests: false,
      approvedBy: { id: 'a', name: 'Ann', email: 'a@example.com', role: 'admin' },
      approvedAt: '2026-01-01T00:00:00.000Z',
    };
    const plan = testPlanSchema.parse(stored);
    expect(plan.tests[0]).toMatchObject({ name: 'Shell test', unit: 'bar' });
  });
});

import { describe, expect, it } from 'vitest';
import { signUpClosedMessage } from '../../lambdas/auth/pre-sign-up';
import { signUpClosedReason } from '../../web/src/features/auth/account-errors';

describe("the PreSignUp trigger's refusal", () => {
  it('is the text the register page recognizes', () => {
    expect(signUpClosedReason).toBe(signUpClosedMessage);
  });
});

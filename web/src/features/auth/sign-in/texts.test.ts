import { describe, expect, it } from 'vitest';
import { flattenMessages } from '../../../i18n/flatten';
import type { TranslationKey } from '../../../i18n/types';
import { signInMessage, signInResources, translate } from './texts';

describe('the sign-in page’s strings', () => {
  it('have the same keys in English and Chinese', () => {
    const english = [...flattenMessages(signInResources.en).keys()].sort();
    const chinese = [...flattenMessages(signInResources.zh).keys()].sort();
    expect(chinese).toEqual(english);
  });

  it('hold every message the sign-in steps answer, in both languages', () => {
    const keys: TranslationKey[] = [
      'auth.login.wrongCredentials',
      'auth.login.resetRequired',
      'auth.login.additionalStepRequired',
      'auth.totp.wrongCode',
      'auth.totp.codeFormat',
      'auth.totp.sessionExpired',
      'errors.connectionFailed',
      'errors.resource-exhausted',
      'errors.internal',
      'errors.passwordRejected',
      'errors.unauthenticated',
    ];
    for (const key of keys) {
      expect(signInMessage(key), key).toBe(key);
      expect(translate('zh', signInMessage(key)), key).not.toBe(
        translate('en', signInMessage(key)),
      );
    }
    expect(signInMessage('products.title' as TranslationKey)).toBe('errors.internal');
  });
});

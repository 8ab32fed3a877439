import {
  errors as enErrors,
  validation as enValidation,
} from '../../../../../lambdas/shared/contract/messages/en.json';
import {
  errors as zhErrors,
  validation as zhValidation,
} from '../../../../../lambdas/shared/contract/messages/zh.json';
import {
  app as enApp,
  auth as enAuth,
  language as enLanguage,
  password as enPassword,
  toast as enToast,
} from '../../../i18n/locales/en.json';
import {
  app as zhApp,
  auth as zhAuth,
  language as zhLanguage,
  password as zhPassword,
  toast as zhToast,
} from '../../../i18n/locales/zh.json';
import type { TranslationKey } from '../../../i18n/types';
import { createTexts, type TextKey, type TextRef } from '../../../light/text';

/**
 * The sign-in page's strings (login.html), for the light pages' text machinery
 * (web/src/light/text.tsx): the same entries the back office shows for sign-in, and the
 * shared catalogue's errors and validation messages.
 */
export const signInResources = {
  en: {
    errors: enErrors,
    validation: enValidation,
    app: enApp,
    auth: enAuth,
    password: enPassword,
    language: enLanguage,
    toast: enToast,
  },
  zh: {
    errors: zhErrors,
    validation: zhValidation,
    app: zhApp,
    auth: zhAuth,
    password: zhPassword,
    language: zhLanguage,
    toast: zhToast,
  },
} as const;

export type SignInKey = TextKey<typeof signInResources>;
export type SignInTextRef = TextRef<SignInKey>;

export const { translate, isTextKey, useText } = createTexts(signInResources);

/**
 * A message key from the sign-in steps (sign-in-flow.ts names the app's keys): every one
 * of them is among this page's strings (a unit test holds it); anything else reads as
 * the generic failure rather than a raw key.
 */
export function signInMessage(key: TranslationKey): SignInKey {
  return isTextKey(key) ? key : 'errors.internal';
}

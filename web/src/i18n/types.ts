import type { ParseKeys } from 'i18next';

/** Any key of the app's i18n resources (web strings and the shared catalogue). */
export type TranslationKey = ParseKeys;

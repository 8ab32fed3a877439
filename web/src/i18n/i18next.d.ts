import 'i18next';
import type { resources } from './resources';

// Typed keys: `t('nav.dashboard')` compiles only if the key exists in the English resources.
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: (typeof resources)['en'];
  }
}

import i18next from 'i18next';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { z } from 'zod';
import { renderListPage } from './list-page';

/**
 * The /products floor with the two libraries every page of the product is built on (the
 * design's single sources of truth): its texts through i18next (every visible string is
 * an i18n key) and the API's answer checked with a zod schema (the shared contract's
 * library). Three texts and one schema: what the libraries themselves weigh, not the
 * product's catalogue or contract.
 */
const list = z.object({ items: z.array(z.object({ id: z.string() })) });
void i18next.use(initReactI18next).init({
  lng: 'en',
  resources: { en: { translation: { title: 'Floor', products: 'Products', id: 'Id' } } },
});
renderListPage({
  readRows: (body) => list.parse(body).items,
  // The floor's own three keys, not the app's (whose keys web/src/i18n types i18next with).
  text: (key) => i18next.t(key as never),
  wrap: (page) => <I18nextProvider i18n={i18next}>{page}</I18nextProvider>,
});

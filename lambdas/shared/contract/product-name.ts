/**
 * The product's own name in English: the `appName` every site's `/config.json` carries
 * (lib/constructs/web.ts, the local stack's settings). The web app shows this name in the
 * visitor's language (its `app.name` text, equal to this in English: resources.test.ts) and
 * any other configured name as written. A constant rather than a read of the English texts,
 * so that a page in Chinese does not load them.
 */
export const productName = 'Test Report Center';

import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { flattenMessages } from '../../i18n/flatten';
import { reportCenterResources, RichText, translate } from './i18n';
// Every string of the page: the report's labels too, which come with the report's chunks.
import './report-texts';

describe('the report center’s strings', () => {
  it('have the same keys in English and Chinese', () => {
    const english = [...flattenMessages(reportCenterResources.en).keys()].sort();
    const chinese = [...flattenMessages(reportCenterResources.zh).keys()].sort();
    expect(chinese).toEqual(english);
  });

  it('hold the report’s labels once the chunks that show a report have loaded them', () => {
    expect(translate('en', 'report.bodyMaterial')).toBe('Body material');
    expect(translate('zh', 'product.fields.gtin')).toBe('GTIN');
    expect(translate('zh', 'reportProof.verify.signature')).toBe('數位簽章');
    expect(Object.keys(reportCenterResources.zh)).toEqual(
      expect.arrayContaining(['report', 'product', 'reportProof', 'errors', 'reportCenter']),
    );
  });

  it('translate with values, in the chosen language', () => {
    const english = translate('en', 'reportCenter.preview.sentTo', { email: 'a@b.example' });
    const chinese = translate('zh', 'reportCenter.preview.sentTo', { email: 'a@b.example' });
    for (const text of [english, chinese]) {
      expect(text).toContain('a@b.example');
      expect(text).not.toContain('{{');
    }
    expect(chinese).not.toBe(english);
    expect(translate('zh', 'errors.serialNotFound')).not.toBe(
      translate('en', 'errors.serialNotFound'),
    );
  });

  it('fall back to English, then to the key, for a string one language lacks', () => {
    const missing = 'reportCenter.noSuchString' as Parameters<typeof translate>[1];
    expect(translate('zh', missing)).toBe('reportCenter.noSuchString');
  });

  it('leave a missing value empty rather than showing the placeholder', () => {
    expect(translate('en', 'reportCenter.preview.sentTo')).not.toContain('{{');
  });
});

describe('RichText', () => {
  const policy = (text: string) => <a href="https://acme.example/privacy">{text}</a>;

  it('puts the link where each language has it', () => {
    for (const language of ['en', 'zh'] as const) {
      const text = translate(language, 'reportCenter.form.consent', { provider: 'Acme' });
      const html = renderToStaticMarkup(<RichText text={text} tags={{ policy }} />);
      const linkText = /<policy>(.*?)<\/policy>/.exec(text)?.[1];
      expect(linkText, language).toBeTruthy();
      expect(html).toContain(`<a href="https://acme.example/privacy">${linkText}</a>`);
      expect(html).toContain('Acme');
      expect(html).not.toContain('<policy>');
    }
  });

  it('shows the content of an unknown tag as text', () => {
    expect(renderToStaticMarkup(<RichText text="a <b>bold</b> c" tags={{}} />)).toBe('a bold c');
  });
});

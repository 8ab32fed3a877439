import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { flattenMessages } from '../../i18n/flatten';
import { reportCenterResources, RichText, translate } from './i18n';

describe('the report center’s strings', () => {
  it('have the same keys in English and Chinese', () => {
    const english = [...flattenMessages(reportCenterResources.en).keys()].sort();
    const chinese = [...flattenMessages(reportCenterResources.zh).keys()].sort();
    expect(chinese).toEqual(english);
  });

  it('translate with values, in the chosen language', () => {
    expect(translate('en', 'reportCenter.preview.sentTo', { email: 'a@b.example' })).toBe(
      'The report was also sent to a@b.example.',
    );
    expect(translate('zh', 'reportCenter.preview.sentTo', { email: 'a@b.example' })).toBe(
      '報告也已寄送至 a@b.example。',
    );
    expect(translate('zh', 'errors.serialNotFound')).not.toBe(
      translate('en', 'errors.serialNotFound'),
    );
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

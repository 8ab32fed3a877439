import { describe, expect, it } from 'vitest';
import { languages as catalogueLanguages } from '../../../lambdas/shared/contract/messages';
import {
  detectLanguage,
  languageCookie,
  languages,
  languageSettings,
  readCookie,
} from './languages';

it('offers the catalogue’s languages', () => {
  expect(languages).toEqual(catalogueLanguages);
});

describe('detectLanguage', () => {
  it('defaults to English', () => {
    expect(detectLanguage({})).toBe('en');
    expect(detectLanguage({ browserLanguages: ['fr-FR', 'zh-TW'] })).toBe('en');
  });

  it('follows a Chinese browser on the first visit', () => {
    for (const browser of ['zh', 'zh-TW', 'zh-Hant-TW', 'zh-CN', 'ZH-hk']) {
      expect(detectLanguage({ browserLanguages: [browser, 'en'] })).toBe('zh');
    }
  });

  it('prefers the remembered choice: localStorage, then cookie', () => {
    expect(detectLanguage({ stored: 'en', cookies: 'lang=zh', browserLanguages: ['zh-TW'] })).toBe(
      'en',
    );
    expect(
      detectLanguage({ stored: null, cookies: 'a=1; lang=zh', browserLanguages: ['en'] }),
    ).toBe('zh');
    expect(detectLanguage({ stored: 'de', cookies: 'lang=fr', browserLanguages: ['zh'] })).toBe(
      'zh',
    );
  });
});

describe('readCookie', () => {
  it('finds a cookie among others, decoded', () => {
    expect(readCookie('a=1; lang=zh; b=x%20y', 'lang')).toBe('zh');
    expect(readCookie('a=1; b=x%20y', 'b')).toBe('x y');
    expect(readCookie('xlang=zh', 'lang')).toBeUndefined();
    expect(readCookie('', 'lang')).toBeUndefined();
  });
});

describe('languageCookie', () => {
  it('lives 30 days on the whole site, Secure on https', () => {
    expect(languageCookie('zh', false)).toBe('lang=zh; Path=/; Max-Age=2592000; SameSite=Lax');
    expect(languageCookie('en', true)).toContain('; Secure');
  });
});

describe('languageSettings', () => {
  it('uses the Taiwan tags for Chinese', () => {
    expect(languageSettings.zh).toMatchObject({
      htmlLang: 'zh-Hant-TW',
      cloudscapeLocale: 'zh-TW',
    });
    expect(languageSettings.en).toMatchObject({ htmlLang: 'en', cloudscapeLocale: 'en' });
  });
});

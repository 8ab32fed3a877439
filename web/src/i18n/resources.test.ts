import { describe, expect, it } from 'vitest';
import { errorCodes } from '../../../lambdas/shared/contract/error-codes';
import { catalogue } from '../../../lambdas/shared/contract/messages';
import { productName } from '../../../lambdas/shared/contract/product-name';
import { roles } from '../../../lambdas/shared/contract/roles';
import { flattenMessages, placeholders } from './flatten';
import { resources, webLocales } from './resources';

const sets = {
  'web resources (web/src/i18n/locales)': webLocales,
  'shared catalogue (lambdas/shared/contract/messages)': catalogue,
};

/** i18next's plural suffixes: each language has the forms its plural rules need. */
const pluralSuffix = /_(?:zero|one|two|few|many|other)$/;
const pluralBase = (key: string) => key.replace(pluralSuffix, '');

describe.each(Object.entries(sets))('%s', (_name, { en, zh }) => {
  const english = flattenMessages(en);
  const chinese = flattenMessages(zh);
  /** The text of `key` in Chinese, or of its `_other` form (zh has no `_one`). */
  const chineseText = (key: string) =>
    chinese.get(key) ?? chinese.get(`${pluralBase(key)}_other`) ?? '';

  it('has the same keys in en and zh (plural forms aside)', () => {
    const englishBases = new Set([...english.keys()].map(pluralBase));
    const chineseBases = new Set([...chinese.keys()].map(pluralBase));
    const onlyEnglish = [...englishBases].filter((key) => !chineseBases.has(key));
    const onlyChinese = [...chineseBases].filter((key) => !englishBases.has(key));
    expect({ onlyEnglish, onlyChinese }).toEqual({ onlyEnglish: [], onlyChinese: [] });
  });

  it('gives every plural its `_other` form in both languages', () => {
    const missing = [...english.keys(), ...chinese.keys()]
      .filter((key) => pluralSuffix.test(key))
      .map((key) => `${pluralBase(key)}_other`)
      .filter((key) => !english.has(key) || !chinese.has(key));
    expect(missing).toEqual([]);
  });

  it('has only non-empty strings', () => {
    for (const messages of [english, chinese]) {
      const bad = [...messages].filter(([, text]) => typeof text !== 'string' || !text.trim());
      expect(bad).toEqual([]);
    }
  });

  it('uses the same placeholders in both languages', () => {
    const mismatched = [...english].filter(
      ([key, text]) =>
        placeholders(String(text)).join() !== placeholders(String(chineseText(key))).join(),
    );
    expect(mismatched).toEqual([]);
  });
});

describe('merged resources', () => {
  it('never lets a web group hide a catalogue group', () => {
    const overlap = Object.keys(webLocales.en).filter((group) => group in catalogue.en);
    expect(overlap).toEqual([]);
  });

  it('keeps every catalogue and web key reachable', () => {
    const merged = flattenMessages(resources.zh.translation);
    for (const key of [
      ...flattenMessages(catalogue.zh).keys(),
      ...flattenMessages(webLocales.zh).keys(),
    ]) {
      expect(merged.has(key), key).toBe(true);
    }
  });

  it('translates every API error code and every role', () => {
    for (const language of ['en', 'zh'] as const) {
      const flat = flattenMessages(resources[language].translation);
      for (const code of errorCodes) expect(flat.has(`errors.${code}`), code).toBe(true);
      for (const role of roles) expect(flat.has(`roles.${role}`), role).toBe(true);
    }
  });

  it('writes Traditional, not Simplified, Chinese for the key terms', () => {
    const zh = [...flattenMessages(resources.zh.translation).values()].join('\n');
    for (const simplified of [
      '报告',
      '登录',
      '产品',
      '序号管理',
      '仪表板',
      '密码错误',
      '电子邮件',
      '忘记密码',
      '重设密码',
      '账号',
      '帐号',
      '员工',
      '角色变更',
      '查无资料',
      '产品名称',
      '不锈钢',
      '铸铁',
      '铸钢',
      '蒸气',
      '导出',
      '删除',
    ]) {
      expect(zh).not.toContain(simplified);
    }
    for (const traditional of [
      '儀表板',
      '產品',
      '序號',
      '機台資料',
      '查詢紀錄',
      '人員管理',
      '登入',
      '登出',
      '電子郵件',
      '密碼',
      '忘記密碼',
      '重設密碼',
      '建立帳號',
      '新增人員',
      '角色',
      '管理員',
      '員工',
      '狀態',
      '啟用中',
      '待核准',
      '未驗證',
      '已停用',
      '核准',
      '停用',
      '啟用',
      '變更角色',
      '查無資料',
      '產品名稱',
      '最高溫度',
      '最低溫度',
      '流體',
      '連接方式',
      '壓力',
      '鑄鐵',
      '鑄鋼',
      '不鏽鋼',
      '用途',
      '適用介質',
      '氣體',
      '蒸汽',
      '空氣',
      '化學品',
      '漿料',
      '起始序號',
      '結束序號',
      '總數量',
      '生產日期',
      '匯出 CSV',
      '新增產品',
      '編輯產品',
      '刪除',
      '已成功新增產品',
      '已成功更新產品',
      '已成功新增序號',
      '已成功更新序號',
    ]) {
      expect(zh).toContain(traditional);
    }
  });
});

describe('the product name', () => {
  it('is the English app name, so a configured product name is shown translated', () => {
    expect(webLocales.en.app.name).toBe(productName);
    expect(webLocales.zh.app.name).not.toBe(productName);
  });
});

import { renderToStaticMarkup } from 'react-dom/server';
import { initReactI18next } from 'react-i18next';
import { MemoryRouter } from 'react-router-dom';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Product } from '../../../../../lambdas/shared/contract/schemas/product-record';
import type {
  SerialRange,
  SerialRangeDetail,
} from '../../../../../lambdas/shared/contract/schemas/serial-range';
import { i18n } from '../../../i18n';
import { resources } from '../../../i18n/resources';
import { ApiError } from '../../../lib/api-client';
import type { ApiQueryState } from '../../../lib/use-api-query';
import type { AllProducts } from '../../products';
import { emptySerialForm, serialFormValues } from '../serial-form';
import { RangeDeletionText, rangeDeleteBlocked } from './delete-serial-range-modal';
import { RangeMaterial } from './range-material';
import { SerialRangeForm } from './serial-range-form';

/**
 * What the range form, the list's material column and the delete dialog say, rendered as
 * the page would (without a browser: the states come from props).
 */
beforeAll(async () => {
  await i18n.use(initReactI18next).init({
    resources,
    lng: 'en',
    fallbackLng: 'en',
    initAsync: false,
    showSupportNotice: false,
    interpolation: { escapeValue: false },
  });
});

const audit = {
  version: 1,
  createdAt: '2026-01-02T03:04:05.000Z',
  updatedAt: '2026-01-02T03:04:05.000Z',
  createdBy: 'admin@example.com',
  updatedBy: 'admin@example.com',
};
const product = (id: string, name: string, ratings: Partial<Product>): Product => ({
  id,
  name,
  nameZh: null,
  connectionZh: null,
  applicationZh: null,
  applicationMediumZh: null,
  temperatureMin: -10,
  temperatureMax: 180,
  fluid: 'water',
  connection: 'Flanged',
  pressureFC: null,
  pressureWCB: null,
  pressureSUS: null,
  application: null,
  applicationMedium: null,
  gtin: null,
  planVersion: null,
  ...audit,
  ...ratings,
});
const several = product('p-several', 'Gate valve', { pressureFC: 16, pressureWCB: 25 });
const single = product('p-one', 'Ball valve', { pressureWCB: 25 });
const unrated = product('p-none', 'Strainer', {});
const list = [several, single, unrated];
const allProducts: AllProducts = {
  state: { status: 'success', products: list },
  products: list,
  byId: new Map(list.map((item) => [item.id, item])),
  reload: () => undefined,
};

const range: SerialRange = {
  id: 'r-1',
  productId: several.id,
  startSerial: 'GV-000001',
  endSerial: 'GV-000250',
  totalUnits: 250,
  productionDate: '2026-03-01',
  gtin: null,
  bodyMaterial: null,
  ...audit,
};

/** Text content of markup, tags dropped. */
const text = (html: string) =>
  html
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();

async function inLanguage<T>(language: 'en' | 'zh', render: () => T): Promise<T> {
  await i18n.changeLanguage(language);
  try {
    return render();
  } finally {
    await i18n.changeLanguage('en');
  }
}

function renderForm(productId: string, bodyMaterial = '') {
  return renderToStaticMarkup(
    <MemoryRouter>
      <SerialRangeForm
        initialValues={{ ...emptySerialForm, productId, bodyMaterial }}
        products={allProducts}
        submitLabel="Save"
        onSave={async () => undefined}
      />
    </MemoryRouter>,
  );
}

/** The body material field's markup, or undefined when the form has none. */
function materialField(html: string): string | undefined {
  const start = html.indexOf('data-testid="serial-material-field"');
  if (start < 0) return undefined;
  return html.slice(start, html.indexOf('data-testid="serial-start"'));
}

describe('the range form’s body material', () => {
  it('asks for a choice, not marked optional, when the product rates several materials', () => {
    const field = materialField(renderForm(several.id));
    expect(field).toBeDefined();
    expect(text(field!)).toContain('Body material');
    expect(text(field!)).not.toContain('optional');
    expect(text(field!)).toContain('Choose a body material');
    expect(text(field!)).toContain('choose the one these units are made of');
    expect(field).not.toMatch(/readonly|aria-disabled="true"/i);
  });

  it('shows a legacy range’s missing material as an empty choice', () => {
    const html = renderToStaticMarkup(
      <MemoryRouter>
        <SerialRangeForm
          initialValues={serialFormValues(range)}
          products={allProducts}
          submitLabel="Save"
          onSave={async () => undefined}
        />
      </MemoryRouter>,
    );
    expect(text(materialField(html)!)).toContain('Choose a body material');
  });

  it('shows the product’s only material, read-only', () => {
    const field = materialField(renderForm(single.id));
    expect(text(field!)).toContain('WCB (cast steel)');
    expect(text(field!)).toContain('rated in this material only');
    expect(field).toMatch(/readonly/i);
  });

  it('has no field when the product rates no material', () => {
    expect(materialField(renderForm(unrated.id))).toBeUndefined();
  });

  it('waits for the product before offering materials', () => {
    const field = materialField(renderForm(''));
    expect(text(field!)).toContain('Choose the product first');
    expect(field).toMatch(/disabled/);
  });

  it('reads in Chinese', async () => {
    const html = await inLanguage('zh', () => renderForm(several.id));
    expect(text(materialField(html)!)).toContain('本體材質');
    expect(text(materialField(html)!)).toContain('請選擇本體材質');
  });
});

describe('the list’s body material column', () => {
  const cell = (bodyMaterial: SerialRange['bodyMaterial'], rated: Product | undefined) =>
    text(renderToStaticMarkup(<RangeMaterial range={{ bodyMaterial }} product={rated} />));

  it('names a recorded material, warns when one is missing, and is empty without ratings', () => {
    expect(cell('WCB', several)).toBe('WCB (cast steel)');
    expect(cell(null, several)).toBe('Not set');
    expect(
      renderToStaticMarkup(<RangeMaterial range={{ bodyMaterial: null }} product={single} />),
    ).toMatch(/status-indicator|warning/);
    expect(cell(null, unrated)).toBe('—');
  });

  it('reads in Chinese', async () => {
    expect(await inLanguage('zh', () => cell('SUS', several))).toBe('SUS（不鏽鋼）');
    expect(await inLanguage('zh', () => cell(null, several))).toBe('未設定');
  });
});

describe('the range delete dialog', () => {
  const detail = (counts: Partial<SerialRangeDetail>): ApiQueryState<SerialRangeDetail> => ({
    status: 'success',
    data: { ...range, resultCount: 0, reportCount: 0, ...counts },
  });
  const say = (state: ApiQueryState<SerialRangeDetail>) =>
    text(
      renderToStaticMarkup(
        <RangeDeletionText range={range} productName="Gate valve" detail={state} />,
      ),
    );

  it('says the range cannot be deleted while its units hold data, with confirm off', () => {
    const holding = detail({ resultCount: 3, reportCount: 1 });
    expect(say(holding)).toBe(
      'This range has 3 test results and 1 issued report: it cannot be deleted.',
    );
    expect(rangeDeleteBlocked(holding)).toBe(true);
  });

  it('says what deleting removes when they hold nothing', () => {
    const empty = detail({});
    expect(say(empty)).toBe(
      'Deleting removes the range GV-000001 – GV-000250 of Gate valve (250 units). Its units have no test results or reports. This cannot be undone.',
    );
    expect(rangeDeleteBlocked(empty)).toBe(false);
  });

  it('waits with confirm off while reading; a failed read asks as before, confirm on', () => {
    expect(say({ status: 'loading' })).toContain('Checking');
    expect(rangeDeleteBlocked({ status: 'loading' })).toBe(true);
    const failed: ApiQueryState<SerialRangeDetail> = {
      status: 'error',
      error: new ApiError('network', 'offline', 0),
    };
    expect(say(failed)).toContain('will be deleted');
    expect(rangeDeleteBlocked(failed)).toBe(false);
  });

  it('reads in Chinese', async () => {
    expect(await inLanguage('zh', () => say(detail({ resultCount: 2, reportCount: 0 })))).toBe(
      '此區間已有 2 筆測試結果與 0 份已發出的報告，無法刪除。',
    );
    expect(await inLanguage('zh', () => say(detail({})))).toContain('共 250 件');
  });
});

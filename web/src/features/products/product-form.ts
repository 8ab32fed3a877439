import {
  productFieldNames,
  type Product,
} from '../../../../lambdas/shared/contract/schemas/product-record';
import { numberInputText, parseNumberInput } from '../../lib/number-input';

/** The fields of the product form, in the order they are shown (and focused). */
export const productFormFields = productFieldNames;

export type ProductFormField = (typeof productFormFields)[number];

/** The form's values: the text of each field, as typed. */
export type ProductFormValues = Record<ProductFormField, string>;

export const pressureFields = ['pressureFC', 'pressureWCB', 'pressureSUS'] as const;

export const emptyProductForm: ProductFormValues = {
  name: '',
  nameZh: '',
  temperatureMin: '',
  temperatureMax: '',
  fluid: '',
  connection: '',
  connectionZh: '',
  pressureFC: '',
  pressureWCB: '',
  pressureSUS: '',
  application: '',
  applicationZh: '',
  applicationMedium: '',
  applicationMediumZh: '',
  gtin: '',
};

/** The form's starting values for an existing product. */
export function productFormValues(product: Product): ProductFormValues {
  return {
    name: product.name,
    nameZh: product.nameZh ?? '',
    temperatureMin: numberInputText(product.temperatureMin),
    temperatureMax: numberInputText(product.temperatureMax),
    fluid: product.fluid,
    connection: product.connection,
    connectionZh: product.connectionZh ?? '',
    pressureFC: numberInputText(product.pressureFC),
    pressureWCB: numberInputText(product.pressureWCB),
    pressureSUS: numberInputText(product.pressureSUS),
    application: product.application ?? '',
    applicationZh: product.applicationZh ?? '',
    applicationMedium: product.applicationMedium ?? '',
    applicationMediumZh: product.applicationMediumZh ?? '',
    gtin: product.gtin ?? '',
  };
}

/**
 * What the shared schema reads from the typed values: numbers from the number
 * fields, an empty required field as missing ("This field is required"), and an
 * empty pressure as null ("not offered in this body material").
 */
export function productInput(values: ProductFormValues): Record<string, unknown> {
  const pressure = (text: string) => parseNumberInput(text) ?? null;
  return {
    name: values.name,
    nameZh: values.nameZh,
    temperatureMin: parseNumberInput(values.temperatureMin),
    temperatureMax: parseNumberInput(values.temperatureMax),
    fluid: values.fluid || undefined,
    connection: values.connection,
    connectionZh: values.connectionZh,
    pressureFC: pressure(values.pressureFC),
    pressureWCB: pressure(values.pressureWCB),
    pressureSUS: pressure(values.pressureSUS),
    application: values.application,
    applicationZh: values.applicationZh,
    applicationMedium: values.applicationMedium,
    applicationMediumZh: values.applicationMediumZh,
    gtin: values.gtin,
  };
}

/** The fields whose values differ between two versions of a product (after a stale edit). */
export function changedProductFields(before: Product, after: Product): ProductFormField[] {
  const old = productFormValues(before);
  const current = productFormValues(after);
  return productFormFields.filter((field) => old[field] !== current[field]);
}

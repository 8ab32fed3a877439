import Alert from '@cloudscape-design/components/alert';
import Button from '@cloudscape-design/components/button';
import ColumnLayout from '@cloudscape-design/components/column-layout';
import Container from '@cloudscape-design/components/container';
import Form from '@cloudscape-design/components/form';
import FormField from '@cloudscape-design/components/form-field';
import Header from '@cloudscape-design/components/header';
import Input from '@cloudscape-design/components/input';
import Select from '@cloudscape-design/components/select';
import SpaceBetween from '@cloudscape-design/components/space-between';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import {
  productFieldsSchema,
  type ProductFields,
} from '../../../../../lambdas/shared/contract/schemas/product';
import {
  fluids,
  productTranslations,
} from '../../../../../lambdas/shared/contract/schemas/product-record';
import { RouterButton } from '../../../components/router-link';
import { useFieldFocus } from '../../../lib/use-field-focus';
import { useRecordFormSubmit } from '../../../lib/use-record-form-submit';
import { useSchemaForm } from '../../../lib/use-schema-form';
import { paths } from '../../../routes/paths';
import {
  pressureFields,
  productFormFields,
  productInput,
  type ProductFormField,
  type ProductFormValues,
} from '../product-form';

interface ProductFormProps {
  initialValues: ProductFormValues;
  submitLabel: string;
  /** Sends the checked fields; a thrown ApiError is shown on the form, values kept. */
  onSave: (fields: ProductFields) => Promise<void>;
  /** Handles a stale edit (409 `aborted`) instead of the form showing it. */
  onStale?: () => void;
  /** Shown above the fields, e.g. what happened to a stale edit. */
  notice?: ReactNode;
}

const testIds: Record<ProductFormField, string> = {
  name: 'product-name',
  nameZh: 'product-name-zh',
  temperatureMin: 'product-temperature-min',
  temperatureMax: 'product-temperature-max',
  fluid: 'product-fluid',
  connection: 'product-connection',
  connectionZh: 'product-connection-zh',
  pressureFC: 'product-pressure-fc',
  pressureWCB: 'product-pressure-wcb',
  pressureSUS: 'product-pressure-sus',
  application: 'product-application',
  applicationZh: 'product-application-zh',
  applicationMedium: 'product-medium',
  applicationMediumZh: 'product-medium-zh',
  gtin: 'product-gtin',
};

/** The product fields, checked with the shared schema on submit; add and edit use it. */
export function ProductForm({
  initialValues,
  submitLabel,
  onSave,
  onStale,
  notice,
}: ProductFormProps) {
  const { t } = useTranslation();
  const form = useSchemaForm<ProductFields, ProductFormField>(
    productFieldsSchema,
    initialValues,
    productInput,
  );
  const { field: fieldRef, focus } = useFieldFocus<ProductFormField>();
  const { submitting, formError, handleSubmit } = useRecordFormSubmit({
    form,
    formFields: productFormFields,
    conflictField: 'name',
    focus,
    onSave,
    onStale,
  });

  const textField = (
    field: ProductFormField,
    options: {
      constraint?: string;
      number?: boolean;
      optional?: boolean;
      /** The English text of a pair: its label says so. */
      english?: boolean;
    } = {},
  ) => {
    const errorText = form.errorText(field);
    const name = options.english
      ? t('productForm.english', { field: t(`product.fields.${field}`) })
      : t(`product.fields.${field}`);
    return (
      <FormField
        label={
          options.optional ? (
            <>
              {name} <i>{t('productForm.optional')}</i>
            </>
          ) : (
            name
          )
        }
        constraintText={options.constraint}
        errorText={errorText}
      >
        <Input
          ref={fieldRef(field)}
          data-testid={testIds[field]}
          name={field}
          autoComplete="off"
          type={options.number ? 'number' : 'text'}
          inputMode={options.number ? 'decimal' : undefined}
          step={options.number ? 'any' : undefined}
          value={form.values[field]}
          invalid={Boolean(errorText)}
          onChange={({ detail }) => form.setValue(field, detail.value)}
        />
      </FormField>
    );
  };

  /**
   * A printed text and its Chinese text side by side (the Chinese one optional: the
   * Chinese report, mail and labels fall back to the English one).
   */
  const textPair = (
    field: keyof typeof productTranslations,
    options: { constraint?: string; optional?: boolean } = {},
  ) => (
    <ColumnLayout columns={2}>
      {textField(field, { ...options, english: true })}
      {textField(productTranslations[field], {
        optional: true,
        constraint: t('productForm.chineseHint'),
      })}
    </ColumnLayout>
  );

  const fluidOptions = fluids.map((fluid) => ({
    value: fluid,
    label: t(`product.fluids.${fluid}`),
  }));
  const fluidError = form.errorText('fluid');

  return (
    <form onSubmit={(event) => void handleSubmit(event)} noValidate data-testid="product-form">
      <Form
        errorText={formError && <Alert type="error">{formError}</Alert>}
        actions={
          <SpaceBetween direction="horizontal" size="xs">
            <RouterButton to={paths.products} variant="link" data-testid="product-cancel">
              {t('common.cancel')}
            </RouterButton>
            <Button
              variant="primary"
              formAction="submit"
              loading={submitting}
              data-testid="product-submit"
            >
              {submitLabel}
            </Button>
          </SpaceBetween>
        }
      >
        <SpaceBetween size="l">
          {notice}
          <Container header={<Header variant="h2">{t('productForm.details')}</Header>}>
            <SpaceBetween size="l">
              {textPair('name')}
              <FormField label={t('product.fields.fluid')} errorText={fluidError}>
                <Select
                  ref={fieldRef('fluid')}
                  data-testid={testIds.fluid}
                  selectedOption={
                    fluidOptions.find((option) => option.value === form.values.fluid) ?? null
                  }
                  options={fluidOptions}
                  placeholder={t('productForm.fluidPlaceholder')}
                  invalid={Boolean(fluidError)}
                  onChange={({ detail }) =>
                    form.setValue('fluid', detail.selectedOption.value ?? '')
                  }
                />
              </FormField>
              {textPair('connection', { constraint: t('productForm.connectionHint') })}
              {textPair('application', { optional: true })}
              {textPair('applicationMedium', { optional: true })}
              {textField('gtin', { optional: true, constraint: t('productForm.gtinHint') })}
            </SpaceBetween>
          </Container>
          <Container
            header={
              <Header variant="h2" description={t('productForm.ratingsDescription')}>
                {t('productForm.ratings')}
              </Header>
            }
          >
            <SpaceBetween size="l">
              <ColumnLayout columns={2}>
                {textField('temperatureMin', { number: true, constraint: t('units.celsius') })}
                {textField('temperatureMax', { number: true, constraint: t('units.celsius') })}
              </ColumnLayout>
              <ColumnLayout columns={3}>
                {pressureFields.map((field) => (
                  <div key={field}>
                    {textField(field, {
                      number: true,
                      optional: true,
                      constraint: t('productForm.pressureHint'),
                    })}
                  </div>
                ))}
              </ColumnLayout>
            </SpaceBetween>
          </Container>
        </SpaceBetween>
      </Form>
    </form>
  );
}

import { bodyMaterials, type BodyMaterial } from '../../../../../lambdas/shared/contract/materials';
import { serialAsTyped } from '../../../../../lambdas/shared/contract/serial';
import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import ColumnLayout from '@cloudscape-design/components/column-layout';
import Container from '@cloudscape-design/components/container';
import DatePicker from '@cloudscape-design/components/date-picker';
import Form from '@cloudscape-design/components/form';
import FormField from '@cloudscape-design/components/form-field';
import Header from '@cloudscape-design/components/header';
import Input from '@cloudscape-design/components/input';
import Select, { type SelectProps } from '@cloudscape-design/components/select';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { useCallback, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import {
  createSerialRangeSchema,
  type SerialRangeFields,
} from '../../../../../lambdas/shared/contract/schemas/serial-range';
import { RouterButton } from '../../../components/router-link';
import { useLanguage } from '../../../i18n/use-language';
import { formatNumber } from '../../../lib/format';
import { useFieldFocus } from '../../../lib/use-field-focus';
import { useRecordFormSubmit } from '../../../lib/use-record-form-submit';
import { useSchemaForm } from '../../../lib/use-schema-form';
import { paths } from '../../../routes/paths';
import type { AllProducts } from '../../products';
import {
  materialAfterProductChange,
  materialField,
  rangeTotal,
  serialFormFields,
  serialRangeInput,
  type SerialFormField,
  type SerialFormValues,
} from '../serial-form';
import { ProductSelect } from './product-select';

interface SerialRangeFormProps {
  initialValues: SerialFormValues;
  /** The products to choose from (`useAllProducts` of the page, which may use them too). */
  products: AllProducts;
  submitLabel: string;
  /** Sends the checked fields; a thrown ApiError is shown on the form, values kept. */
  onSave: (fields: SerialRangeFields) => Promise<void>;
  /** Handles a stale edit (409 `aborted`) instead of the form showing it. */
  onStale?: () => void;
  /** Shown above the fields, e.g. what happened to a stale edit. */
  notice?: ReactNode;
}

/**
 * Product, body material, serial range and production date, checked with the shared schema
 * on submit. The body material follows the product's pressure ratings (`materialField`).
 */
export function SerialRangeForm({
  initialValues,
  products,
  submitLabel,
  onSave,
  onStale,
  notice,
}: SerialRangeFormProps) {
  const { t } = useTranslation();
  const { language } = useLanguage();
  const { byId } = products;
  const toInput = useCallback(
    (values: SerialFormValues) => serialRangeInput(values, (id) => byId.get(id)),
    [byId],
  );
  const form = useSchemaForm<SerialRangeFields, SerialFormField>(
    createSerialRangeSchema,
    initialValues,
    toInput,
  );
  const { field: fieldRef, focus } = useFieldFocus<SerialFormField>();
  const { submitting, formError, handleSubmit } = useRecordFormSubmit({
    form,
    formFields: serialFormFields,
    // An overlap names the range it collides with on the starting serial.
    conflictField: 'startSerial',
    focus,
    onSave,
    onStale,
  });
  const total = rangeTotal(form.values.startSerial, form.values.endSerial);
  const material = materialField(byId.get(form.values.productId));

  const errors = {
    productId: form.errorText('productId'),
    bodyMaterial: form.errorText('bodyMaterial'),
    startSerial: form.errorText('startSerial'),
    endSerial: form.errorText('endSerial'),
    productionDate: form.errorText('productionDate'),
  };

  const serialInput = (field: 'startSerial' | 'endSerial', testId: string) => (
    <Input
      ref={fieldRef(field)}
      data-testid={testId}
      name={field}
      autoComplete="off"
      spellcheck={false}
      placeholder={t('serialForm.serialPlaceholder')}
      value={form.values[field]}
      invalid={Boolean(errors[field])}
      onChange={({ detail }) => form.setValue(field, serialAsTyped(detail.value))}
    />
  );

  return (
    <form onSubmit={(event) => void handleSubmit(event)} noValidate data-testid="serial-form">
      <Form
        errorText={formError && <Alert type="error">{formError}</Alert>}
        actions={
          <SpaceBetween direction="horizontal" size="xs">
            <RouterButton to={paths.serialNumbers} variant="link" data-testid="serial-cancel">
              {t('common.cancel')}
            </RouterButton>
            <Button
              variant="primary"
              formAction="submit"
              loading={submitting}
              data-testid="serial-submit"
            >
              {submitLabel}
            </Button>
          </SpaceBetween>
        }
      >
        <SpaceBetween size="l">
          {notice}
          <Container header={<Header variant="h2">{t('serialForm.details')}</Header>}>
            <SpaceBetween size="l">
              <ColumnLayout columns={2}>
                <FormField label={t('serialRange.fields.product')} errorText={errors.productId}>
                  <ProductSelect
                    ref={fieldRef('productId')}
                    data-testid="serial-product"
                    value={form.values.productId}
                    onChange={(productId) => {
                      form.setValue('productId', productId);
                      const next = materialAfterProductChange(
                        form.values.bodyMaterial,
                        byId.get(productId),
                      );
                      if (next !== form.values.bodyMaterial) form.setValue('bodyMaterial', next);
                    }}
                    products={products.products}
                    state={products.state.status}
                    onRetry={products.reload}
                    placeholder={t('serialForm.productPlaceholder')}
                    invalid={Boolean(errors.productId)}
                  />
                </FormField>
                {material.kind !== 'none' && (
                  <FormField
                    label={t('serialRange.fields.bodyMaterial')}
                    constraintText={
                      material.kind === 'choose'
                        ? t('serialForm.materialChoose')
                        : material.kind === 'fixed'
                          ? t('serialForm.materialFixed')
                          : undefined
                    }
                    errorText={errors.bodyMaterial}
                    data-testid="serial-material-field"
                  >
                    <MaterialSelect
                      selectRef={fieldRef('bodyMaterial')}
                      field={material}
                      value={form.values.bodyMaterial}
                      placeholder={
                        form.values.productId === ''
                          ? t('serialForm.materialAfterProduct')
                          : products.state.status === 'loading'
                            ? t('serialForm.productsLoading')
                            : t('serialForm.materialPlaceholder')
                      }
                      invalid={Boolean(errors.bodyMaterial)}
                      onChange={(value) => form.setValue('bodyMaterial', value)}
                    />
                  </FormField>
                )}
              </ColumnLayout>
              <ColumnLayout columns={2}>
                <FormField
                  label={t('serialRange.fields.startSerial')}
                  constraintText={t('serialForm.serialHint')}
                  errorText={errors.startSerial}
                >
                  {serialInput('startSerial', 'serial-start')}
                </FormField>
                <FormField
                  label={t('serialRange.fields.endSerial')}
                  constraintText={
                    total === undefined ? (
                      t('serialForm.totalPending')
                    ) : (
                      <Box
                        tagOverride="span"
                        color="inherit"
                        fontWeight="bold"
                        data-testid="serial-total"
                      >
                        {t('serialForm.total', {
                          count: total,
                          total: formatNumber(total, language),
                        })}
                      </Box>
                    )
                  }
                  errorText={errors.endSerial}
                >
                  {serialInput('endSerial', 'serial-end')}
                </FormField>
              </ColumnLayout>
              <FormField
                label={t('serialRange.fields.productionDate')}
                constraintText={t('serialForm.dateHint')}
                errorText={errors.productionDate}
              >
                <DatePicker
                  ref={fieldRef('productionDate')}
                  data-testid="serial-date"
                  name="productionDate"
                  format="iso"
                  placeholder="YYYY-MM-DD"
                  value={form.values.productionDate}
                  invalid={Boolean(errors.productionDate)}
                  onChange={({ detail }) => form.setValue('productionDate', detail.value)}
                />
              </FormField>
            </SpaceBetween>
          </Container>
        </SpaceBetween>
      </Form>
    </form>
  );
}

/**
 * The body material: a choice among the product's rated materials, its only one shown
 * read-only, or off until the product is known.
 */
function MaterialSelect({
  field,
  value,
  placeholder,
  invalid,
  onChange,
  selectRef,
}: {
  field: Exclude<ReturnType<typeof materialField>, { kind: 'none' }>;
  value: string;
  placeholder: string;
  invalid: boolean;
  onChange: (material: string) => void;
  selectRef: (instance: SelectProps.Ref | null) => void;
}) {
  const { t } = useTranslation();
  const option = (material: string) =>
    bodyMaterials.find((known) => known === material)
      ? { value: material, label: t(`report.materials.${material as BodyMaterial}`) }
      : null;
  const options =
    field.kind === 'choose' ? field.materials.map((material) => option(material)!) : [];
  const selected = field.kind === 'fixed' ? option(field.material) : option(value);
  return (
    <Select
      ref={selectRef}
      data-testid="serial-material"
      selectedOption={selected}
      options={options}
      placeholder={placeholder}
      disabled={field.kind === 'pending'}
      readOnly={field.kind === 'fixed'}
      invalid={invalid}
      onChange={({ detail }) => onChange(detail.selectedOption.value ?? '')}
    />
  );
}

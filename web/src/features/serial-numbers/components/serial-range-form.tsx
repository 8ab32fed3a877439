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
import SpaceBetween from '@cloudscape-design/components/space-between';
import type { ReactNode } from 'react';
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

/** Product, serial range and production date, checked with the shared schema on submit. */
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
  const form = useSchemaForm<SerialRangeFields, SerialFormField>(
    createSerialRangeSchema,
    initialValues,
    serialRangeInput,
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

  const errors = {
    productId: form.errorText('productId'),
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
              <FormField label={t('serialRange.fields.product')} errorText={errors.productId}>
                <ProductSelect
                  ref={fieldRef('productId')}
                  data-testid="serial-product"
                  value={form.values.productId}
                  onChange={(productId) => form.setValue('productId', productId)}
                  products={products.products}
                  state={products.state.status}
                  onRetry={products.reload}
                  placeholder={t('serialForm.productPlaceholder')}
                  invalid={Boolean(errors.productId)}
                />
              </FormField>
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

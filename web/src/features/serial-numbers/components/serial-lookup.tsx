import { serialAsTyped } from '../../../../../lambdas/shared/contract/serial';
import Alert from '@cloudscape-design/components/alert';
import Button from '@cloudscape-design/components/button';
import Container from '@cloudscape-design/components/container';
import FormField from '@cloudscape-design/components/form-field';
import Header from '@cloudscape-design/components/header';
import Input from '@cloudscape-design/components/input';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { Product } from '../../../../../lambdas/shared/contract/schemas/product-record';
import type { SerialRange } from '../../../../../lambdas/shared/contract/schemas/serial-range';
import { RouterLink } from '../../../components/router-link';
import { useLanguage } from '../../../i18n/use-language';
import { ApiError } from '../../../lib/api-client';
import { formatCalendarDate, formatNumber } from '../../../lib/format';
import { pathTo, paths } from '../../../routes/paths';
import { lookupSerial } from '../api';

type LookupState =
  | { status: 'idle' | 'searching' }
  | { status: 'found'; serial: string; range: SerialRange }
  | { status: 'failed'; serial: string; error: ApiError };

/** "Find a serial": which range, and so which product, holds a serial number. */
export function SerialLookup({ products }: { products: ReadonlyMap<string, Product> }) {
  const { t } = useTranslation();
  const { language } = useLanguage();
  const [serial, setSerial] = useState('');
  const [missing, setMissing] = useState(false);
  const [state, setState] = useState<LookupState>({ status: 'idle' });

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (state.status === 'searching') return;
    const wanted = serialAsTyped(serial);
    setMissing(wanted === '');
    if (!wanted) return;
    setState({ status: 'searching' });
    try {
      setState({ status: 'found', serial: wanted, range: await lookupSerial(wanted) });
    } catch (error) {
      setState({
        status: 'failed',
        serial: wanted,
        error:
          error instanceof ApiError ? error : new ApiError('internal', t('errors.internal'), 0),
      });
    }
  }

  let result;
  if (state.status === 'found') {
    const { range } = state;
    result = (
      <Alert type="success" header={t('serialLookup.found', { serial: state.serial })}>
        <span data-testid="serial-lookup-result">
          {t('serialLookup.foundDetail', {
            start: range.startSerial,
            end: range.endSerial,
            product: products.get(range.productId)?.name ?? range.productId,
            units: formatNumber(range.totalUnits, language),
            date: formatCalendarDate(range.productionDate, language) ?? range.productionDate,
          })}{' '}
          <RouterLink
            to={pathTo(paths.unit, { serial: state.serial })}
            data-testid="serial-lookup-unit"
          >
            {t('serialLookup.openUnit', { serial: state.serial })}
          </RouterLink>
          {t('serialLookup.linkSeparator')}
          <RouterLink to={pathTo(paths.editSerialNumber, { id: range.id })}>
            {t('serialLookup.open')}
          </RouterLink>
        </span>
      </Alert>
    );
  } else if (state.status === 'failed') {
    // 404 is the answer "in no range": errors.serialNotInRange, in the visitor's language.
    result = (
      <Alert type={state.error.code === 'not-found' ? 'warning' : 'error'} header={state.serial}>
        <span data-testid="serial-lookup-result">{state.error.message}</span>
      </Alert>
    );
  }

  return (
    <Container
      header={
        <Header variant="h2" description={t('serialLookup.description')}>
          {t('serialLookup.title')}
        </Header>
      }
    >
      <form onSubmit={(event) => void handleSubmit(event)} noValidate>
        <SpaceBetween size="m">
          <FormField
            label={t('serialLookup.label')}
            errorText={missing ? t('validation.required') : undefined}
            secondaryControl={
              <Button
                formAction="submit"
                loading={state.status === 'searching'}
                data-testid="serial-lookup-submit"
              >
                {t('serialLookup.submit')}
              </Button>
            }
          >
            <Input
              data-testid="serial-lookup-input"
              type="search"
              autoComplete="off"
              spellcheck={false}
              placeholder={t('serialForm.serialPlaceholder')}
              value={serial}
              invalid={missing}
              onChange={({ detail }) => {
                setSerial(serialAsTyped(detail.value));
                setMissing(false);
              }}
            />
          </FormField>
          {result}
        </SpaceBetween>
      </form>
    </Container>
  );
}

import StatusIndicator from '@cloudscape-design/components/status-indicator';
import { useTranslation } from 'react-i18next';
import type { PressureRatings } from '../../../../../lambdas/shared/contract/materials';
import type { SerialRange } from '../../../../../lambdas/shared/contract/schemas/serial-range';
import { rangeMaterialState } from '../serial-form';

/**
 * A range's body material in the list: its code and name ("WCB (cast steel)"), a warning
 * "Not set" when its product rates materials but the range (an older one) records none,
 * or "—" when the product rates none.
 */
export function RangeMaterial({
  range,
  product,
}: {
  range: Pick<SerialRange, 'bodyMaterial'>;
  product: PressureRatings | undefined;
}) {
  const { t } = useTranslation();
  const state = rangeMaterialState(range, product);
  if (state.kind === 'set') return t(`report.materials.${state.material}`);
  if (state.kind === 'missing') {
    return <StatusIndicator type="warning">{t('serialNumbers.materialNotSet')}</StatusIndicator>;
  }
  return t('common.none');
}

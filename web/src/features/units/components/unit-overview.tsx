import Box from '@cloudscape-design/components/box';
import Container from '@cloudscape-design/components/container';
import Header from '@cloudscape-design/components/header';
import KeyValuePairs from '@cloudscape-design/components/key-value-pairs';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { useTranslation } from 'react-i18next';
import type { UnitView } from '../../../../../lambdas/shared/contract/schemas/unit';
import { RouterLink } from '../../../components/router-link';
import { VerdictStatus } from '../../../components/verdict-status';
import { useLanguage } from '../../../i18n/use-language';
import { formatCalendarDate } from '../../../lib/format';
import { pathTo, paths } from '../../../routes/paths';
import { judgedByText, materialText, rangeText } from '../unit-format';

/**
 * What the unit is: its product and range (each a link to its page), body material and
 * rating, production date, and its verdict with the plan version that judges it.
 */
export function UnitOverview({ unit }: { unit: UnitView }) {
  const { t } = useTranslation();
  const { language } = useLanguage();
  return (
    <Container
      data-testid="unit-overview"
      header={<Header variant="h2">{t('unit.overview.title')}</Header>}
    >
      <KeyValuePairs
        columns={3}
        items={[
          {
            label: t('unit.overview.verdict'),
            value: (
              <SpaceBetween size="xxxs">
                <Box fontSize="heading-s" fontWeight="bold" data-testid="unit-verdict">
                  <VerdictStatus verdict={unit.verdict} />
                </Box>
                <Box variant="small" color="text-body-secondary" data-testid="unit-judged-by">
                  {judgedByText(unit, t)}
                </Box>
              </SpaceBetween>
            ),
          },
          {
            label: t('unit.overview.product'),
            value: (
              <RouterLink
                to={pathTo(paths.editProduct, { id: unit.product.id })}
                data-testid="unit-product"
              >
                {unit.product.name}
              </RouterLink>
            ),
          },
          {
            label: t('unit.overview.range'),
            value: (
              <RouterLink
                to={pathTo(paths.editSerialNumber, { id: unit.range.id })}
                data-testid="unit-range"
              >
                {rangeText(unit.range, t, language)}
              </RouterLink>
            ),
          },
          {
            label: t('report.bodyMaterial'),
            value: <span data-testid="unit-material">{materialText(unit, t, language)}</span>,
          },
          {
            label: t('serialRange.fields.productionDate'),
            value:
              formatCalendarDate(unit.range.productionDate, language) ?? unit.range.productionDate,
          },
          {
            label: t('product.fields.gtin'),
            value: unit.product.gtin ?? t('common.none'),
          },
        ]}
      />
    </Container>
  );
}

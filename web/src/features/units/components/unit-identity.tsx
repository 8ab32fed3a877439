import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Container from '@cloudscape-design/components/container';
import Header from '@cloudscape-design/components/header';
import Link from '@cloudscape-design/components/link';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { UnitView } from '../../../../../lambdas/shared/contract/schemas/unit';
import { QrCode } from '../../../lib/qr-code';
import '../units.css';

/** The serial numbers feature's label dialog, fetched when "Print label" is first chosen. */
const PrintLabelsModal = lazy(() =>
  import('../../serial-numbers').then((module) => ({ default: module.PrintLabelsModal })),
);

/**
 * The unit's identification link as its nameplate carries it: the QR code, the address and,
 * with a GTIN, the GS1 element string; "Print label" prints this one unit's label.
 */
export function UnitIdentity({ unit }: { unit: UnitView }) {
  const { t } = useTranslation();
  const [printing, setPrinting] = useState(false);
  return (
    <Container
      data-testid="unit-identity"
      header={
        <Header
          variant="h2"
          description={t('report.identityLinkText')}
          actions={
            <Button onClick={() => setPrinting(true)} data-testid="unit-print-label">
              {t('unit.identity.printLabel')}
            </Button>
          }
        >
          {t('report.identityLink')}
        </Header>
      }
    >
      <div className="unit-identity">
        <QrCode
          text={unit.identityLink}
          label={t('report.identityLink')}
          className="unit-identity__qr"
        />
        <SpaceBetween size="s">
          <Link href={unit.identityLink} external data-testid="unit-identity-link">
            <span className="unit-identity__url">{unit.identityLink}</span>
          </Link>
          {unit.elementString && (
            <Box>
              <Box variant="awsui-key-label">{t('unit.identity.elementString')}</Box>
              <Box variant="code" data-testid="unit-element-string">
                {unit.elementString}
              </Box>
            </Box>
          )}
        </SpaceBetween>
      </div>
      {printing && (
        <Suspense fallback={null}>
          <PrintLabelsModal
            range={unit.range}
            productName={unit.product.name}
            serial={unit.serialNumber}
            onClose={() => setPrinting(false)}
          />
        </Suspense>
      )}
    </Container>
  );
}

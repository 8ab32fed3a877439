import Box from '@cloudscape-design/components/box';
import SpaceBetween from '@cloudscape-design/components/space-between';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { TestResult } from '../../../../../lambdas/shared/contract/schemas/machine-data';
import { formatLimit } from '../../../../../lambdas/shared/contract/schemas/test-plan';
import { useLanguage } from '../../../i18n/use-language';
import { measuredText, voidedText } from '../unit-format';
import '../units.css';

/** A cell's text of a result, struck through once the result is voided (it keeps its values). */
export function VoidableText({ result, children }: { result: TestResult; children: ReactNode }) {
  return result.voidedAt ? <span className="unit-voided">{children}</span> : <>{children}</>;
}

/**
 * What a voided result says under its outcome: "Voided", then who voided it, when and why.
 * Nothing for a result that counts.
 */
export function VoidNote({ result }: { result: TestResult }) {
  const { t } = useTranslation();
  const { language } = useLanguage();
  const text = voidedText(result, t, language);
  if (!text) return null;
  return (
    <SpaceBetween size="xxxs">
      <StatusIndicator type="stopped">{t('unit.results.voided')}</StatusIndicator>
      <Box variant="small" color="text-body-secondary" data-testid="result-void-note">
        {text}
      </Box>
    </SpaceBetween>
  );
}

/**
 * What a result measured, with under it the limit it was judged against and the test plan
 * version that set it, as stored with the result (a later plan never changes them): one
 * column for the three, so a results table fits a laptop screen. Struck through once the
 * result is voided.
 */
export function MeasuredValue({ result }: { result: TestResult }) {
  const { t } = useTranslation();
  const { language } = useLanguage();
  const limit = result.limit && formatLimit(result.limit);
  return (
    <SpaceBetween size="xxxs">
      <span className="unit-nowrap">
        <VoidableText result={result}>{measuredText(result, t, language)}</VoidableText>
      </span>
      {limit && (
        <Box variant="small" color="text-body-secondary" data-testid="result-limit">
          <span className="unit-nowrap">
            <VoidableText result={result}>{t('machineData.results.limit', { limit })}</VoidableText>
          </span>
        </Box>
      )}
      {result.planVersion !== null && (
        <Box variant="small" color="text-body-secondary">
          <span className="unit-nowrap">
            {t('machineData.results.planVersion', { version: result.planVersion })}
          </span>
        </Box>
      )}
    </SpaceBetween>
  );
}

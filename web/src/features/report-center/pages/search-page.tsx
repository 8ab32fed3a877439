import Box from '@cloudscape-design/components/box';
import Header from '@cloudscape-design/components/header';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { useTranslation } from 'react-i18next';
import { useDocumentTitle } from '../../../lib/use-document-title';

/**
 * The public Test Report Center. It lives in the light blank layout and imports
 * nothing of the back office, so visitors download only what this page needs.
 */
export default function SearchPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('reportCenter.pageTitle'));
  return (
    <SpaceBetween size="l" data-testid="report-center">
      <Header variant="h1" description={t('reportCenter.description')}>
        {t('reportCenter.title')}
      </Header>
      <Box textAlign="center" padding={{ vertical: 'xl' }} data-testid="report-center-empty">
        <SpaceBetween size="xxs">
          <Box variant="h2" tagOverride="p" color="text-body-secondary">
            {t('reportCenter.emptyTitle')}
          </Box>
          <Box variant="p" color="text-body-secondary">
            {t('reportCenter.emptyDescription')}
          </Box>
        </SpaceBetween>
      </Box>
    </SpaceBetween>
  );
}

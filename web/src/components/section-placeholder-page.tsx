import Box from '@cloudscape-design/components/box';
import Container from '@cloudscape-design/components/container';
import ContentLayout from '@cloudscape-design/components/content-layout';
import Header from '@cloudscape-design/components/header';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { useTranslation } from 'react-i18next';
import { useDocumentTitle } from '../lib/use-document-title';
import type { TranslationKey } from '../i18n/types';

interface SectionPlaceholderPageProps {
  /** Page id used for test hooks, e.g. `products`. */
  section: string;
  titleKey: TranslationKey;
  descriptionKey: TranslationKey;
}

/** A back-office section that exists in navigation but has no content yet. */
export function SectionPlaceholderPage({
  section,
  titleKey,
  descriptionKey,
}: SectionPlaceholderPageProps) {
  const { t } = useTranslation();
  const title = t(titleKey);
  useDocumentTitle(title);
  return (
    <ContentLayout
      header={
        <Header variant="h1" description={t(descriptionKey)} data-testid={`${section}-header`}>
          {title}
        </Header>
      }
    >
      <Container>
        <Box textAlign="center" color="inherit" padding={{ vertical: 'xxl' }}>
          <SpaceBetween size="xxs">
            <Box variant="h2" tagOverride="p" color="text-body-secondary">
              {t('sections.emptyTitle')}
            </Box>
            <Box variant="p" color="text-body-secondary">
              {t('sections.emptyDescription')}
            </Box>
          </SpaceBetween>
        </Box>
      </Container>
    </ContentLayout>
  );
}

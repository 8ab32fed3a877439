import Box from '@cloudscape-design/components/box';
import Container from '@cloudscape-design/components/container';
import ContentLayout from '@cloudscape-design/components/content-layout';
import Header from '@cloudscape-design/components/header';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { useTranslation } from 'react-i18next';
import { useDocumentTitle } from '../lib/use-document-title';
import type { TranslationKey } from '../i18n/types';
import { RouterButton } from './router-link';

interface SectionPlaceholderPageProps {
  /** Page id used for test hooks, e.g. `products`. */
  section: string;
  titleKey: TranslationKey;
  descriptionKey: TranslationKey;
  /** Values for the description's placeholders, e.g. `{ id }`. */
  descriptionParams?: Record<string, string>;
  /** The list page this page belongs to (add and edit pages), linked from the header. */
  backTo?: string;
}

/** A back-office page that exists in the route table but has no content yet. */
export function SectionPlaceholderPage({
  section,
  titleKey,
  descriptionKey,
  descriptionParams,
  backTo,
}: SectionPlaceholderPageProps) {
  const { t } = useTranslation();
  const title = t(titleKey);
  useDocumentTitle(title);
  return (
    <ContentLayout
      header={
        <Header
          variant="h1"
          description={t(descriptionKey, { replace: descriptionParams })}
          data-testid={`${section}-header`}
          actions={backTo && <RouterButton to={backTo}>{t('common.backToList')}</RouterButton>}
        >
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

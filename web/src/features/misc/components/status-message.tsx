import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Header from '@cloudscape-design/components/header';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { paths } from '../../../routes/paths';
import { useDocumentTitle } from '../../../lib/use-document-title';

interface StatusMessageProps {
  /** Test hook, e.g. `not-found`. */
  id: string;
  title: string;
  description: string;
}

/** A short page that explains where the visitor ended up and leads back home. */
export function StatusMessage({ id, title, description }: StatusMessageProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  useDocumentTitle(title);
  return (
    <SpaceBetween size="l" data-testid={id}>
      <Header variant="h1" description={description}>
        {title}
      </Header>
      <Box>
        <Button
          variant="primary"
          href={paths.home}
          onFollow={(event) => {
            event.preventDefault();
            void navigate(paths.home);
          }}
        >
          {t('misc.backHome')}
        </Button>
      </Box>
    </SpaceBetween>
  );
}

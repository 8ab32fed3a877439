import Box from '@cloudscape-design/components/box';
import { useTranslation } from 'react-i18next';
import { useAppTitle } from '../../lib/use-config';
import './shell.css';

/** The footer: the application's name and the year. */
export function AppFooter({ id, sticky }: { id?: string; sticky: boolean }) {
  const { t } = useTranslation();
  const appName = useAppTitle();
  return (
    <footer
      id={id}
      className={`app-footer${sticky ? ' app-footer--sticky' : ''}`}
      aria-label={t('shell.footerLabel')}
      data-testid="app-footer"
    >
      <Box variant="small" color="text-body-secondary">
        {t('shell.footer', { appName, year: new Date().getFullYear() })}
      </Box>
    </footer>
  );
}

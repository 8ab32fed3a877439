import Header from '@cloudscape-design/components/header';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router-dom';
import { useToast } from '../../../components/toast/use-toast';
import { useAppTitle } from '../../../lib/use-config';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { postSignInPath } from '../../../routes/redirect';
import { LoginForm } from '../components/login-form';

export default function LoginPage() {
  const { t } = useTranslation();
  const appTitle = useAppTitle();
  const navigate = useNavigate();
  const { search } = useLocation();
  const { showToast } = useToast();
  useDocumentTitle(t('auth.login.pageTitle'));

  return (
    <SpaceBetween size="l">
      <Header variant="h1" description={t('auth.login.prompt')}>
        {t('auth.login.welcome', { appName: appTitle })}
      </Header>
      <LoginForm
        onSignedIn={() => {
          showToast({ type: 'success', content: t('auth.login.success') });
          void navigate(postSignInPath(search), { replace: true });
        }}
      />
    </SpaceBetween>
  );
}

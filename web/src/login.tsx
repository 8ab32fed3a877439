import '@cloudscape-design/global-styles/index.css';
import { StrictMode, useMemo, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import { StartupError } from './app/startup-error';
import { toastLabels } from './components/toast/toast-context';
import { ToastProvider } from './components/toast/toast-provider';
import { loadSignInConfig } from './features/auth/sign-in/sign-in-config';
import { SignInApp } from './features/auth/sign-in/sign-in-app';
import { useText } from './features/auth/sign-in/texts';
import { LanguageProvider, useLanguage } from './light/text';
import { followStoredTheme } from './light/theme';
import { configureAmplify } from './lib/amplify';

function SignInToasts({ children }: { children: ReactNode }) {
  const { t } = useText();
  const labels = useMemo(() => toastLabels((key) => t(key)), [t]);
  return <ToastProvider labels={labels}>{children}</ToastProvider>;
}

function SignInStartupError() {
  return <StartupError language={useLanguage().language} />;
}

/**
 * Entry of the sign-in page (login.html, served at /login), built apart from the back
 * office (main.tsx) like the Test Report Center: no router, no i18next, no zod on the first
 * load; an ESLint zone and the build keep it so. After sign-in it leaves for the back
 * office, which finds the session Amplify stored.
 */
async function start(container: HTMLElement): Promise<void> {
  followStoredTheme();
  const root = createRoot(container);
  const config = await loadSignInConfig().catch((error: unknown) => {
    console.error(error);
    return undefined;
  });
  if (config) configureAmplify(config);
  root.render(
    <StrictMode>
      <LanguageProvider>
        {config ? (
          <SignInToasts>
            <SignInApp config={config} />
          </SignInToasts>
        ) : (
          <SignInStartupError />
        )}
      </LanguageProvider>
    </StrictMode>,
  );
}

const container = document.getElementById('root');
if (container) void start(container);

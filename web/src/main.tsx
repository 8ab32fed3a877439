import '@cloudscape-design/global-styles/index.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { StartupError } from './app/startup-error';
import { initI18n } from './i18n';
import { startLanguage } from './i18n/language-storage';
import { languageSettings } from './i18n/languages';
import { configureAmplify } from './lib/amplify';
import { loadConfig } from './lib/config';

async function start(container: HTMLElement): Promise<void> {
  const root = createRoot(container);
  const failed = (error: unknown) => {
    console.error(error);
    return undefined;
  };
  // The texts are a download of their own (one language): without them, or without the
  // configuration, the app says it could not start.
  const [language, config] = await Promise.all([
    initI18n().catch(failed),
    loadConfig().catch(failed),
  ]);
  if (!language || !config) {
    // Without i18next's texts: the page has its own, in the language the app starts with.
    const fallbackLanguage = language ?? startLanguage();
    document.documentElement.lang = languageSettings[fallbackLanguage].htmlLang;
    root.render(<StartupError language={fallbackLanguage} />);
    return;
  }
  configureAmplify(config);
  root.render(
    <StrictMode>
      <App config={config} />
    </StrictMode>,
  );
}

const container = document.getElementById('root');
if (container) void start(container);

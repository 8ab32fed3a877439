import { use } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfigContext } from './config-context';
import { productName } from '../../../lambdas/shared/contract/product-name';
import type { AppConfig } from './config';

export function useConfig(): AppConfig {
  const config = use(ConfigContext);
  if (!config) throw new Error('useConfig must be used inside <ConfigProvider>');
  return config;
}

/**
 * The app title for the current language. The configured `appName` is the brand;
 * when it is the product's own English name it is shown translated
 * ("測試報告中心"), any other configured name is shown as is.
 */
export function useAppTitle(): string {
  const { appName } = useConfig();
  const { t } = useTranslation();
  return appName === productName ? t('app.name') : appName;
}

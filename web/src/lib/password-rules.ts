import { useTranslation } from 'react-i18next';
import { passwordPolicy } from '../../../lambdas/shared/contract/password-policy';

/** The password rules as a one-line hint under a new-password field, from the shared policy. */
export function usePasswordRulesHint(): string {
  const { t } = useTranslation();
  return t('password.rules', { min: passwordPolicy.minLength });
}

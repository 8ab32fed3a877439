import type { SiteSettings } from '../../lambdas/shared/contract/schemas/settings';
import { callApi } from './api';
import { signIn } from './cognito';
import type { StackInfo } from './stack-process';

/**
 * Turns self-registration on or off as an admin does, in the site settings (off by
 * default; the PreSignUp trigger reads it): for tests that register accounts through the
 * register page's calls.
 */
export async function setSelfRegistration(stack: StackInfo, open: boolean): Promise<void> {
  const { IdToken } = await signIn(stack, stack.admin.email, stack.admin.password);
  const current = await callApi<SiteSettings>(stack, '/api/settings', { token: IdToken });
  if (current.status !== 200) {
    throw new Error(
      `GET /api/settings answered ${current.status}: ${JSON.stringify(current.body)}`,
    );
  }
  if (current.body.selfRegistration === open) return;
  const saved = await callApi(stack, '/api/settings', {
    method: 'PUT',
    token: IdToken,
    body: {
      publicVerdicts: current.body.publicVerdicts,
      selfRegistration: open,
      version: current.body.version,
    },
  });
  if (saved.status !== 200) {
    throw new Error(`PUT /api/settings answered ${saved.status}: ${JSON.stringify(saved.body)}`);
  }
}

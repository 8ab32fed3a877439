import { createUser, type SignedIn } from './cognito';
import type { StackInfo } from './stack-process';
import { enrolTotp } from './staff-accounts';

/**
 * A new admin account that may use its powers (docs/access-control.md "Second factor"):
 * created confirmed, then given its authenticator app as the account page does
 * (`enrolTotp`: Cognito set-up, the API's confirmation, a sign-in with a code). An admin
 * without one is refused on admin-only routes. Answers the app's secret and the session.
 */
export async function createAdminWithSecondFactor(
  stack: StackInfo,
  email: string,
  password: string,
): Promise<{ secret: string; session: SignedIn }> {
  await createUser(stack, email, password, 'admin');
  const { tokens, secret } = await enrolTotp(stack, email, password);
  return { secret, session: tokens };
}

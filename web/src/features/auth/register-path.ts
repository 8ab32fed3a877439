import { paths } from '../../routes/paths';

/** Query of `/register` that opens the code step for an account already registered. */
export const registerStepParam = 'step';
export const registerEmailParam = 'email';
export const registerConfirmStep = 'confirm';

/** `/register` at the code step for this email, e.g. from a sign-in of an unconfirmed account. */
export function registerConfirmPath(email: string): string {
  const query = new URLSearchParams({
    [registerStepParam]: registerConfirmStep,
    [registerEmailParam]: email,
  });
  return `${paths.register}?${query}`;
}

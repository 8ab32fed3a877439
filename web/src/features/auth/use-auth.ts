import { use } from 'react';
import { AuthContext, type AuthContextValue } from './auth-context';

/** The session: `status`, `user`, `signIn`, `signOut`. */
export function useAuth(): AuthContextValue {
  const auth = use(AuthContext);
  if (!auth) throw new Error('useAuth must be used inside <AuthProvider>');
  return auth;
}

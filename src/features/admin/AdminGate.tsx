import type { ReactNode } from 'react';
import { LoginForm } from './LoginForm';
import { isAdmin, useAuthUser } from './use-auth-user';

/**
 * Shows `children` only to an authenticated admin (non-anonymous user),
 * otherwise 'Accesso Admin'; 'Caricamento...' while the auth state loads
 * (SPEC.md sections 2 and 6; client-side guard, the security rules are the
 * real gate).
 */
export function AdminGate({ children }: { children: ReactNode }) {
  const auth = useAuthUser();
  if (auth.status === 'loading') {
    return <p className="py-10 text-center text-gray-500">Caricamento...</p>;
  }
  return isAdmin(auth.user) ? <>{children}</> : <LoginForm />;
}

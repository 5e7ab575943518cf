import type { ReactNode } from 'react';
import { Alert } from '@/components/ui/Alert';
import { AdminLoading } from './AdminLoading';
import { LoginForm } from './LoginForm';
import { SignOutButton } from './SignOutButton';
import { StaffContext } from './staff-context';
import { useAuthUser } from './use-auth-user';

/** Shown to a signed-in account without a role. */
export const NOT_AUTHORISED =
  'Questo account non è autorizzato ad accedere all’area admin. Chiedi a un amministratore del gruppo di abilitarlo.';

/**
 * Shows `children`, with the user's role in {@link StaffContext}, only to a
 * signed-in user whose ID token's claims give a role (docs/security.md,
 * "Roles"); 'Accesso Admin' to nobody signed in; an Italian "not
 * authorised" message with 'Esci' to any other account; 'Caricamento...'
 * while the auth state loads. The security rules and the functions enforce
 * the same role on every read and action.
 */
export function AdminGate({ children }: { children: ReactNode }) {
  const auth = useAuthUser();
  if (auth.status === 'loading') return <AdminLoading />;
  if (!auth.user) return <LoginForm />;
  if (!auth.staff) {
    return (
      <div className="mx-auto max-w-md space-y-4">
        <Alert kind="error">{NOT_AUTHORISED}</Alert>
        <SignOutButton />
      </div>
    );
  }
  return <StaffContext value={auth.staff}>{children}</StaffContext>;
}

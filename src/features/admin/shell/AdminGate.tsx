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

/** Shown to a signed-in account whose claims give a role while its e-mail is not verified (the role does not count yet). */
export const EMAIL_NOT_VERIFIED =
  'Il tuo indirizzo e-mail non è ancora confermato, quindi il tuo ruolo non vale ancora. Apri il link dell’invito che hai ricevuto per e-mail e scegli la password; se il link è scaduto o non lo trovi, chiedi a un amministratore del gruppo di inviarti di nuovo l’invito (Utenti > Invia di nuovo).';

/**
 * Shows `children`, with the user's role in {@link StaffContext}, only to a
 * signed-in user whose ID token's claims give a role and say its e-mail is
 * verified (docs/security.md, "Roles"); 'Accesso Admin' to nobody signed
 * in; what to do ({@link EMAIL_NOT_VERIFIED}) to a role whose e-mail is not
 * verified; an Italian "not authorised" message with 'Esci' to any other
 * account; 'Caricamento...' while the auth state loads. The security rules
 * and the functions enforce the same role on every read and action.
 */
export function AdminGate({ children }: { children: ReactNode }) {
  const auth = useAuthUser();
  if (auth.status === 'loading') return <AdminLoading />;
  if (!auth.user) return <LoginForm />;
  if (!auth.staff || !auth.emailVerified) {
    return (
      <div className="mx-auto max-w-md space-y-4">
        <Alert kind="error">{auth.staff ? EMAIL_NOT_VERIFIED : NOT_AUTHORISED}</Alert>
        <SignOutButton />
      </div>
    );
  }
  return <StaffContext value={auth.staff}>{children}</StaffContext>;
}

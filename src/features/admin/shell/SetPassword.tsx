import { useEffect, useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { Alert } from '@/components/ui/Alert';
import { Button } from '@/components/ui/Button';
import { PasswordInput } from '@/components/ui/PasswordInput';
import { Spinner } from '@/components/ui/Spinner';
import { TextField } from '@/components/ui/TextField';
import { paths } from '@config/paths';
import { describeError } from '@/lib/errors';

/** The shortest password the page accepts (Firebase's own minimum is 6). */
export const MIN_PASSWORD_LENGTH = 8;

/** The Italian messages of 'Scegli la tua password'. */
export const SET_PASSWORD_MESSAGES = {
  incomplete: 'Il link non è completo: aprilo di nuovo dall’e-mail dell’invito, per intero.',
  expired:
    'Il link non è più valido: vale un’ora e si usa una volta sola. Se hai già scelto la password, accedi; altrimenti chiedi a un amministratore del gruppo di inviarti di nuovo l’invito (Utenti > Invia di nuovo).',
  tooShort: `La password deve avere almeno ${MIN_PASSWORD_LENGTH} caratteri.`,
  mismatch: 'Le due password non coincidono.',
  weak: 'Password troppo debole: scegline una più lunga, con lettere e numeri.',
} as const;

const EXPIRED_CODES = new Set(['auth/expired-action-code', 'auth/invalid-action-code', 'auth/user-disabled', 'auth/user-not-found']);

/** The Italian sentence for a failure of Firebase Auth on this page. */
function messageOf(error: unknown): string {
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code === 'string' && EXPIRED_CODES.has(code)) return SET_PASSWORD_MESSAGES.expired;
  if (code === 'auth/weak-password' || code === 'auth/password-does-not-meet-requirements') return SET_PASSWORD_MESSAGES.weak;
  return describeError(error);
}

type Step = { kind: 'checking' } | { kind: 'invalid'; message: string } | { kind: 'ready'; email: string };

/**
 * /admin/imposta-password, 'Scegli la tua password' (docs/security.md,
 * "Roles"): where an invitation's link lands (invitationLink,
 * netlify/lib/admin-claims.ts; `oobCode` and `verifyCode` in the address).
 * It checks the link with Firebase and names the account, takes the new
 * password twice, sets it (completeInvitation: the e-mail is then
 * verified, so the role counts) and opens the admin signed in. A link
 * expired or already used says so and what to do.
 */
export function SetPassword() {
  const [params] = useSearchParams();
  const resetCode = params.get('oobCode') ?? '';
  const verifyCode = params.get('verifyCode') ?? '';
  const navigate = useNavigate();
  const [step, setStep] = useState<Step>(resetCode ? { kind: 'checking' } : { kind: 'invalid', message: SET_PASSWORD_MESSAGES.incomplete });
  const [password, setPassword] = useState('');
  const [repeated, setRepeated] = useState('');
  const [problem, setProblem] = useState('');
  const [submitting, setSubmitting] = useState(false);

  useEffect(() => {
    if (!resetCode) return;
    let active = true;
    import('./admin-auth')
      .then(({ readInvitation }) => readInvitation(resetCode))
      .then((email) => active && setStep({ kind: 'ready', email }))
      .catch((error: unknown) => {
        console.error('Link di invito non valido:', error);
        if (active) setStep({ kind: 'invalid', message: messageOf(error) });
      });
    return () => {
      active = false;
    };
  }, [resetCode]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (step.kind !== 'ready') return;
    if (password.length < MIN_PASSWORD_LENGTH) return setProblem(SET_PASSWORD_MESSAGES.tooShort);
    if (password !== repeated) return setProblem(SET_PASSWORD_MESSAGES.mismatch);
    setProblem('');
    setSubmitting(true);
    try {
      const { completeInvitation } = await import('./admin-auth');
      await completeInvitation({ email: step.email, resetCode, verifyCode, password });
      await navigate(paths.adminOrders, { replace: true });
    } catch (error) {
      console.error('Password non impostata:', error);
      const message = messageOf(error);
      if (message === SET_PASSWORD_MESSAGES.expired) setStep({ kind: 'invalid', message });
      else setProblem(message);
      setSubmitting(false);
    }
  };

  return (
    <div className="mx-auto max-w-sm space-y-4 rounded-2xl bg-white p-6 shadow-sm ring-1 ring-gray-200">
      <h1 className="text-2xl font-bold text-brand-800">Scegli la tua password</h1>
      {step.kind === 'checking' && <Spinner />}
      {step.kind === 'invalid' && (
        <>
          <Alert kind="error">{step.message}</Alert>
          <Link to={paths.adminOrders} className="inline-flex min-h-11 items-center font-semibold text-brand-700 underline">
            Vai all’accesso admin
          </Link>
        </>
      )}
      {step.kind === 'ready' && (
        <form onSubmit={(event) => void submit(event)} className="space-y-4" noValidate>
          <p className="text-sm text-gray-700">
            Scegli la password con cui accederai all’area admin del gruppo. Confermando, confermi anche il tuo indirizzo e-mail.
          </p>
          <TextField label="E-mail" type="email" autoComplete="username" value={step.email} readOnly />
          <PasswordInput
            label="Nuova password"
            autoComplete="new-password"
            required
            minLength={MIN_PASSWORD_LENGTH}
            value={password}
            onChange={(event) => setPassword(event.target.value)}
          />
          <PasswordInput
            label="Ripeti la password"
            autoComplete="new-password"
            required
            value={repeated}
            onChange={(event) => setRepeated(event.target.value)}
          />
          {problem && <Alert kind="error">{problem}</Alert>}
          <Button type="submit" loading={submitting} className="w-full">
            Imposta la password
          </Button>
        </form>
      )}
    </div>
  );
}

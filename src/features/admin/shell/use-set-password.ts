import { useEffect, useState, type FormEvent } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
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

/** Where the page stands: checking the link, a link that cannot be used (why), or ready for the password of `email`. */
export type Step = { kind: 'checking' } | { kind: 'invalid'; message: string } | { kind: 'ready'; email: string };

/**
 * The state of 'Scegli la tua password' (SetPassword): the invitation's
 * link (`oobCode`, `verifyCode` in the address) checked with Firebase, the
 * password typed twice, and `submit`, which sets it (completeInvitation)
 * and opens the admin signed in.
 */
export function useSetPassword() {
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

  return { step, password, setPassword, repeated, setRepeated, problem, submitting, submit };
}

import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { Alert } from '@/components/ui/Alert';
import { Button } from '@/components/ui/Button';
import { TextField } from '@/components/ui/TextField';
import { UserFacingError } from '@/lib/api/functions-client';
import { describeError } from '@/lib/errors';
import { ACCESS_CODE_MESSAGES, ACCESS_CODE_PATTERN } from './access-code-messages';
import { useRequestAccessCode, type CodeSent } from './api/access-code';
import { useVerifyAccessCode } from './api/verify-access-code';
import { useCountdown } from './use-countdown';

/** Props of {@link AccessCodeStep}. */
export interface AccessCodeStepProps {
  /** The parent's normalised fiscal code the code was sent for. */
  cf: string;
  /** request-access-code's answer that opened the step: the masked e-mail and when 'Invia di nuovo' is allowed. */
  sent: CodeSent;
  /**
   * The code was verified (the server set the session cookie): the caller
   * reads the family. 'Conferma' shows progress until the promise settles;
   * it never rejects (the caller shows its own failures).
   */
  onVerified: () => Promise<void>;
}

/**
 * The second step of the family lookup, under the fiscal code: 'Ti abbiamo
 * inviato un codice a {email}', the field 'Codice di verifica' (6 digits,
 * focused when the step appears), 'Ricorda questo dispositivo', 'Conferma'
 * (verify-access-code) and 'Invia di nuovo' (request-access-code with
 * `resend`), disabled with a visible countdown until the server allows it,
 * and at once after 'Codice scaduto'. The server's refusals ('Codice non
 * valido', …) show as they are, focused for screen readers.
 */
export function AccessCodeStep({ cf, sent, onVerified }: AccessCodeStepProps) {
  const [email, setEmail] = useState(sent.email);
  const [resent, setResent] = useState(false);
  const [code, setCode] = useState('');
  const [remember, setRemember] = useState(false);
  const [codeError, setCodeError] = useState<string>();
  const [failure, setFailure] = useState<unknown>(null);
  const [confirming, setConfirming] = useState(false);
  const countdown = useCountdown(sent.resendAfterSeconds);
  const verify = useVerifyAccessCode();
  const request = useRequestAccessCode();
  const codeRef = useRef<HTMLInputElement>(null);
  const failureRef = useRef<HTMLDivElement>(null);
  const ids = { code: useId(), sent: useId(), countdown: useId() };

  useEffect(() => codeRef.current?.focus(), []);

  const showFailure = (error: unknown) => {
    setFailure(error);
    // Rendered on the next commit: focus it then.
    requestAnimationFrame(() => failureRef.current?.focus());
  };

  const finish = async () => {
    setConfirming(true);
    await onVerified();
    setConfirming(false);
  };

  const confirm = async (event: FormEvent) => {
    event.preventDefault();
    if (confirming) return;
    setFailure(null);
    if (!ACCESS_CODE_PATTERN.test(code)) {
      setCodeError(ACCESS_CODE_MESSAGES.invalidCode);
      codeRef.current?.focus();
      return;
    }
    setConfirming(true);
    try {
      await verify.mutateAsync({ cf, code, remember });
    } catch (error) {
      setConfirming(false);
      // An expired code: a new one may be asked for at once.
      if (error instanceof UserFacingError && error.status === 410) countdown.restart(0);
      showFailure(error);
      return;
    }
    await finish();
  };

  const resend = async () => {
    setFailure(null);
    try {
      const answer = await request.mutateAsync({ cf, resend: true });
      if (answer.status === 'session') return void (await finish());
      setEmail(answer.email);
      setResent(true);
      setCode('');
      setCodeError(undefined);
      countdown.restart(answer.resendAfterSeconds);
      codeRef.current?.focus();
    } catch (error) {
      showFailure(error);
    }
  };

  const waiting = countdown.secondsLeft > 0;
  return (
    <form onSubmit={(event) => void confirm(event)} noValidate className="mt-4 space-y-4 border-t border-gray-200 pt-4">
      <p id={ids.sent} role="status" className="text-sm text-gray-800">
        {resent ? ACCESS_CODE_MESSAGES.sentAgain(email) : ACCESS_CODE_MESSAGES.sent(email)}
      </p>
      <TextField
        ref={codeRef}
        id={ids.code}
        label={ACCESS_CODE_MESSAGES.codeLabel}
        name="accessCode"
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={6}
        spellCheck={false}
        value={code}
        onChange={(event) => {
          setCode(event.target.value.replace(/\D/g, '').slice(0, 6));
          setCodeError(undefined);
          setFailure(null);
        }}
        error={codeError}
        aria-describedby={codeError ? `${ids.code}-error ${ids.sent}` : ids.sent}
      />
      <label className="flex min-h-11 cursor-pointer items-center gap-3 text-sm text-gray-800">
        <input
          type="checkbox"
          className="size-5 accent-brand-600"
          checked={remember}
          onChange={(event) => setRemember(event.target.checked)}
        />
        {ACCESS_CODE_MESSAGES.remember}
      </label>
      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit" loading={confirming}>
          {ACCESS_CODE_MESSAGES.confirm}
        </Button>
        <Button
          variant="secondary"
          disabled={waiting || confirming}
          loading={request.isPending}
          aria-describedby={waiting ? ids.countdown : undefined}
          onClick={() => void resend()}
        >
          {ACCESS_CODE_MESSAGES.resend}
        </Button>
      </div>
      {waiting && (
        <p id={ids.countdown} className="text-sm text-gray-600">
          {ACCESS_CODE_MESSAGES.resendIn(countdown.secondsLeft)}
        </p>
      )}
      <div ref={failureRef} tabIndex={-1} className="outline-none">
        {failure !== null && <Alert kind="error">{describeError(failure)}</Alert>}
      </div>
    </form>
  );
}

import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { Alert } from '@/components/ui/Alert';
import { Button } from '@/components/ui/Button';
import { TextField } from '@/components/ui/TextField';
import { UserFacingError } from '@/lib/api/functions-client';
import { describeError } from '@/lib/errors';
import { ACCESS_CODE_PATTERN, verifyAccessCodeEndpoint } from '@contracts/family-access-endpoints';
import { ACCESS_CODE_MESSAGES } from './access-code-messages';
import { requestAccessCode, type CodeSent } from './api/access-code';
import { verifyAccessCode } from './api/verify-access-code';
import { useCountdown } from './use-countdown';
import { useFocusedFailure } from './use-focused-failure';

/** Props of {@link AccessCodeStep}. */
export interface AccessCodeStepProps {
  /** The parent's normalised fiscal code the code was sent for. */
  cf: string;
  /** request-access-code's answer that opened the step: a code or a link alone, the masked e-mail and when 'Invia di nuovo' is allowed. */
  sent: CodeSent;
  /** The screen the e-mailed link leads back to (this one). */
  returnPath: string;
  /**
   * The code was verified (the server set the session cookie): the caller
   * reads the family. 'Conferma' shows progress until the promise settles;
   * it never rejects (the caller shows its own failures).
   */
  onVerified: () => Promise<void>;
}

/** What the step says was sent: the first code, a new one, the same one again, or a link alone. */
function sentMessage(sent: CodeSent, resent: boolean): string {
  if (sent.status === 'link-sent') return ACCESS_CODE_MESSAGES.linkSent(sent.email);
  if (!resent) return ACCESS_CODE_MESSAGES.sent(sent.email);
  return sent.sameCode ? ACCESS_CODE_MESSAGES.sentSame(sent.email) : ACCESS_CODE_MESSAGES.sentAgain(sent.email);
}

/**
 * The state of an {@link AccessCodeStep}: what was sent, the code typed,
 * 'Ricorda questo dispositivo', the countdown to 'Invia di nuovo', the
 * failure shown (focused), and `confirm` and `resend` with the focus moves
 * they make.
 */
function useAccessCodeStep({ cf, sent: firstSent, returnPath, onVerified }: AccessCodeStepProps) {
  const [sent, setSent] = useState(firstSent);
  const [resent, setResent] = useState(false);
  const [code, setCode] = useState('');
  const [remember, setRemember] = useState(false);
  const [codeError, setCodeError] = useState<string>();
  const [confirming, setConfirming] = useState(false);
  const countdown = useCountdown(firstSent.resendAfterSeconds);
  const [requesting, setRequesting] = useState(false);
  const codeRef = useRef<HTMLInputElement>(null);
  const sentRef = useRef<HTMLParagraphElement>(null);
  const { failure, setFailure, showFailure, failureRef } = useFocusedFailure();
  const ids = { code: useId(), sent: useId(), countdown: useId() };
  const linkOnly = sent.status === 'link-sent';

  // The code field, or, with a link alone, what was sent.
  useEffect(() => (firstSent.status === 'link-sent' ? sentRef.current : codeRef.current)?.focus(), [firstSent.status]);

  const finish = async () => {
    setConfirming(true);
    await onVerified();
    setConfirming(false);
  };

  const confirm = async (event: FormEvent) => {
    event.preventDefault();
    if (confirming || linkOnly) return;
    setFailure(null);
    if (!ACCESS_CODE_PATTERN.test(code)) {
      setCodeError(verifyAccessCodeEndpoint.messages.codeFormat);
      codeRef.current?.focus();
      return;
    }
    setConfirming(true);
    try {
      await verifyAccessCode({ cf, code, remember });
    } catch (error) {
      setConfirming(false);
      // An expired code, or codes paused for the day: a new code, or a link, may be asked for at once.
      if (error instanceof UserFacingError && (error.status === 410 || error.status === 429)) countdown.restart(0);
      showFailure(error);
      return;
    }
    await finish();
  };

  const resend = async () => {
    setFailure(null);
    setRequesting(true);
    try {
      const answer = await requestAccessCode(cf, returnPath, true);
      if (answer.status === 'session') return void (await finish());
      setSent(answer);
      setResent(true);
      setCode('');
      setCodeError(undefined);
      countdown.restart(answer.resendAfterSeconds);
      // Rendered on the next commit (a link alone hides the field): focus then.
      requestAnimationFrame(() => (answer.status === 'link-sent' ? sentRef.current : codeRef.current)?.focus());
    } catch (error) {
      showFailure(error);
    } finally {
      setRequesting(false);
    }
  };

  return {
    sent,
    resent,
    linkOnly,
    ids,
    codeRef,
    sentRef,
    failureRef,
    code,
    setCode,
    codeError,
    setCodeError,
    remember,
    setRemember,
    failure,
    setFailure,
    confirming,
    countdown,
    requesting,
    confirm,
    resend,
  };
}

/**
 * The second step of the family lookup, under the fiscal code: 'Ti abbiamo
 * inviato un codice a {email}', the field 'Codice di verifica' (6 digits,
 * focused when the step appears), that the same e-mail's link signs in
 * too, 'Ricorda questo dispositivo', 'Conferma' (verify-access-code) and
 * 'Invia di nuovo' (request-access-code with `resend`: the same code while
 * it is valid), disabled with a visible countdown until the server allows
 * it, and at once after 'Codice scaduto' or codes paused. The server's
 * refusals ('Codice non valido', …) show as they are, focused for screen
 * readers. While the parent's codes are paused for the day the server
 * sends a link alone: the step then says so, with 'Invia di nuovo' only
 * (docs/security.md, "Parents' sessions").
 */
export function AccessCodeStep(props: AccessCodeStepProps) {
  const step = useAccessCodeStep(props);
  const { sent, resent, linkOnly, ids, codeRef, sentRef, failureRef, code, codeError, remember, failure, confirming, countdown } = step;
  const waiting = countdown.secondsLeft > 0;
  return (
    <form onSubmit={(event) => void step.confirm(event)} noValidate className="mt-4 space-y-4 border-t border-gray-200 pt-4">
      <p ref={sentRef} id={ids.sent} role="status" tabIndex={-1} className="text-sm text-gray-800 outline-none">
        {sentMessage(sent, resent)}
      </p>
      {!linkOnly && (
        <>
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
              step.setCode(event.target.value.replace(/\D/g, '').slice(0, 6));
              step.setCodeError(undefined);
              step.setFailure(null);
            }}
            error={codeError}
            aria-describedby={codeError ? `${ids.code}-error ${ids.sent}` : ids.sent}
          />
          <p className="text-sm text-gray-700">{ACCESS_CODE_MESSAGES.linkHint}</p>
          <label className="flex min-h-11 cursor-pointer items-center gap-3 text-sm text-gray-800">
            <input
              type="checkbox"
              className="size-5 accent-brand-600"
              checked={remember}
              onChange={(event) => step.setRemember(event.target.checked)}
            />
            {ACCESS_CODE_MESSAGES.remember}
          </label>
        </>
      )}
      <div className="flex flex-wrap items-center gap-3">
        {!linkOnly && (
          <Button type="submit" loading={confirming}>
            {ACCESS_CODE_MESSAGES.confirm}
          </Button>
        )}
        <Button
          variant="secondary"
          disabled={waiting || confirming}
          loading={step.requesting}
          aria-describedby={waiting ? ids.countdown : undefined}
          onClick={() => void step.resend()}
        >
          {ACCESS_CODE_MESSAGES.resend}
        </Button>
      </div>
      {waiting && (
        <p id={ids.countdown} className="text-sm text-gray-600">
          {linkOnly ? ACCESS_CODE_MESSAGES.resendLinkIn(countdown.secondsLeft) : ACCESS_CODE_MESSAGES.resendIn(countdown.secondsLeft)}
        </p>
      )}
      <div ref={failureRef} tabIndex={-1} className="outline-none">
        {failure !== null && <Alert kind="error">{describeError(failure)}</Alert>}
      </div>
    </form>
  );
}

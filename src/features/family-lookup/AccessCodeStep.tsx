import { Alert } from '@/components/ui/Alert';
import { Button } from '@/components/ui/Button';
import { TextField } from '@/components/ui/TextField';
import { describeError } from '@/lib/errors';
import { ACCESS_CODE_MESSAGES } from './access-code-messages';
import type { CodeSent } from './api/access-code';
import { useAccessCodeStep, type AccessCodeStepProps } from './use-access-code-step';

/** What the step says was sent: the first code, a new one, the same one again, or a link alone. */
function sentMessage(sent: CodeSent, resent: boolean): string {
  if (sent.status === 'link-sent') return ACCESS_CODE_MESSAGES.linkSent(sent.email);
  if (!resent) return ACCESS_CODE_MESSAGES.sent(sent.email);
  return sent.sameCode ? ACCESS_CODE_MESSAGES.sentSame(sent.email) : ACCESS_CODE_MESSAGES.sentAgain(sent.email);
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

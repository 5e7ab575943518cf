import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { UserFacingError } from '@/lib/api/functions-client';
import { ACCESS_CODE_PATTERN, verifyAccessCodeEndpoint } from '@contracts/family-access-endpoints';
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

/**
 * What the code step shows of the code: request-access-code's answer
 * (`sent`), whether it was sent again (`resent`), the code typed and its
 * error. `sentAgain` takes a new answer of 'Invia di nuovo': shown as sent
 * again, with the field emptied.
 */
function useSentCode(firstSent: CodeSent) {
  const [sent, setSent] = useState(firstSent);
  const [resent, setResent] = useState(false);
  const [code, setCode] = useState('');
  const [codeError, setCodeError] = useState<string>();
  const sentAgain = (answer: CodeSent) => {
    setSent(answer);
    setResent(true);
    setCode('');
    setCodeError(undefined);
  };
  return { sent, resent, code, setCode, codeError, setCodeError, sentAgain };
}

/**
 * The state of an {@link AccessCodeStep}: what was sent, the code typed,
 * 'Ricorda questo dispositivo', the countdown to 'Invia di nuovo', the
 * failure shown (focused), and `confirm` and `resend` with the focus moves
 * they make.
 */
export function useAccessCodeStep({ cf, sent: firstSent, returnPath, onVerified }: AccessCodeStepProps) {
  const sentCode = useSentCode(firstSent);
  const { sent, code } = sentCode;
  const [remember, setRemember] = useState(false);
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
      sentCode.setCodeError(verifyAccessCodeEndpoint.messages.codeFormat);
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
      sentCode.sentAgain(answer);
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
    ...sentCode,
    linkOnly,
    ids,
    codeRef,
    sentRef,
    failureRef,
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

import { useRef } from 'react';
import { Alert } from '@/components/ui/Alert';
import { Button } from '@/components/ui/Button';
import { describeError } from '@/lib/errors';
import { useEndSession } from './api/end-session';
import type { EndSessionButtonProps } from './EndSessionButton';

/**
 * What {@link EndSessionButton} draws, loaded on demand: the small 'Esci'
 * button; pressed, it ends the parent's session (end-session, the server
 * clears the cookie), drops every family lookup from the cache, then calls
 * `onEnded`. While it runs the button shows progress; a failure shows the
 * server's Italian message under it, focused for screen readers, and the
 * button can be pressed again. Props: {@link EndSessionButtonProps}.
 */
export default function EndSession({ onEnded, className = '' }: EndSessionButtonProps) {
  const endSession = useEndSession();
  const failureRef = useRef<HTMLDivElement>(null);

  const end = () =>
    endSession.mutate(undefined, {
      onSuccess: onEnded,
      // Rendered on the next commit: focus the message then.
      onError: () => requestAnimationFrame(() => failureRef.current?.focus()),
    });

  return (
    <div className={`flex flex-col items-end gap-2 ${className}`}>
      <Button variant="secondary" size="sm" loading={endSession.isPending} onClick={end}>
        Esci
      </Button>
      <div ref={failureRef} tabIndex={-1} className="outline-none">
        {endSession.isError && <Alert kind="error">{describeError(endSession.error)}</Alert>}
      </div>
    </div>
  );
}

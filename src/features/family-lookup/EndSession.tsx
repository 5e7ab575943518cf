import { useRef } from 'react';
import { Alert } from '@/components/ui/Alert';
import { Button } from '@/components/ui/Button';
import { describeError } from '@/lib/errors';
import { useEndSession } from './api/end-session';
import { withQueryClient } from '@/lib/with-query-client';

/** Props of {@link EndSession} (and of EndSessionButton, which draws it). */
export interface EndSessionProps {
  /** The session ended and the family left the cache: the screen goes back to its empty lookup form. */
  onEnded: () => void;
  className?: string;
}

/**
 * What EndSessionButton draws, loaded on demand: the small 'Esci'
 * button; pressed, it ends the parent's session (end-session, the server
 * clears the cookie), drops every family lookup from the cache, then calls
 * `onEnded`. While it runs the button shows progress; a failure shows the
 * server's Italian message under it, focused for screen readers, and the
 * button can be pressed again.
 */
function EndSessionView({ onEnded, className = '' }: EndSessionProps) {
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

/** {@link EndSessionView} in the app's query client (withQueryClient: react-query loads with this screen). */
export default withQueryClient(EndSessionView);

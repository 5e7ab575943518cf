import { useRef, useState } from 'react';
import { Alert } from '@/components/ui/Alert';
import { Button } from '@/components/ui/Button';
import { describeError } from '@/lib/errors';
import { endSession } from './api/end-session';

/** Props of {@link EndSession} (and of EndSessionButton, which draws it). */
export interface EndSessionProps {
  /** The session ended: the screen goes back to its empty lookup form. */
  onEnded: () => void;
  className?: string;
}

/**
 * What EndSessionButton draws, loaded on demand: the small 'Esci'
 * button; pressed, it ends the parent's session (end-session, the server
 * clears the cookie), then calls `onEnded` (the screen forgets the family). While it runs the button shows progress; a failure shows the
 * server's Italian message under it, focused for screen readers, and the
 * button can be pressed again.
 */
export default function EndSession({ onEnded, className = '' }: EndSessionProps) {
  const [ending, setEnding] = useState(false);
  const [failure, setFailure] = useState<unknown>(null);
  const failureRef = useRef<HTMLDivElement>(null);

  const end = async () => {
    if (ending) return;
    setEnding(true);
    setFailure(null);
    try {
      await endSession();
      onEnded();
    } catch (error) {
      console.error('end-session failed:', error);
      setFailure(error);
      // Rendered on the next commit: focus the message then.
      requestAnimationFrame(() => failureRef.current?.focus());
    } finally {
      setEnding(false);
    }
  };

  return (
    <div className={`flex flex-col items-end gap-2 ${className}`}>
      <Button variant="secondary" size="sm" loading={ending} onClick={() => void end()}>
        Esci
      </Button>
      <div ref={failureRef} tabIndex={-1} className="outline-none">
        {failure !== null && <Alert kind="error">{describeError(failure)}</Alert>}
      </div>
    </div>
  );
}

import { useRef, useState } from 'react';
import { Alert } from '@/components/ui/Alert';
import { Button } from '@/components/ui/Button';
import { UserFacingError } from '@/lib/api/functions-client';
import { describeError } from '@/lib/errors';
import { endSession } from './api/end-session';

/** Props of {@link EndSession} (and of EndSessionButton, which draws it). */
export interface EndSessionProps {
  /** The session ended: the screen goes back to its empty lookup form. */
  onEnded: () => void;
  className?: string;
}

/**
 * What EndSessionButton draws, loaded on demand: the small 'Esci' button,
 * which ends this device's session, and 'Esci da tutti i dispositivi',
 * which ends every session of the parent (end-session `allDevices`;
 * docs/security.md, "Parents' sessions"); either then calls `onEnded` (the
 * screen forgets the family), as does a 401 (the session had already
 * ended). While it runs the pressed button shows progress; a failure shows
 * the server's Italian message under them, focused for screen readers, and
 * the buttons can be pressed again.
 */
export default function EndSession({ onEnded, className = '' }: EndSessionProps) {
  const [ending, setEnding] = useState<'this' | 'all' | null>(null);
  const [failure, setFailure] = useState<unknown>(null);
  const failureRef = useRef<HTMLDivElement>(null);

  const end = async (which: 'this' | 'all') => {
    if (ending) return;
    setEnding(which);
    setFailure(null);
    try {
      await endSession(which === 'all');
      onEnded();
    } catch (error) {
      console.error('end-session failed:', error);
      if (error instanceof UserFacingError && error.status === 401) return onEnded();
      setFailure(error);
      // Rendered on the next commit: focus the message then.
      requestAnimationFrame(() => failureRef.current?.focus());
    } finally {
      setEnding(null);
    }
  };

  return (
    <div className={`flex flex-col items-end gap-2 ${className}`}>
      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="secondary" size="sm" loading={ending === 'all'} disabled={ending === 'this'} onClick={() => void end('all')}>
          Esci da tutti i dispositivi
        </Button>
        <Button variant="secondary" size="sm" loading={ending === 'this'} disabled={ending === 'all'} onClick={() => void end('this')}>
          Esci
        </Button>
      </div>
      <div ref={failureRef} tabIndex={-1} className="outline-none">
        {failure !== null && <Alert kind="error">{describeError(failure)}</Alert>}
      </div>
    </div>
  );
}

import { Alert } from '@/components/ui/Alert';
import { describeError } from '@/lib/errors';

/**
 * A read of an admin view failed: the error in Italian (describeError) and
 * 'Riprova', which calls `onRetry` (docs/admin.md).
 */
export function RetryAlert({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  return (
    <Alert kind="error">
      {describeError(error)}{' '}
      <button type="button" className="min-h-11 font-semibold underline" onClick={onRetry}>
        Riprova
      </button>
    </Alert>
  );
}

/**
 * The warning over an admin view when `count` documents do not match their
 * schema (docs/data-model.md): each is logged to the console and left out;
 * nothing shows for 0.
 */
export function UnreadableAlert({ count }: { count: number }) {
  if (count === 0) return null;
  return (
    <Alert kind="warning">
      {count === 1 ? '1 documento non leggibile: segnalato nella console.' : `${count} documenti non leggibili: segnalati nella console.`}
    </Alert>
  );
}

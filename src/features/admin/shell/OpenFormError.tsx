import { Alert } from '@/components/ui/Alert';
import { describeError } from '@/lib/errors';

/** Why a medical form did not open ('Non è stato possibile aprire la scheda medica'), with 'Chiudi'; nothing without an error. */
export function OpenFormError({ error, onClose }: { error: unknown; onClose: () => void }) {
  if (!error) return null;
  return (
    <Alert kind="error" title="Non è stato possibile aprire la scheda medica">
      {describeError(error)}{' '}
      <button type="button" className="min-h-11 font-semibold underline" onClick={onClose}>
        Chiudi
      </button>
    </Alert>
  );
}

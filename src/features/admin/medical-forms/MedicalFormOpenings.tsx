import { useState } from 'react';
import { Button } from '@/components/ui/Button';
import { italianDateTime } from '@domain/italian-time';
import { describeError } from '@/lib/errors';
import { useMedicalFormOpenings } from './api/medical-forms-queries';

/**
 * 'Aperture' of a child's medical forms (docs/privacy.md, "Who opened a
 * form"): a button that shows, read when pressed, who opened them and when,
 * newest first, or 'Mai aperta'.
 */
export function MedicalFormOpenings({ childId, who }: { childId: string; who: string }) {
  const [shown, setShown] = useState(false);
  const openings = useMedicalFormOpenings(childId, shown);
  const listId = `openings-${childId}`;
  return (
    <div className="space-y-1">
      <Button
        variant="secondary"
        size="sm"
        className="min-h-11 whitespace-nowrap"
        aria-expanded={shown}
        aria-controls={listId}
        aria-label={`${shown ? 'Nascondi' : 'Mostra'} chi ha aperto la scheda di ${who}`}
        onClick={() => setShown(!shown)}
      >
        Aperture
      </Button>
      {shown && (
        <div id={listId} className="text-sm text-gray-800">
          {openings.isPending && <p>Caricamento...</p>}
          {openings.isError && <p className="text-red-700">{describeError(openings.error)}</p>}
          {openings.isSuccess && openings.data.length === 0 && <p>Mai aperta</p>}
          {openings.isSuccess && openings.data.length > 0 && (
            <ul className="space-y-0.5">
              {openings.data.map((opening) => (
                <li key={`${opening.at.toISOString()}-${opening.by}`}>
                  {italianDateTime(opening.at)} · {opening.by}
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
    </div>
  );
}

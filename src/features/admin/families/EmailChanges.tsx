import { Alert } from '@/components/ui/Alert';
import { Button } from '@/components/ui/Button';
import { describeError } from '@/lib/errors';
import { useDecideEmailChange, useEmailChanges } from './api/email-changes';

/**
 * 'Cambi di e-mail da confermare' on a family's page (docs/security.md,
 * "Changing a parent's e-mail"): each change a parent asked whose new
 * address they proved with its code and whose current address they can no
 * longer read: who, from which address to which, 'Conferma cambio' (the
 * address replaced, the old address told, audited) and 'Rifiuta'. Nothing
 * when none waits.
 */
export function EmailChanges({ familyId }: { familyId: string }) {
  const changes = useEmailChanges(familyId);
  const decide = useDecideEmailChange(familyId);
  if (changes.isError) return <Alert kind="error">{`Cambi di e-mail non disponibili. ${describeError(changes.error)}`}</Alert>;
  if (!changes.data || changes.data.length === 0) return null;
  return (
    <section aria-labelledby="email-changes-title" className="space-y-3 rounded-xl border border-amber-300 bg-amber-50 p-4">
      <h2 id="email-changes-title" className="text-lg font-semibold text-brand-800">
        Cambi di e-mail da confermare
      </h2>
      <p className="text-sm text-gray-700">
        Il genitore ha confermato il nuovo indirizzo con il codice, ma dice di non leggere più quello attuale. Conferma solo dopo averlo
        sentito di persona o al telefono: il vecchio indirizzo riceverà un avviso.
      </p>
      <ul className="divide-y divide-amber-200">
        {changes.data.map((change) => (
          <li key={change.parentId} className="flex flex-wrap items-center justify-between gap-2 py-2">
            <span className="min-w-0 break-words">
              <span className="block font-medium">{change.name}</span>
              <span className="block text-sm text-gray-700">{`${change.oldEmail ?? 'nessun indirizzo'} → ${change.newEmail}`}</span>
            </span>
            <span className="flex gap-2">
              <Button size="sm" loading={decide.isPending} onClick={() => decide.mutate({ parentId: change.parentId, confirm: true })}>
                Conferma cambio
              </Button>
              <Button
                variant="secondary"
                size="sm"
                disabled={decide.isPending}
                onClick={() => decide.mutate({ parentId: change.parentId, confirm: false })}
              >
                Rifiuta
              </Button>
            </span>
          </li>
        ))}
      </ul>
      {decide.isError && <Alert kind="error">{describeError(decide.error)}</Alert>}
    </section>
  );
}

import { Description, Dialog, DialogPanel, DialogTitle } from '@headlessui/react';
import { Alert } from '@/components/ui/Alert';
import { Button } from '@/components/ui/Button';
import type { ParentDocument } from '@domain/roster/parent-schema';
import { describeError } from '@/lib/errors';
import type { FamilyChild } from './api/families';
import { useFamilyChange } from './api/families-queries';

/** Who 'Rimuovi' was pressed for. */
export type RemoveRequest = { who: 'child'; child: FamilyChild } | { who: 'parent'; parent: ParentDocument };

/** Props of {@link RemovePersonDialog}. */
export interface RemovePersonDialogProps {
  /** The person to remove; null when the dialog is closed. */
  request: RemoveRequest | null;
  /** Called with true once the person is removed and the family read again, with false on 'Annulla'. */
  onClose: (removed: boolean) => void;
}

/**
 * The confirmation before a person leaves the family (docs/admin.md,
 * "Famiglie"). A child: 'Rimuovere {name} {surname} dalla famiglia? Se ha
 * degli ordini viene archiviato (resta nei conti, non compare più ai
 * genitori); altrimenti viene eliminato.' A parent: 'Rimuovere {name}
 * {surname} dalla famiglia?'. 'Rimuovi' sends `removeChild` /
 * `removeParent` to admin-family; the dialog closes once the family is
 * read again, or stays open with the function's Italian message (the last
 * parent, a person gone).
 */
export function RemovePersonDialog({ request, onClose }: RemovePersonDialogProps) {
  const mutation = useFamilyChange();
  const close = () => {
    if (mutation.isPending) return;
    mutation.reset();
    onClose(false);
  };
  const remove = () => {
    if (!request) return;
    const change =
      request.who === 'child'
        ? ({ kind: 'removeChild', childId: request.child.id } as const)
        : ({ kind: 'removeParent', parentId: request.parent.id } as const);
    mutation.mutate(change, {
      onSuccess: () => {
        mutation.reset();
        onClose(true);
      },
    });
  };
  const person = request?.who === 'child' ? request.child : request?.parent;
  const question = `Rimuovere ${person?.name ?? ''} ${person?.surname ?? ''} dalla famiglia?`;

  return (
    <Dialog open={request !== null} onClose={close} className="relative z-50">
      <div className="fixed inset-0 bg-black/30" aria-hidden="true" />
      <div className="fixed inset-0 flex items-center justify-center p-4">
        <DialogPanel className="w-full max-w-md space-y-4 rounded-xl bg-white p-6 shadow-xl">
          <DialogTitle className="text-lg font-bold text-brand-800">
            {request?.who === 'child' ? 'Rimuovi figlio' : 'Rimuovi genitore'}
          </DialogTitle>
          <Description className="text-gray-800">
            {question}
            {request?.who === 'child' &&
              ' Se ha degli ordini viene archiviato (resta nei conti, non compare più ai genitori); altrimenti viene eliminato.'}
          </Description>
          {mutation.isError && <Alert kind="error">{describeError(mutation.error)}</Alert>}
          <div className="flex flex-wrap justify-end gap-3">
            <Button variant="secondary" onClick={close} disabled={mutation.isPending}>
              Annulla
            </Button>
            <Button onClick={remove} loading={mutation.isPending}>
              Rimuovi
            </Button>
          </div>
        </DialogPanel>
      </div>
    </Dialog>
  );
}

import { Description, Dialog, DialogPanel, DialogTitle } from '@headlessui/react';
import type { ReactNode } from 'react';
import { Alert } from '@/components/ui/Alert';
import { Button } from '@/components/ui/Button';
import { describeError } from '@/lib/errors';

/** Props of {@link ConfirmDialog}. */
export interface ConfirmDialogProps {
  open: boolean;
  title: string;
  /** What happens, in one or two sentences: the dialog's description. */
  children: ReactNode;
  /** The confirming button's label ('Elimina'). */
  confirmLabel: string;
  pending: boolean;
  /** The failure of the last try, shown in Italian; the dialog stays open. */
  error: unknown;
  onConfirm: () => void;
  onClose: () => void;
}

/**
 * A confirmation of an admin action that cannot be undone: title,
 * description, the error of a failed try, 'Indietro' and the confirming
 * button (busy while `pending`, when closing is refused too).
 */
export function ConfirmDialog({ open, title, children, confirmLabel, pending, error, onConfirm, onClose }: ConfirmDialogProps) {
  const close = () => {
    if (!pending) onClose();
  };
  return (
    <Dialog open={open} onClose={close} className="relative z-50">
      <div className="fixed inset-0 bg-black/30" aria-hidden="true" />
      <div className="fixed inset-0 flex items-center justify-center p-4">
        <DialogPanel className="w-full max-w-md space-y-4 rounded-xl bg-white p-6 shadow-xl">
          <DialogTitle className="text-lg font-bold text-brand-800">{title}</DialogTitle>
          <Description as="div" className="space-y-2 text-gray-800">
            {children}
          </Description>
          {error !== null && error !== undefined && <Alert kind="error">{describeError(error)}</Alert>}
          <div className="flex flex-wrap justify-end gap-3">
            <Button variant="secondary" className="min-h-11" onClick={close} disabled={pending}>
              Indietro
            </Button>
            <Button className="min-h-11" onClick={onConfirm} loading={pending}>
              {confirmLabel}
            </Button>
          </div>
        </DialogPanel>
      </div>
    </Dialog>
  );
}

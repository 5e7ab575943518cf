import { Description, Dialog, DialogPanel, DialogTitle } from '@headlessui/react';
import type { ReactNode } from 'react';
import { Alert } from '@/components/ui/Alert';
import { Button } from '@/components/ui/Button';
import { Spinner } from '@/components/ui/Spinner';
import type { CatalogueProduct } from '@domain/catalogue/product';
import {
  nothingToSendSentence,
  previewSentence,
  recentlyRemindedSentence,
  sentSentence,
  type ParentToCall,
} from '@domain/reminders/payment-reminders';
import { describeError } from '@/lib/errors';
import type { ReminderPreview, ReminderResult } from '@contracts/admin-reminders';
import { useReminderPreview, useSendReminders } from './api/reminders-queries';

/** Props of {@link ReminderDialog}. */
export interface ReminderDialogProps {
  /** The product whose reminders to send: its catalogue entry (its id, its names). */
  product: Pick<CatalogueProduct, 'id' | 'names'>;
  onClose: () => void;
}

/** 'Senza e-mail (da chiamare)': each parent with the family, and the phone to call ('nessun telefono' without one). */
function ParentsToCall({ parents }: { parents: readonly ParentToCall[] }) {
  if (parents.length === 0) return null;
  return (
    <section aria-labelledby="reminders-to-call" className="space-y-1">
      <h3 id="reminders-to-call" className="font-semibold text-gray-900">
        Senza e-mail (da chiamare)
      </h3>
      <ul className="max-h-48 space-y-1 overflow-y-auto text-sm text-gray-800">
        {parents.map((person, index) => (
          <li key={`${person.familySurname}-${person.parent}-${index}`}>
            Famiglia {person.familySurname}: {person.parent || 'genitore senza nome'} —{' '}
            {person.phone ? (
              <a className="font-semibold text-brand-700 underline" href={`tel:${person.phone.replace(/\s+/g, '')}`}>
                {person.phone}
              </a>
            ) : (
              'nessun telefono'
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}

/** The dialog's buttons, right-aligned. */
function Actions({ children }: { children: ReactNode }) {
  return <div className="flex flex-wrap justify-end gap-3">{children}</div>;
}

/** What the dialog says of a product: its entry's id and names. */
type Reminded = ReminderDialogProps['product'];

/** After 'Invia': how many families were written to (or why none), who was skipped, the parents to phone; 'Chiudi'. */
function SentBody({ product, result, close }: { product: Reminded; result: ReminderResult; close: () => void }) {
  const counts = {
    families: result.sent,
    children: result.children,
    recentlyReminded: result.recentlyReminded,
    withoutEmail: result.withoutEmail,
  };
  const skipped = result.sent > 0 ? recentlyRemindedSentence(result.recentlyReminded) : '';
  return (
    <>
      <Alert kind={result.sent > 0 ? 'success' : 'info'}>
        {result.sent > 0 ? sentSentence(result.sent) : nothingToSendSentence(product, counts)}
      </Alert>
      {skipped && <p className="text-gray-800">{skipped}</p>}
      <ParentsToCall parents={result.withoutEmail} />
      <Actions>
        <Button onClick={close}>Chiudi</Button>
      </Actions>
    </>
  );
}

/** The preview: to whom it would write ('Annulla', 'Invia'), or why nothing is to be sent ('Chiudi'). */
function PreviewBody({
  product,
  counts,
  send,
  close,
}: {
  product: Reminded;
  counts: ReminderPreview;
  send: ReturnType<typeof useSendReminders>;
  close: () => void;
}) {
  const skipped = recentlyRemindedSentence(counts.recentlyReminded);
  if (counts.families === 0) {
    return (
      <>
        <Description className="text-gray-800">{nothingToSendSentence(product, counts)}</Description>
        <ParentsToCall parents={counts.withoutEmail} />
        <Actions>
          <Button onClick={close}>Chiudi</Button>
        </Actions>
      </>
    );
  }
  return (
    <>
      <Description className="text-gray-800">{previewSentence(counts)}</Description>
      {skipped && <p className="text-gray-800">{skipped}</p>}
      <ParentsToCall parents={counts.withoutEmail} />
      {send.isError && <Alert kind="error">Invio non riuscito. {describeError(send.error)}</Alert>}
      <Actions>
        <Button variant="secondary" onClick={close} disabled={send.isPending}>
          Annulla
        </Button>
        <Button onClick={() => send.mutate(product.id)} loading={send.isPending}>
          Invia
        </Button>
      </Actions>
    </>
  );
}

/** While the preview is read: a spinner and 'Annulla'. */
function PendingBody({ close }: { close: () => void }) {
  return (
    <>
      <p className="flex items-center gap-2 text-gray-800">
        <Spinner label="Calcolo dei promemoria" className="size-5" /> Calcolo delle famiglie da avvisare…
      </p>
      <Actions>
        <Button variant="secondary" onClick={close}>
          Annulla
        </Button>
      </Actions>
    </>
  );
}

/** A failed preview: its Italian error, 'Chiudi' and 'Riprova'. */
function FailedBody({ error, retry, close }: { error: unknown; retry: () => void; close: () => void }) {
  return (
    <>
      <Alert kind="error">{describeError(error)}</Alert>
      <Actions>
        <Button variant="secondary" onClick={close}>
          Chiudi
        </Button>
        <Button onClick={retry}>Riprova</Button>
      </Actions>
    </>
  );
}

/**
 * The dialog of 'Invia promemoria' (docs/admin.md, "Reminders"), for
 * `product`: it asks admin-reminders for the preview at once (a spinner,
 * then 'Scriveremo a N famiglie (M figli).', the families skipped as
 * reminded in the last 7 days, the list 'Senza e-mail (da chiamare)') with
 * 'Annulla' and 'Invia'; when there is nothing to send it says why and
 * offers only 'Chiudi'. 'Invia' sends them: 'Promemoria inviati a N
 * famiglie.' and 'Chiudi'. A failed preview shows the Italian error with
 * 'Riprova'; a failed send shows it and keeps 'Invia' (families already
 * written to are not written to again).
 */
export function ReminderDialog({ product, onClose }: ReminderDialogProps) {
  const preview = useReminderPreview(product.id);
  const send = useSendReminders();
  const close = () => {
    if (send.isPending) return;
    onClose();
  };
  const body: ReactNode = send.isSuccess ? (
    <SentBody product={product} result={send.data} close={close} />
  ) : preview.isPending ? (
    <PendingBody close={close} />
  ) : preview.isError ? (
    <FailedBody error={preview.error} retry={() => void preview.refetch()} close={close} />
  ) : (
    <PreviewBody product={product} counts={preview.data} send={send} close={close} />
  );

  return (
    <Dialog open onClose={close} className="relative z-50">
      <div className="fixed inset-0 bg-black/30" aria-hidden="true" />
      <div className="fixed inset-0 flex items-center justify-center p-4">
        <DialogPanel className="w-full max-w-md space-y-4 rounded-xl bg-white p-6 shadow-xl">
          <DialogTitle className="text-lg font-bold text-brand-800">Promemoria {product.names.short}</DialogTitle>
          {body}
        </DialogPanel>
      </div>
    </Dialog>
  );
}

import { useState } from 'react';
import { Alert } from '@/components/ui/Alert';
import { Button } from '@/components/ui/Button';
import { ScrollingTable } from '@/components/ui/ScrollingTable';
import { Spinner } from '@/components/ui/Spinner';
import type { AdminEvent } from '@contracts/admin-events';
import { can } from '@domain/staff/staff-roles';
import { useStaff } from '@/features/admin/shell/staff-context';
import { ConfirmDialog } from '../shell/ConfirmDialog';
import { RetryAlert } from '../shell/ReadAlerts';
import { useAdminSeason } from '../shell/use-admin-season';
import { useSearchParamsUpdate } from '../shell/use-search-params-update';
import { useCancelEvent, useEvents } from './api/admin-events-queries';
import { EventDetail } from './EventDetail';
import { EventForm } from './EventForm';
import { eventWhen } from './event-text';

/** The search parameter naming the event shown: /admin/uscite-e-campi?evento=… */
const EVENT_PARAM = 'evento';

/** The form shown: none, a new event, or the edit of a listed one. */
type Editing = null | 'new' | AdminEvent;

/** What an event costs, in a word for the list. */
function costText(event: AdminEvent): string {
  const { cost } = event.fields;
  if (cost.kind === 'camp') return 'Acconto e Saldo del campo';
  if (cost.kind === 'free') return 'Gratuito';
  return `${cost.price.euros.toFixed(2).replace('.', ',')} € per figlio`;
}

/**
 * /admin/uscite-e-campi, 'Uscite e campi' (docs/admin.md, "Uscite e
 * campi"): for the season of the shell's picker, the outings and camps of
 * the volunteer's branches, each with its dates, places taken and left and
 * the waiting list; 'Nuovo evento' above; one event's page (kept in the
 * address) with its sign-ups in order.
 */
export function Events() {
  const staff = useStaff();
  const [season] = useAdminSeason();
  const [params, update] = useSearchParamsUpdate();
  const events = useEvents(season);
  const cancel = useCancelEvent();
  const [editing, setEditing] = useState<Editing>(null);
  const [cancelling, setCancelling] = useState<AdminEvent | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const list = events.data?.events ?? [];
  const documents = events.data?.documents ?? [];
  const shownId = params.get(EVENT_PARAM);
  const shown = shownId ? list.find((event) => event.id === shownId) : undefined;
  const show = (id: string | null) =>
    update((current) => {
      const next = new URLSearchParams(current);
      if (id) next.set(EVENT_PARAM, id);
      else next.delete(EVENT_PARAM);
      return next;
    });
  const form = editing !== null && (
    <EventForm
      key={editing === 'new' ? 'new' : editing.id}
      season={season}
      event={editing === 'new' ? null : editing}
      documents={documents}
      staff={staff}
      onCancel={() => setEditing(null)}
      onDone={(message) => {
        setEditing(null);
        setNotice(message);
      }}
    />
  );
  const dialog = (
    <ConfirmDialog
      open={cancelling !== null}
      title={`Annullare «${cancelling?.fields.name ?? ''}»?`}
      confirmLabel="Annulla evento"
      pending={cancel.isPending}
      error={cancel.error}
      onClose={() => {
        setCancelling(null);
        cancel.reset();
      }}
      onConfirm={() =>
        cancelling &&
        cancel.mutate(
          { id: cancelling.id, revision: cancelling.revision },
          {
            onSuccess: () => {
              setNotice(`Evento «${cancelling.fields.name}» annullato: le famiglie iscritte o in lista d'attesa ricevono un'e-mail.`);
              setCancelling(null);
            },
          },
        )
      }
    >
      <p>Le famiglie non potranno più iscriversi né annullare; quelle con un figlio iscritto o in lista d'attesa riceveranno un'e-mail.</p>
      {cancelling?.fields.cost.kind === 'quota' && (
        <p>La quota esce dal catalogo della stagione (se qualcuno l’ha già pagata resta, chiusa: il rimborso si fa dai pagamenti).</p>
      )}
    </ConfirmDialog>
  );

  if (shown) {
    return (
      <div className="space-y-4">
        {notice && <Alert kind="success">{notice}</Alert>}
        {form}
        <EventDetail
          event={shown}
          onBack={() => show(null)}
          onEdit={() => {
            setNotice(null);
            setEditing(shown);
          }}
          onCancelEvent={() => setCancelling(shown)}
        />
        {dialog}
      </div>
    );
  }
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold text-brand-800">Uscite e campi</h1>
        {editing === null && can(staff, 'events') && (
          <Button
            onClick={() => {
              setNotice(null);
              setEditing('new');
            }}
          >
            Nuovo evento
          </Button>
        )}
      </div>
      {notice && <Alert kind="success">{notice}</Alert>}
      {form}
      {events.isPending && (
        <div className="flex justify-center py-10">
          <Spinner />
        </div>
      )}
      {events.isError && <RetryAlert error={events.error} onRetry={() => void events.refetch()} />}
      {shownId && events.isSuccess && !shown && <Alert kind="warning">Evento non trovato in questa stagione.</Alert>}
      {events.isSuccess && list.length === 0 && (
        <Alert kind="info">Nessun evento per la stagione {season}: crea il primo con «Nuovo evento».</Alert>
      )}
      {list.length > 0 && (
        <ScrollingTable label="Tabella eventi, scorrevole" columns={['Evento', 'Quando', 'Branche', 'Quota', 'Posti', 'Azioni']}>
          {list.map((event) => (
            <tr key={event.id} data-testid="event-row">
              <td className="px-3 py-2 font-semibold">
                {event.fields.name}
                {event.cancelledAt && <span className="ml-1 text-sm font-normal text-red-700">(annullato)</span>}
              </td>
              <td className="px-3 py-2">{eventWhen(event)}</td>
              <td className="px-3 py-2">{event.fields.branches.join(', ')}</td>
              <td className="px-3 py-2">{costText(event)}</td>
              <td className="px-3 py-2">
                {event.counts.confirmed}/{event.fields.places}
                {event.counts.waiting > 0 && ` (+${event.counts.waiting} in attesa)`}
              </td>
              <td className="px-3 py-2">
                <div className="flex flex-wrap gap-2">
                  <Button variant="secondary" size="sm" onClick={() => show(event.id)} aria-label={`Iscritti di ${event.fields.name}`}>
                    Iscritti
                  </Button>
                  {event.editable && (
                    <Button variant="secondary" size="sm" onClick={() => setEditing(event)} aria-label={`Modifica ${event.fields.name}`}>
                      Modifica
                    </Button>
                  )}
                </div>
              </td>
            </tr>
          ))}
        </ScrollingTable>
      )}
      {dialog}
    </div>
  );
}

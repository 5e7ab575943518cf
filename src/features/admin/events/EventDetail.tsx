import { useState } from 'react';
import { Alert } from '@/components/ui/Alert';
import { Button } from '@/components/ui/Button';
import { ScrollingTable } from '@/components/ui/ScrollingTable';
import type { AdminEvent, AdminSignup } from '@contracts/admin-events';
import { italianDateTime } from '@domain/italian-time';
import { describeError } from '@/lib/errors';
import { EventRosterPanel } from './EventRosterPanel';
import { ConfirmDialog } from '../shell/ConfirmDialog';
import { useLineMove, type LineMove } from './api/admin-events-queries';
import { eventWhen } from './event-text';

/** A sign-up's state as the leaders read it. */
function stateText(signup: AdminSignup): string {
  switch (signup.state) {
    case 'confirmed':
      return 'Iscritto';
    case 'offered':
      return signup.offeredUntil
        ? `Posto offerto, da confermare entro il ${italianDateTime(new Date(signup.offeredUntil))}`
        : 'Posto offerto';
    case 'waiting':
      return `In lista d'attesa, posizione ${signup.rank ?? '?'}`;
    case 'cancelled':
      return 'Iscrizione annullata';
  }
}

/** Props of {@link EventDetail}: the event, and the way back to the list. */
export interface EventDetailProps {
  event: AdminEvent;
  onBack: () => void;
  onEdit: () => void;
  onCancelEvent: () => void;
}

/**
 * One event in 'Uscite e campi' (docs/admin.md, "Uscite e campi"): its
 * details, the places taken and left, the children signed up in order
 * (confirmed, offered, waiting by place in line) with the leaders' hand
 * moves of the waiting list ('Su', 'Giù', 'Dai il posto', each audited by
 * admin-events); 'Modifica' and 'Annulla evento' for who may change it.
 */
export function EventDetail({ event, onBack, onEdit, onCancelEvent }: EventDetailProps) {
  const move = useLineMove();
  const [admitting, setAdmitting] = useState<AdminSignup | null>(null);
  const { fields, counts } = event;
  const waiting = event.signups.filter((signup) => signup.state === 'waiting');
  const full = counts.placesLeft === 0;
  const send = (request: LineMove) => move.mutate(request);
  const name = (signup: AdminSignup) => `${signup.name} ${signup.surname}`.trim();

  return (
    <div className="space-y-4">
      <Button variant="secondary" size="sm" onClick={onBack}>
        ← Tutti gli eventi
      </Button>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold text-brand-800">{fields.name}</h1>
          <p className="text-gray-800">
            {eventWhen(event)} · {fields.place}
            {fields.meetingPoint && ` · ritrovo: ${fields.meetingPoint}`} · {fields.branches.join(', ')}
          </p>
        </div>
        {event.editable && (
          <div className="flex flex-wrap gap-2">
            <Button variant="secondary" onClick={onEdit}>
              Modifica
            </Button>
            <Button variant="secondary" onClick={onCancelEvent}>
              Annulla evento
            </Button>
          </div>
        )}
      </div>
      {event.cancelledAt && <Alert kind="warning">Evento annullato il {italianDateTime(new Date(event.cancelledAt))}.</Alert>}
      <p data-testid="event-counts" className="text-gray-800">
        {counts.confirmed} iscritti su {fields.places} posti
        {counts.offered > 0 && `, ${counts.offered} ${counts.offered === 1 ? 'posto offerto' : 'posti offerti'} in attesa di conferma`}
        {`, ${counts.placesLeft} ${counts.placesLeft === 1 ? 'posto libero' : 'posti liberi'}`}
        {counts.waiting > 0 && `, ${counts.waiting} in lista d'attesa`}.
      </p>
      {move.isError && <Alert kind="error">{describeError(move.error)}</Alert>}
      <h2 className="text-lg font-bold text-brand-800">Iscritti</h2>
      {event.signups.length === 0 ? (
        <Alert kind="info">Ancora nessun iscritto.</Alert>
      ) : (
        <ScrollingTable label="Tabella iscritti, scorrevole" columns={['Nome', 'Branca', 'Stato', 'Azioni']}>
          {event.signups.map((signup) => {
            const index = waiting.indexOf(signup);
            return (
              <tr key={signup.childId} data-testid="event-signup-row">
                <td className="px-3 py-2 font-semibold">{name(signup)}</td>
                <td className="px-3 py-2">{signup.branch}</td>
                <td className="px-3 py-2">{stateText(signup)}</td>
                <td className="px-3 py-2">
                  {signup.state === 'waiting' && event.editable && signup.position !== null && (
                    <div className="flex flex-wrap gap-2">
                      <Button
                        variant="secondary"
                        size="sm"
                        disabled={index === 0 || move.isPending}
                        aria-label={`Sposta su ${name(signup)}`}
                        onClick={() =>
                          send({ kind: 'move', id: event.id, childId: signup.childId, position: signup.position!, direction: 'up' })
                        }
                      >
                        Su
                      </Button>
                      <Button
                        variant="secondary"
                        size="sm"
                        disabled={index === waiting.length - 1 || move.isPending}
                        aria-label={`Sposta giù ${name(signup)}`}
                        onClick={() =>
                          send({ kind: 'move', id: event.id, childId: signup.childId, position: signup.position!, direction: 'down' })
                        }
                      >
                        Giù
                      </Button>
                      <Button
                        variant="secondary"
                        size="sm"
                        disabled={move.isPending}
                        aria-label={`Dai il posto a ${name(signup)}`}
                        onClick={() => setAdmitting(signup)}
                      >
                        Dai il posto
                      </Button>
                    </div>
                  )}
                </td>
              </tr>
            );
          })}
        </ScrollingTable>
      )}
      <EventRosterPanel eventId={event.id} />
      <ConfirmDialog
        open={admitting !== null}
        title={`Dare il posto a ${admitting ? name(admitting) : ''}?`}
        confirmLabel="Dai il posto"
        pending={move.isPending}
        error={move.error}
        onClose={() => {
          setAdmitting(null);
          move.reset();
        }}
        onConfirm={() =>
          admitting && move.mutate({ kind: 'admit', id: event.id, childId: admitting.childId }, { onSuccess: () => setAdmitting(null) })
        }
      >
        <p>
          Avrà un posto fuori dall’ordine della lista d’attesa
          {full ? `: i posti dell'evento passano da ${fields.places} a ${fields.places + 1}.` : '.'}
        </p>
      </ConfirmDialog>
    </div>
  );
}

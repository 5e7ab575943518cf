import { useState } from 'react';
import { Alert } from '@/components/ui/Alert';
import { Button } from '@/components/ui/Button';
import { ScrollingTable } from '@/components/ui/ScrollingTable';
import { Spinner } from '@/components/ui/Spinner';
import type { EventReminder } from '@contracts/admin-event-roster';
import { documentText, medicalFormText, paymentText, rosterStateText } from '@domain/events/event-roster-table';
import { ConfirmDialog } from '../shell/ConfirmDialog';
import { RetryAlert } from '../shell/ReadAlerts';
import { useDownloadEventRoster, useEventRoster, useRemindEventRoster } from './api/event-roster-queries';

/** What 'Invia promemoria' did, in one sentence. */
function reminderSummary({ sent, recentlyReminded, withoutEmail }: EventReminder): string {
  const parts = [`Promemoria inviati a ${sent} ${sent === 1 ? 'famiglia' : 'famiglie'}.`];
  if (recentlyReminded > 0) parts.push(`${recentlyReminded} già avvisate negli ultimi 7 giorni.`);
  if (withoutEmail > 0) parts.push(`${withoutEmail} senza e-mail: vanno avvisate a voce o per telefono.`);
  return parts.join(' ');
}

/** A phone as a link that calls it. */
const phoneLink = (phone: string) => (
  <a className="font-semibold text-brand-700 underline" href={`tel:${phone.replace(/[^\d+]/g, '')}`}>
    {phone}
  </a>
);

/**
 * The leaders' list of an event (docs/events.md, "The leaders' list"), for
 * the event's page in 'Uscite e campi': each child holding a place then
 * those waiting, with branch, age, the parents' phones, each product paid
 * or not, the medical form and each required document; 'Scarica elenco' as
 * a PDF to print or a CSV (each download logged by the function);
 * 'Invia promemoria' (after confirming) of the missing papers.
 */
export function EventRosterPanel({ eventId }: { eventId: string }) {
  const roster = useEventRoster(eventId);
  const download = useDownloadEventRoster(eventId);
  const remind = useRemindEventRoster(eventId);
  const [confirming, setConfirming] = useState(false);
  const data = roster.data;
  const holding = data?.rows.filter((row) => row.state !== 'waiting').length ?? 0;
  const waiting = (data?.rows.length ?? 0) - holding;
  return (
    <section className="space-y-4" aria-labelledby="event-roster-title">
      <h2 id="event-roster-title" className="text-xl font-bold text-brand-800">
        Elenco dei partecipanti
      </h2>
      {roster.isPending && (
        <div className="flex justify-center py-10">
          <Spinner />
        </div>
      )}
      {roster.isError && <RetryAlert error={roster.error} onRetry={() => void roster.refetch()} />}
      {data && (
        <>
          <p className="text-sm text-gray-700" data-testid="event-roster-counts">
            {holding} con un posto su {data.event.places}, {waiting} in lista d'attesa
          </p>
          <div className="flex flex-wrap items-center gap-3">
            <Button
              onClick={() => download.mutate('pdf')}
              loading={download.isPending && download.variables === 'pdf'}
              disabled={download.isPending}
            >
              Scarica elenco (PDF)
            </Button>
            <Button
              variant="secondary"
              onClick={() => download.mutate('csv')}
              loading={download.isPending && download.variables === 'csv'}
              disabled={download.isPending}
            >
              Scarica elenco (CSV)
            </Button>
            <Button
              variant="secondary"
              onClick={() => {
                // A new sending starts clean; the last one's summary stays on screen until then.
                remind.reset();
                setConfirming(true);
              }}
              disabled={holding === 0}
            >
              Invia promemoria
            </Button>
          </div>
          <p className="text-xs text-gray-600">L'elenco contiene dati personali di minori: ogni download viene registrato.</p>
          {download.isError && <Alert kind="error">{download.error.message}</Alert>}
          {remind.isSuccess && <Alert kind="success">{reminderSummary(remind.data)}</Alert>}
          {data.unavailableDocuments.length > 0 && (
            <Alert kind="warning">
              Documenti richiesti non più disponibili (ritirati o sostituiti): {data.unavailableDocuments.join(', ')}. Aggiorna i documenti
              richiesti dell'evento.
            </Alert>
          )}
          {data.rows.length === 0 ? (
            <Alert kind="info">Nessun iscritto per ora.</Alert>
          ) : (
            <ScrollingTable
              label="Elenco dei partecipanti, scorrevole"
              columns={[
                'Stato',
                'Cognome e nome',
                'Branca',
                'Età',
                'Genitori e telefoni',
                ...data.products.map((product) => product.name),
                'Scheda medica',
                ...data.documents.map((document) => document.title),
              ]}
            >
              {data.rows.map((row) => (
                <tr key={row.childId} data-testid="event-roster-row" className={row.state === 'waiting' ? 'bg-gray-50 text-gray-700' : ''}>
                  <td className="px-3 py-2">{rosterStateText(row)}</td>
                  <td className="px-3 py-2 font-semibold">
                    {row.surname} {row.name}
                  </td>
                  <td className="px-3 py-2">{row.branch}</td>
                  <td className="px-3 py-2">{row.age ?? '—'}</td>
                  <td className="px-3 py-2">
                    <ul>
                      {row.parents.map((parent) => (
                        <li key={parent.name}>
                          {parent.name}: {parent.phone ? phoneLink(parent.phone) : 'nessun telefono'}
                        </li>
                      ))}
                    </ul>
                  </td>
                  {data.products.map((product) => (
                    <td key={product.id} className="px-3 py-2">
                      {paymentText(row, product.id)}
                    </td>
                  ))}
                  <td className="px-3 py-2">{medicalFormText(row.medicalForm)}</td>
                  {data.documents.map((document) => (
                    <td key={document.key} className="px-3 py-2">
                      {documentText(row, document.key)}
                    </td>
                  ))}
                </tr>
              ))}
            </ScrollingTable>
          )}
          <ConfirmDialog
            open={confirming}
            title="Inviare i promemoria?"
            confirmLabel="Invia"
            pending={remind.isPending}
            error={remind.error}
            onClose={() => setConfirming(false)}
            onConfirm={() => remind.mutate(undefined, { onSuccess: () => setConfirming(false) })}
          >
            <p>
              Ogni famiglia di un iscritto a «{data.event.name}» a cui mancano documenti da firmare
              {data.asksMedicalForm ? ' o la scheda medica' : ''} riceverà un'e-mail, al massimo una volta a settimana per documento.
            </p>
          </ConfirmDialog>
        </>
      )}
    </section>
  );
}

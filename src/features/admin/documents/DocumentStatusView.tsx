import { useState } from 'react';
import { Alert } from '@/components/ui/Alert';
import { Button } from '@/components/ui/Button';
import { ScrollingTable } from '@/components/ui/ScrollingTable';
import { Spinner } from '@/components/ui/Spinner';
import type { DocumentReminder } from '@contracts/admin-group-documents';
import { SIGNATURE_STATE_LABELS } from '@domain/documents/document-signature';
import { italianDateTime } from '@domain/italian-time';
import { downloadCsv } from '@/lib/csv';
import { ConfirmDialog } from '../shell/ConfirmDialog';
import { RetryAlert } from '../shell/ReadAlerts';
import { openSignaturePdf } from './api/group-documents';
import { useGroupDocumentStatus, useRemindGroupDocument } from './api/group-documents-queries';
import { documentCsvName, documentStatusCsv } from './document-csv';

/** What 'Invia promemoria' did, in one sentence. */
function reminderSummary({ sent, recentlyReminded, withoutEmail }: DocumentReminder): string {
  const parts = [`Promemoria inviati a ${sent} ${sent === 1 ? 'famiglia' : 'famiglie'}.`];
  if (recentlyReminded > 0) parts.push(`${recentlyReminded} già avvisate negli ultimi 7 giorni.`);
  if (withoutEmail > 0) parts.push(`${withoutEmail} senza e-mail: vanno avvisate a voce o per telefono.`);
  return parts.join(' ');
}

/**
 * One document's leaders' view (docs/documents.md, "The leaders' view"):
 * each child of the volunteer's branches it concerns, with the state, who
 * signed and when, the level chosen; 'Mancanti' shows only those still to
 * sign; 'Invia promemoria' (after confirming) and 'Esporta CSV' of the rows
 * shown. 'Indietro' goes back to the list.
 */
export function DocumentStatusView({ id, onBack }: { id: string; onBack: () => void }) {
  const status = useGroupDocumentStatus(id);
  const remind = useRemindGroupDocument();
  const [missingOnly, setMissingOnly] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [openError, setOpenError] = useState<string | null>(null);
  const rows = (status.data?.rows ?? []).filter((row) => !missingOnly || row.state === 'missing' || row.state === 'partial');
  const document = status.data?.document;
  return (
    <div className="space-y-4">
      <Button variant="secondary" onClick={onBack}>
        Indietro
      </Button>
      {status.isPending && (
        <div className="flex justify-center py-10">
          <Spinner />
        </div>
      )}
      {status.isError && <RetryAlert error={status.error} onRetry={() => void status.refetch()} />}
      {document && status.data && (
        <>
          <div>
            <h2 className="text-xl font-bold text-brand-800">{document.title}</h2>
            <p className="mt-1 text-sm text-gray-700" data-testid="document-status-counts">
              Versione {document.version}: {status.data.counts.signed} firmati, {status.data.counts.partial} con una firma su due,{' '}
              {status.data.counts.missing} mancanti, {status.data.counts.withdrawn} revocati
            </p>
          </div>
          <div className="flex flex-wrap items-center gap-3">
            <label className="flex min-h-11 items-center gap-2">
              <input type="checkbox" className="size-5" checked={missingOnly} onChange={(event) => setMissingOnly(event.target.checked)} />
              Mancanti
            </label>
            <Button
              onClick={() => {
                // A new sending starts clean; the last one's summary stays on screen until then.
                remind.reset();
                setConfirming(true);
              }}
              disabled={document.retiredAt !== null}
            >
              Invia promemoria
            </Button>
            <Button
              variant="secondary"
              onClick={() => downloadCsv(documentCsvName(document.id), documentStatusCsv(rows))}
              disabled={rows.length === 0}
            >
              Esporta CSV
            </Button>
          </div>
          {remind.isSuccess && <Alert kind="success">{reminderSummary(remind.data)}</Alert>}
          {openError && <Alert kind="error">{openError}</Alert>}
          {rows.length === 0 ? (
            <Alert kind="info">
              {missingOnly ? 'Nessuna firma mancante.' : 'Nessun ragazzo delle tue branche è interessato da questo documento.'}
            </Alert>
          ) : (
            <ScrollingTable label="Tabella firme, scorrevole" columns={['Branca', 'Cognome', 'Nome', 'Stato', 'Scelta', 'Firme']}>
              {rows.map((row) => (
                <tr key={row.childId} data-testid="document-status-row">
                  <td className="px-3 py-2">{row.branch}</td>
                  <td className="px-3 py-2 font-semibold">{row.surname}</td>
                  <td className="px-3 py-2">{row.name}</td>
                  <td className="px-3 py-2">{SIGNATURE_STATE_LABELS[row.state]}</td>
                  <td className="px-3 py-2">{row.choice ?? ''}</td>
                  <td className="px-3 py-2">
                    <ul>
                      {row.signatures.map((signature) => (
                        <li key={signature.id}>
                          {signature.signerName}, {italianDateTime(new Date(signature.signedAt))}
                          {signature.withdrawnAt && ` (revocata il ${italianDateTime(new Date(signature.withdrawnAt))})`}{' '}
                          <button
                            type="button"
                            className="min-h-11 px-2 font-semibold text-brand-700 underline"
                            aria-label={`Apri la firma di ${signature.signerName} per ${row.name} ${row.surname}`}
                            onClick={() => {
                              setOpenError(null);
                              openSignaturePdf(signature.id).catch((error: unknown) =>
                                setOpenError(error instanceof Error ? error.message : 'Apertura non riuscita.'),
                              );
                            }}
                          >
                            Apri
                          </button>
                        </li>
                      ))}
                    </ul>
                  </td>
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
            onConfirm={() => remind.mutate(id, { onSuccess: () => setConfirming(false) })}
          >
            <p>Ogni famiglia con un ragazzo ancora da firmare «{document.title}» riceverà un'e-mail, al massimo una volta a settimana.</p>
          </ConfirmDialog>
        </>
      )}
    </div>
  );
}

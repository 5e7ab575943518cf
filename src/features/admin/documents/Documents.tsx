import { useState } from 'react';
import { Alert } from '@/components/ui/Alert';
import { Button } from '@/components/ui/Button';
import { ScrollingTable } from '@/components/ui/ScrollingTable';
import { Spinner } from '@/components/ui/Spinner';
import type { ListedDocument } from '@contracts/admin-group-documents';
import { italianDayText } from '@domain/italian-time';
import { useStaff } from '@/features/admin/shell/staff-context';
import { ConfirmDialog } from '../shell/ConfirmDialog';
import { RetryAlert } from '../shell/ReadAlerts';
import { useAdminSeason } from '../shell/use-admin-season';
import { useSearchParamsUpdate } from '../shell/use-search-params-update';
import { useGroupDocuments, useRetireGroupDocument } from './api/group-documents-queries';
import { DocumentForm } from './DocumentForm';
import { DocumentStatusView } from './DocumentStatusView';

/** The search parameter naming the document whose signatures are shown: /admin/documenti?documento=… */
const DOCUMENT_PARAM = 'documento';

/** The form shown: none, a new document, or the edit of a listed version. */
type Editing = null | 'new' | ListedDocument;

/**
 * /admin/documenti, 'Documenti' (docs/admin.md, "Documenti"): for the
 * season of the shell's picker, the documents parents sign that concern
 * the volunteer's branches, each with its signed, partial and missing
 * counts, 'Firme' (the leaders' view, kept in the address), 'Modifica' and
 * 'Ritira'; 'Nuovo documento' above.
 */
export function Documents() {
  const staff = useStaff();
  const [season] = useAdminSeason();
  const [params, update] = useSearchParamsUpdate();
  const documents = useGroupDocuments(season);
  const retire = useRetireGroupDocument();
  const [editing, setEditing] = useState<Editing>(null);
  const [retiring, setRetiring] = useState<ListedDocument | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const shown = params.get(DOCUMENT_PARAM);
  const show = (id: string | null) =>
    update((current) => {
      const next = new URLSearchParams(current);
      if (id) next.set(DOCUMENT_PARAM, id);
      else next.delete(DOCUMENT_PARAM);
      return next;
    });

  if (shown) return <DocumentStatusView id={shown} onBack={() => show(null)} />;
  const list = documents.data?.documents ?? [];
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold text-brand-800">Documenti</h1>
        {editing === null && (
          <Button
            onClick={() => {
              setNotice(null);
              setEditing('new');
            }}
          >
            Nuovo documento
          </Button>
        )}
      </div>
      {notice && <Alert kind="success">{notice}</Alert>}
      {editing !== null && (
        <DocumentForm
          key={editing === 'new' ? 'new' : editing.id}
          season={season}
          document={editing === 'new' ? null : editing}
          staff={staff}
          onCancel={() => setEditing(null)}
          onDone={(message) => {
            setEditing(null);
            setNotice(message);
          }}
        />
      )}
      {documents.isPending && (
        <div className="flex justify-center py-10">
          <Spinner />
        </div>
      )}
      {documents.isError && <RetryAlert error={documents.error} onRetry={() => void documents.refetch()} />}
      {documents.isSuccess && list.length === 0 && (
        <Alert kind="info">Nessun documento per la stagione {season}: crea il primo con «Nuovo documento».</Alert>
      )}
      {list.length > 0 && (
        <ScrollingTable label="Tabella documenti, scorrevole" columns={['Titolo', 'Branche', 'Scadenza', 'Firmati', 'Mancanti', 'Azioni']}>
          {list.map((document) => (
            <tr key={document.id} data-testid="document-row">
              <td className="px-3 py-2 font-semibold">
                {document.title}
                {document.version > 1 && <span className="ml-1 text-sm font-normal text-gray-700">(versione {document.version})</span>}
              </td>
              <td className="px-3 py-2">{document.branches.join(', ')}</td>
              <td className="px-3 py-2">{document.deadline ? italianDayText(document.deadline) : '—'}</td>
              <td className="px-3 py-2">
                {document.counts.signed}
                {document.counts.partial > 0 && ` (+${document.counts.partial} con una firma su due)`}
              </td>
              <td className="px-3 py-2">{document.counts.missing}</td>
              <td className="px-3 py-2">
                <div className="flex flex-wrap gap-2">
                  <Button variant="secondary" size="sm" onClick={() => show(document.id)} aria-label={`Firme di ${document.title}`}>
                    Firme
                  </Button>
                  <Button variant="secondary" size="sm" onClick={() => setEditing(document)} aria-label={`Modifica ${document.title}`}>
                    Modifica
                  </Button>
                  <Button variant="secondary" size="sm" onClick={() => setRetiring(document)} aria-label={`Ritira ${document.title}`}>
                    Ritira
                  </Button>
                </div>
              </td>
            </tr>
          ))}
        </ScrollingTable>
      )}
      <ConfirmDialog
        open={retiring !== null}
        title={`Ritirare «${retiring?.title ?? ''}»?`}
        confirmLabel="Ritira"
        pending={retire.isPending}
        error={retire.error}
        onClose={() => {
          setRetiring(null);
          retire.reset();
        }}
        onConfirm={() => retiring && retire.mutate(retiring.id, { onSuccess: () => setRetiring(null) })}
      >
        <p>I genitori non lo vedranno più; le firme già raccolte restano registrate.</p>
      </ConfirmDialog>
    </div>
  );
}

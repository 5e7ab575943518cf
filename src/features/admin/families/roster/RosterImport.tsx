import { useState } from 'react';
import { Link } from 'react-router';
import { Alert } from '@/components/ui/Alert';
import { Button } from '@/components/ui/Button';
import { FilePicker } from '@/components/ui/FilePicker';
import { Spinner } from '@/components/ui/Spinner';
import { paths } from '@config/paths';
import { RetryAlert } from '@/features/admin/shell/ReadAlerts';
import { ImportPreview } from './ImportPreview';
import { ImportResult } from './ImportResult';
import { downloadRosterTemplate } from './roster-template';
import { useRosterImport } from './use-roster-import';

const FILE_LABEL = "File dell'anagrafica (.xlsx o .csv)";
const ACCEPT = '.xlsx,.csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet,text/csv';

/** 'Scarica modello': the template .xlsx; says so when it cannot be made (the library did not load). */
function TemplateButton() {
  const [state, setState] = useState<'idle' | 'working' | 'failed'>('idle');
  const download = () => {
    setState('working');
    downloadRosterTemplate().then(
      () => setState('idle'),
      (error: unknown) => {
        console.error('roster import: the template could not be made', error);
        setState('failed');
      },
    );
  };
  return (
    <div className="space-y-2">
      <Button variant="secondary" className="min-h-11" loading={state === 'working'} onClick={download}>
        Scarica modello
      </Button>
      {state === 'failed' && (
        <Alert kind="error">
          Non è stato possibile preparare il modello. Controlla la connessione e riprova.{' '}
          <button type="button" className="min-h-11 font-semibold underline" onClick={download}>
            Riprova
          </button>
        </Alert>
      )}
    </div>
  );
}

/**
 * /admin/famiglie/importa, 'Importa anagrafica' (docs/admin.md): the admin
 * downloads the template ('Scarica modello'), chooses an .xlsx or .csv
 * with one row per child and up to two parents, and the browser reads it
 * (read-roster-file.ts) and matches its header to the template's columns:
 * missing required columns are named ('Mancano le colonne: …'); otherwise
 * admin-roster-import checks every row and answers the preview
 * (ImportPreview; 'Controllo in corso…' meanwhile). Nothing is written
 * until 'Conferma importazione', whose result ImportResult shows. Every
 * failure shows its Italian message with a way on ('Riprova', another file).
 */
export function RosterImport() {
  const { file, preview, commit, archive, choose, recheck, confirm, toggleArchive } = useRosterImport();
  const chosen = file.status === 'none' ? null : file.file;
  const checking = file.status === 'reading' || preview.isPending;

  return (
    <div className="space-y-6">
      <div className="space-y-2">
        <h1 className="text-2xl font-bold text-brand-800">Importa anagrafica</h1>
        <p className="max-w-3xl text-gray-800">
          Carica il foglio del censimento con una riga per ogni figlio: cognome, nome, codice fiscale e branca del figlio, poi i dati di uno
          o due genitori (colonne «Genitore 1» e «Genitore 2»). I figli con un genitore in comune formano una famiglia. Prima di scrivere
          qualcosa vedrai un&apos;anteprima da confermare.
        </p>
        <Link
          to={paths.adminFamilies}
          className="inline-flex min-h-11 items-center font-semibold text-brand-700 underline hover:text-brand-800"
        >
          Torna a Famiglie
        </Link>
      </div>

      <div className="space-y-4 rounded-xl bg-white p-4 shadow-sm ring-1 ring-gray-200">
        <div className="space-y-1">
          <p className="text-sm text-gray-700">Il modello ha le colonne che l&apos;importazione riconosce e una riga d&apos;esempio.</p>
          <TemplateButton />
        </div>
        <div className="space-y-1">
          <p className="text-sm font-medium text-gray-800" aria-hidden="true">
            {FILE_LABEL}
          </p>
          <FilePicker
            file={chosen}
            onChange={choose}
            accept={ACCEPT}
            inputLabel={FILE_LABEL}
            placeholder="Nessun file scelto"
            disabled={checking || commit.isPending}
          />
        </div>
      </div>

      {checking && (
        <div className="flex items-center gap-3 py-4 text-gray-800">
          <Spinner label="Controllo in corso…" />
          <span aria-hidden="true">Controllo in corso…</span>
        </div>
      )}
      {file.status === 'unreadable' && <Alert kind="error">{file.message}</Alert>}
      {file.status === 'missingColumns' && (
        <Alert kind="error" title={`Mancano le colonne: ${file.missing.join(', ')}.`}>
          La prima riga del file deve avere i titoli del modello (maiuscole, accenti e spazi non contano). Scarica il modello, metti i dati
          sotto i suoi titoli e scegli di nuovo il file.
        </Alert>
      )}
      {preview.isError && <RetryAlert error={preview.error} onRetry={recheck} />}
      {commit.data ? (
        <ImportResult result={commit.data} onRecheck={recheck} />
      ) : (
        preview.data && (
          <ImportPreview
            plan={preview.data}
            archive={archive}
            onArchiveChange={toggleArchive}
            onConfirm={confirm}
            onRecheck={recheck}
            confirming={commit.isPending}
            commitError={commit.error}
          />
        )
      )}
    </div>
  );
}

import { useEffect, useRef } from 'react';
import { Alert } from '@/components/ui/Alert';
import { Button } from '@/components/ui/Button';
import type { RosterCommit } from '../api/roster-import';
import { commitSummary, rowsWithErrors } from './import-wording';
import { RowErrorsTable } from './RowErrorsTable';

/**
 * What 'Conferma importazione' did (docs/admin.md, "Importa anagrafica"):
 * the counts in a success message; then, when some rows were skipped or
 * some families not written, what was left out and that importing the
 * file again finishes it, with the skipped rows' table; 'Ripeti il
 * controllo' shows the preview again. The focus moves to its heading.
 */
export function ImportResult({ result, onRecheck }: { result: RosterCommit; onRecheck: () => void }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    heading.current?.focus();
  }, [result]);
  const skipped = rowsWithErrors(result.errors);

  return (
    <section className="space-y-4" aria-labelledby="roster-result-heading">
      <h2 id="roster-result-heading" ref={heading} tabIndex={-1} className="text-xl font-bold text-brand-800 outline-none">
        Esito dell&apos;importazione
      </h2>
      <Alert kind="success">{commitSummary(result)}</Alert>
      {result.failed > 0 && (
        <Alert kind="warning" title="Importazione da completare">
          {result.failed === 1
            ? '1 famiglia non è stata scritta per un problema temporaneo.'
            : `${result.failed} famiglie non sono state scritte per un problema temporaneo.`}{' '}
          Importa di nuovo lo stesso file per completare l&apos;importazione: quello che è già stato scritto non cambia.
        </Alert>
      )}
      {skipped > 0 && (
        <>
          <Alert kind="warning" title="Righe non importate">
            {skipped === 1
              ? '1 riga non è stata importata perché ha errori'
              : `${skipped} righe non sono state importate perché hanno errori`}
            : correggi il file e importalo di nuovo per aggiungerle. Le famiglie già importate non cambiano.
          </Alert>
          <section className="space-y-2">
            <h3 className="text-lg font-semibold text-gray-900">Righe non importate</h3>
            <RowErrorsTable errors={result.errors} label="Righe non importate, scorrevole" />
          </section>
        </>
      )}
      <Button variant="secondary" className="min-h-11" onClick={onRecheck}>
        Ripeti il controllo
      </Button>
    </section>
  );
}

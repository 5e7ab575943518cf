import { ScrollingTable } from '@/components/ui/ScrollingTable';
import type { RowError } from '@domain/roster/roster';
import { errorsByRow } from './import-wording';

/**
 * The rows an import skips (docs/admin.md, "Importa anagrafica"): Riga,
 * Colonna, Problema, by row; scrolls sideways on a phone.
 */
export function RowErrorsTable({ errors, label }: { errors: readonly RowError[]; label: string }) {
  return (
    <ScrollingTable label={label} columns={['Riga', 'Colonna', 'Problema']}>
      {errorsByRow(errors).map((error, index) => (
        <tr key={`${error.row}-${error.column}-${index}`} data-testid="roster-error" className="align-top">
          <td className="px-3 py-2 tabular-nums">{error.row}</td>
          <td className="px-3 py-2 whitespace-nowrap">{error.column}</td>
          <td className="px-3 py-2">{error.message}</td>
        </tr>
      ))}
    </ScrollingTable>
  );
}

import type { RowError } from '@domain/roster/roster';
import type { ImportPlan } from '@domain/roster/roster-import';
import type { RosterCommit } from '../api/roster-import';

/** '1 famiglia' / '3 famiglie': the count with the word that agrees with it. */
const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** How many rows have at least one error (a row may have several). */
export function rowsWithErrors(errors: readonly RowError[]): number {
  return new Set(errors.map((error) => error.row)).size;
}

/** The errors by row, in the file's order (stable: a row's errors keep their order). */
export function errorsByRow(errors: readonly RowError[]): RowError[] {
  return [...errors].sort((a, b) => a.row - b.row);
}

/** The preview's counts line: '2 famiglie da creare · 1 da aggiornare · 0 invariate · 3 righe con errori'. */
export function previewCounts(plan: ImportPlan): string {
  return [
    count(plan.create.length, 'famiglia da creare', 'famiglie da creare'),
    `${plan.update.length} da aggiornare`,
    count(plan.unchanged, 'invariata', 'invariate'),
    count(rowsWithErrors(plan.errors), 'riga con errori', 'righe con errori'),
  ].join(' · ');
}

/** The commit's summary: 'Importazione completata: 2 famiglie create, 1 aggiornata, 0 invariate, 1 figlio archiviato.' */
export function commitSummary(result: RosterCommit): string {
  const parts = [
    count(result.created, 'famiglia creata', 'famiglie create'),
    count(result.updated, 'aggiornata', 'aggiornate'),
    count(result.unchanged, 'invariata', 'invariate'),
    count(result.archived, 'figlio archiviato', 'figli archiviati'),
  ];
  return `Importazione completata: ${parts.join(', ')}.`;
}

/** A value of a change as the preview shows it: '(vuoto)' for none. */
export function shownValue(value: string): string {
  return value === '' ? '(vuoto)' : value;
}

import { headerKey, type StatementColumns } from '@domain/statement/statement-columns';

/**
 * The columns the treasurer confirmed for a bank's export, remembered in
 * this browser by the export's header (headerKey): the next file of that
 * bank offers 'Usa le colonne salvate per questa banca' (docs/admin.md,
 * "Estratto conto"). A preference of this device, not the group's data:
 * the columns offered by default come from the header alone and are the
 * same for every volunteer, so nothing is written on the server for it.
 */

const KEY_PREFIX = 'estratto-conto-colonne:';

const isIndex = (value: unknown, size: number): value is number =>
  typeof value === 'number' && Number.isInteger(value) && value >= 0 && value < size;
const isOptionalIndex = (value: unknown, size: number) => value === null || isIndex(value, size);

/** The columns saved for this header, or null when none are (or what is stored no longer fits it). */
export function savedColumns(header: readonly string[]): StatementColumns | null {
  let stored: unknown;
  try {
    stored = JSON.parse(localStorage.getItem(KEY_PREFIX + headerKey(header)) ?? 'null');
  } catch {
    return null;
  }
  if (!stored || typeof stored !== 'object') return null;
  const columns = stored as Record<keyof StatementColumns, unknown>;
  const size = header.length;
  const fits =
    isIndex(columns.date, size) &&
    isIndex(columns.amount, size) &&
    isIndex(columns.description, size) &&
    isOptionalIndex(columns.debit, size) &&
    isOptionalIndex(columns.orderingParty, size) &&
    Array.isArray(columns.texts) &&
    columns.texts.every((index) => isIndex(index, size));
  return fits ? (stored as StatementColumns) : null;
}

/** Remembers `columns` for this header; a browser that refuses storage only loses the shortcut. */
export function saveColumns(header: readonly string[], columns: StatementColumns): void {
  try {
    localStorage.setItem(KEY_PREFIX + headerKey(header), JSON.stringify(columns));
  } catch (error) {
    console.warn('statement: the columns could not be remembered', error);
  }
}

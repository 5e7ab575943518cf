import { sumEuros } from '../money';
import { cellText } from '../roster/roster';
import type { StatementLine } from './bank-statement';
import type { StatementColumns } from './statement-columns';
import { readStatementAmount, readStatementDay } from './statement-values';

/**
 * Every row of a bank's CSV or spreadsheet export, read through its
 * columns (docs/admin.md, "Estratto conto"): the credits, and each other
 * row with why it was skipped or could not be read, so the treasurer sees
 * the whole file before anything is matched. Pure.
 */

/** Why a row is not a credit: the spec-like Italian words the preview shows. */
export const SKIP_REASONS = ['Intestazione', 'Riga vuota', 'Saldo', 'Totale', 'Addebito', 'Senza importo'] as const;
export type SkipReason = (typeof SKIP_REASONS)[number];

/** A row that is not a credit: its number as the spreadsheet shows it, why, and its text. */
export interface SkippedRow {
  row: number;
  reason: SkipReason;
  /** The row's cells with text, joined by ' · '. */
  text: string;
}

/** A credit read from the file: its row number and its line. */
export interface TableCredit {
  row: number;
  line: StatementLine;
}

/** What the file holds: every row is in exactly one of `credits`, `skipped` and `problems`. */
export interface StatementTable {
  credits: TableCredit[];
  skipped: SkippedRow[];
  /** Rows that look like credits but whose amount or day cannot be read ('Importo non leggibile: «…».'). */
  problems: Array<{ row: number; message: string }>;
  /** The credits' sum, in euros. */
  creditsEuros: number;
  /** The credits' total the file states ('Totale entrate', 'Totale' in the credits column), null when it states none. */
  statedCreditsEuros: number | null;
}

/** A balance row's label: 'Saldo iniziale', 'SALDO CONTABILE', 'Saldo al 30/06', 'Saldo: …' (not 'SALDO CAMPO SCOUT', a credit's reason). */
const BALANCE =
  /^(saldo|balance)(\s*:|\s*$|\s+(iniziale|finale|contabile|disponibile|liquido|precedente|attuale|medio|al\b|a vostro|per valuta|in euro|di chiusura|di apertura|opening|closing))/i;
const TOTAL = /^(totale|totali|total)\b/i;
/** A total that states the credits: 'Totale entrate', 'Totale accrediti', 'Totale avere'. */
const CREDITS_TOTAL = /entrat|accredit|avere|credit|money in/i;

/** The contract's limits on a line's texts (adminStatementContract). */
const MAX_DESCRIPTION = 1000;
const MAX_PARTY = 300;

const textsOf = (row: readonly unknown[]) => row.map(cellText).filter(Boolean);

const NUMBER = new Intl.NumberFormat('it-IT', { maximumFractionDigits: 2 });
/** A cell as the preview shows it: a date cell as dd/mm/yyyy, a number the Italian way ('9194,5'), text as written. */
function shown(cell: unknown): string {
  if (cell instanceof Date && !Number.isNaN(cell.getTime())) return cell.toISOString().slice(0, 10).split('-').reverse().join('/');
  return typeof cell === 'number' ? NUMBER.format(cell) : cellText(cell);
}

/** The description: the chosen column's text, then each other text column's that it does not already hold. */
function descriptionOf(row: readonly unknown[], columns: StatementColumns): string {
  const main = cellText(row[columns.description]);
  const others = columns.texts
    .map((index) => cellText(row[index]))
    .filter((text) => text && readStatementAmount(text) === null && !main.toUpperCase().includes(text.toUpperCase()));
  return [main, ...new Set(others)].filter(Boolean).join(' | ').slice(0, MAX_DESCRIPTION);
}

type RowRead =
  { kind: 'credit'; line: StatementLine } | { kind: 'skipped'; reason: SkipReason; stated?: number } | { kind: 'problem'; message: string };

/** The credits' total a 'Totale' row states, or undefined. */
function statedTotal(row: readonly unknown[], label: string, columns: StatementColumns): number | undefined {
  const credited = readStatementAmount(row[columns.amount]);
  if (CREDITS_TOTAL.test(label) && credited !== null) return Math.abs(credited);
  if (columns.debit !== null && credited !== null && credited > 0) return credited;
  return undefined;
}

/** One row under the header: a credit, or why not. */
function readRow(row: readonly unknown[], columns: StatementColumns): RowRead {
  const texts = textsOf(row);
  if (texts.length === 0) return { kind: 'skipped', reason: 'Riga vuota' };
  if (texts.some((text) => BALANCE.test(text))) return { kind: 'skipped', reason: 'Saldo' };
  const total = texts.find((text) => TOTAL.test(text));
  if (total) return { kind: 'skipped', reason: 'Totale', stated: statedTotal(row, texts.join(' '), columns) };
  const rawAmount = row[columns.amount];
  if (cellText(rawAmount) === '') {
    const debited = columns.debit !== null && cellText(row[columns.debit]) !== '';
    return { kind: 'skipped', reason: debited ? 'Addebito' : 'Senza importo' };
  }
  const amount = readStatementAmount(rawAmount);
  if (amount === null) return { kind: 'problem', message: `Importo non leggibile: «${cellText(rawAmount)}».` };
  if (amount < 0) return { kind: 'skipped', reason: 'Addebito' };
  if (amount === 0) return { kind: 'skipped', reason: 'Senza importo' };
  const day = readStatementDay(row[columns.date]);
  if (day === null) return { kind: 'problem', message: `Data non leggibile: «${cellText(row[columns.date])}».` };
  const orderingParty = columns.orderingParty === null ? '' : cellText(row[columns.orderingParty]).slice(0, MAX_PARTY);
  return {
    kind: 'credit',
    line: { bankReference: '', date: day, amountEuros: amount, description: descriptionOf(row, columns), orderingParty },
  };
}

/**
 * Reads every row of an export whose header is `rows[headerIndex]`
 * (findHeaderRow) through `columns`: the rows above it and the header
 * itself are 'Intestazione'; under it, an empty row is 'Riga vuota', a
 * balance ('Saldo iniziale', 'Saldo al …', even with a day and an amount)
 * 'Saldo', a total 'Totale' (its credits' figure kept as the file's own
 * total), a row without a credit 'Addebito' (a negative amount, or only a
 * debit) or 'Senza importo'; a credit whose amount or day cannot be read is
 * a problem; the rest are credits. Empty rows after the last are left out.
 * Row numbers are the spreadsheet's (the first row is 1).
 */
export function readStatementTable(rows: readonly (readonly unknown[])[], headerIndex: number, columns: StatementColumns): StatementTable {
  const table: StatementTable = { credits: [], skipped: [], problems: [], creditsEuros: 0, statedCreditsEuros: null };
  let last = rows.length - 1;
  while (last > headerIndex && textsOf(rows[last] ?? []).length === 0) last--;
  rows.slice(0, last + 1).forEach((row, index) => {
    const number = index + 1;
    const text = row.map(shown).filter(Boolean).join(' · ');
    if (index <= headerIndex) return void table.skipped.push({ row: number, reason: text ? 'Intestazione' : 'Riga vuota', text });
    const read = readRow(row, columns);
    if (read.kind === 'credit') table.credits.push({ row: number, line: read.line });
    else if (read.kind === 'problem') table.problems.push({ row: number, message: read.message });
    else {
      table.skipped.push({ row: number, reason: read.reason, text });
      if (read.stated !== undefined && table.statedCreditsEuros === null) table.statedCreditsEuros = read.stated;
    }
  });
  table.creditsEuros = sumEuros(table.credits.map((credit) => credit.line.amountEuros));
  return table;
}

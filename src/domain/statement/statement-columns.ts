import { cellText } from '../roster/roster';
import { readStatementAmount, readStatementDay } from './statement-values';

/**
 * Where a bank's CSV or spreadsheet export keeps its table and which of its
 * columns hold a line's fields (docs/admin.md, "Estratto conto"): the
 * header found below any title block, and the columns offered by default.
 * Pure.
 */

/** Which column of an export holds each field (0-based); the treasurer can change each. */
export interface StatementColumns {
  date: number;
  /** The credited amount: a column of credits ('Avere', 'Accrediti', 'Entrate'), or of signed amounts whose negatives are debits. */
  amount: number;
  /** A separate column of debits ('Dare', 'Addebiti', 'Uscite'); null when `amount` holds signed amounts. */
  debit: number | null;
  /** The text shown as the line's description: the one that carries the transfer's reason ('causale'). */
  description: number;
  /** The other text columns ('Descrizione' beside 'Descrizione estesa', 'Causale'), joined to the description for matching. */
  texts: number[];
  /** Who sent it; null when the export has no such column. */
  orderingParty: number | null;
}

const isDayOrAmount = (cell: unknown) => readStatementDay(cell) !== null || readStatementAmount(cell) !== null;

/** How many rows under a candidate header are looked at for a day and an amount. */
const HEADER_LOOKAHEAD = 6;

/** True when the row has a day in one titled column and an amount in another. */
function hasDayAndAmount(row: readonly unknown[], titles: readonly string[]): boolean {
  const titled = (index: number) => Boolean(titles[index]);
  const dayAt = row.findIndex((cell, index) => titled(index) && readStatementDay(cell) !== null);
  if (dayAt < 0) return false;
  return row.some(
    (cell, index) => index !== dayAt && titled(index) && readStatementAmount(cell) !== null && readStatementDay(cell) === null,
  );
}

/**
 * The index of the header row: the first with at least three titles (text
 * that is neither a day nor an amount) and, in one of the rows just under
 * it, a day and an amount in columns it titles. The title block above it
 * (holder, IBAN, period, balances) has fewer titles, or no table under it.
 * Without such a row, the first row with any text; -1 for an empty file.
 */
export function findHeaderRow(rows: readonly (readonly unknown[])[]): number {
  for (let index = 0; index < rows.length; index++) {
    const cells = rows[index] ?? [];
    const titles = cells.map((cell) => (isDayOrAmount(cell) ? '' : cellText(cell)));
    if (titles.filter(Boolean).length < 3) continue;
    if (rows.slice(index + 1, index + 1 + HEADER_LOOKAHEAD).some((row) => hasDayAndAmount(row, titles))) return index;
  }
  return rows.findIndex((row) => row.some((cell) => cellText(cell) !== ''));
}

/** A title as compared: lower case, '_' as a space ('Descrizione_Completa'). */
const normal = (title: string) => title.toLowerCase().replace(/_/g, ' ').replace(/\s+/g, ' ').trim();

const DATE_TITLE = /\b(data|date|datum)\b/;
const CREDIT_TITLE = /accredit|entrat|\bavere\b|\bcredito\b|\bcredit\b|money in|\bin\b.*entrata/;
const DEBIT_TITLE = /addebit|uscit|\bdare\b|\bdebito\b|\bdebit\b|money out/;
const SIGNED_TITLE = /importo|amount|\bbetrag\b/;
const NOT_THE_AMOUNT = /origin|\borig\b|fee|commission|saldo|balance|exchange|cambio/;
const PARTY_TITLE = /ordinante|mittente|partner name|payer|controparte|counterparty|debitore/;
/** Titles of text that may carry the reason: the description is one of them, the others are joined to it. */
const TEXT_TITLE = /descri|causale|dettagl|operazione|reference|riferiment|\bnote\b|motivo|messaggio|memo|verwendung/;

/** The date column: a title with 'data'/'date', the booking day before the value day ('Data valuta', 'Started Date'). */
function dateColumn(titles: readonly string[]): number {
  const score = (title: string) => {
    if (!DATE_TITLE.test(title)) return -Infinity;
    if (/valuta|value|started|wertstellung/.test(title)) return 0;
    return /contabil|registraz|booking|completed|operazione|buchung/.test(title) ? 2 : 1;
  };
  return bestOf(titles.map(score));
}

/** The index of the highest score, the first one on a tie; -1 when none is finite. */
function bestOf(scores: readonly number[]): number {
  let best = -1;
  scores.forEach((score, index) => {
    if (Number.isFinite(score) && (best < 0 || score > scores[best]!)) best = index;
  });
  return best;
}

/** The mean length of a column's text (cells that are neither days nor amounts), 0 for none. */
function meanText(rows: readonly (readonly unknown[])[], column: number): number {
  const texts = rows.map((row) => row[column]).filter((cell) => cellText(cell) !== '' && !isDayOrAmount(cell));
  return texts.length === 0 ? 0 : texts.reduce((sum: number, cell) => sum + cellText(cell).length, 0) / texts.length;
}

/**
 * The description: of the reason-like columns (TEXT_TITLE), the one whose
 * text is longest on average (an IBAN or a 'CAUSALE ABI' number is not
 * among them); without any, of every other column. -1 when no column
 * holds text.
 */
function descriptionColumn(titles: readonly string[], rows: readonly (readonly unknown[])[], taken: ReadonlySet<number>): number {
  const free = (title: string, index: number) => !taken.has(index) && !DATE_TITLE.test(title);
  const lengths = (only: RegExp | null) =>
    titles.map((title, index) => (free(title, index) && (!only || only.test(title)) ? meanText(rows, index) : 0));
  const reasonLike = lengths(TEXT_TITLE);
  const chosen = reasonLike.some((length) => length > 0) ? reasonLike : lengths(null);
  return bestOf(chosen.map((length) => (length > 0 ? length : -Infinity)));
}

/**
 * The columns offered by default for an export's header and the rows
 * under it: the booking day ({@link dateColumn}); a credits column beside
 * a debits one ('Accrediti'/'Addebiti', 'Entrate'/'Uscite', 'Avere'/'Dare',
 * 'Credito'/'Debito'), else a signed 'Importo'/'Amount' (not the original
 * amount, a fee or a balance); the ordering party by its title; as the
 * description, the column whose text is longest on average over the rows
 * with a day, which is the
 * one carrying the reason (not a 'CAUSALE ABI' number, nor 'Descrizione'
 * beside 'Descrizione estesa'); the other reason-like text columns joined
 * to it. Null when no day, amount or text column is found.
 */
export function guessStatementColumns(header: readonly string[], rows: readonly (readonly unknown[])[]): StatementColumns | null {
  const titles = header.map(normal);
  const find = (pattern: RegExp, except = /$^/) => titles.findIndex((title) => title && pattern.test(title) && !except.test(title));
  const date = dateColumn(titles);
  const credit = find(CREDIT_TITLE, DATE_TITLE);
  const signed = find(SIGNED_TITLE, NOT_THE_AMOUNT);
  const amount = credit >= 0 ? credit : signed;
  const debitAt = credit >= 0 ? find(DEBIT_TITLE, DATE_TITLE) : -1;
  const partyAt = find(PARTY_TITLE);
  const taken = new Set([date, amount, debitAt, partyAt]);
  // The movements' text, not the footers' ('Totale uscite', 'Saldo disponibile'): the rows with a day.
  const movements = rows.filter((row) => date >= 0 && readStatementDay(row[date]) !== null);
  const description = descriptionColumn(titles, movements.length > 0 ? movements : rows, taken);
  if (date < 0 || amount < 0 || description < 0) return null;
  const texts = titles.flatMap((title, index) =>
    index !== description && !taken.has(index) && TEXT_TITLE.test(title) && !DATE_TITLE.test(title) ? [index] : [],
  );
  return { date, amount, debit: debitAt < 0 ? null : debitAt, description, texts, orderingParty: partyAt < 0 ? null : partyAt };
}

/** The key a bank's header is remembered by: its titles as compared, in order ('data contabile|data valuta|…'). */
export function headerKey(header: readonly string[]): string {
  return header.map(normal).join('|');
}

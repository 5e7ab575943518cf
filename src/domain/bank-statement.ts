import { roundEuros, sumEuros, formatEuros } from './money';
import { findTransferReferences } from './transfer-reference';
import { cellText } from './roster';

/**
 * The bank statement ('Estratto conto', docs/admin.md): the credits of the
 * group's account as the bank exports them, and how each is matched to the
 * Bonifico orders waiting for the treasurer ('Da Verificare'). Pure.
 */

/** One credit of the statement, in euros. */
export interface StatementLine {
  /** The bank's own reference of the line (CAMT.053 AcctSvcrRef), '' when the export has none. */
  bankReference: string;
  /** The booking day, yyyy-mm-dd. */
  date: string;
  /** The amount credited, > 0. */
  amountEuros: number;
  /** The transfer's reason as the bank gives it. */
  description: string;
  /** Who sent it ('ordinante'), '' when unknown. */
  orderingParty: string;
}

/** What became of a line: the spec-like Italian words the treasurer reads. */
export const MATCH_KINDS = ['Corrisponde', 'Cumulativo', 'Probabile', 'Non abbinato', 'Già abbinato'] as const;
export type MatchKind = (typeof MATCH_KINDS)[number];

/** A Bonifico order a line may pay: its payment, family, product and total. */
export interface OpenTransfer {
  paymentId: string;
  familyId: string;
  familySurname: string;
  plan: string;
  totalEuros: number;
  /** Its reference code ('CE25-7K3Q'), null for an order made before codes were given. */
  reference: string | null;
}

/** A line's match: the orders it pays (none unless matched), the ones the treasurer may pick by hand, and what is wrong. */
export interface LineMatch {
  kind: MatchKind;
  payments: OpenTransfer[];
  candidates: OpenTransfer[];
  /** An Italian sentence when the line cannot be confirmed as it is ('Importo diverso: …'); null otherwise. */
  problem: string | null;
}

/** The key a line is remembered by: the bank's reference, else its day, amount and description. */
export function statementLineKey(line: StatementLine): string {
  if (line.bankReference.trim()) return `ref|${line.bankReference.trim()}`;
  return `line|${line.date}|${line.amountEuros.toFixed(2)}|${line.description.trim().replace(/\s+/g, ' ').toUpperCase()}`;
}

/** The codes a line names, in its description or its ordering party. */
export function lineReferences(line: StatementLine): string[] {
  return findTransferReferences(`${line.description} ${line.orderingParty}`);
}

/**
 * The surname keys (`payments.surname_key`: lower case, no spaces) a line
 * may name: each word of its ordering party and description, and each two
 * words joined ('DE ROSSI' → 'derossi'); at most 30, the ordering party's
 * first (Firestore's 'in' takes 30 values).
 */
export function surnameKeysIn(line: Pick<StatementLine, 'description' | 'orderingParty'>): string[] {
  const words = `${line.orderingParty} ${line.description}`
    .toLowerCase()
    .split(/[^\p{L}']+/u)
    .filter((word) => word.length >= 2);
  const pairs = words.slice(1).map((word, index) => `${words[index]}${word}`);
  return [...new Set([...words, ...pairs])].slice(0, 30);
}

/** Letters only, upper case, accents dropped: 'D'Amico' → 'DAMICO', for a surname search in free text. */
const letters = (text: string) =>
  text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toUpperCase()
    .replace(/[^A-Z]+/g, ' ');

/** True when the family's surname is a word of the line's description or ordering party. */
export function namesFamily(line: StatementLine, surname: string): boolean {
  const wanted = letters(surname).trim();
  if (!wanted) return false;
  return ` ${letters(`${line.description} ${line.orderingParty}`)} `.includes(` ${wanted} `);
}

const sameEuros = (a: number, b: number) => roundEuros(a) === roundEuros(b);

/** 'Importo diverso: l'ordine è di 30,00 €, il bonifico di 25,00 €.' */
const amountProblem = (expected: number, received: number) =>
  `Importo diverso: l'ordine è di ${formatEuros(expected)}, il bonifico di ${formatEuros(received)}.`;

/**
 * Matches one line (docs/admin.md, "Estratto conto"):
 * - it names one order's code and pays its total: 'Corrisponde';
 * - it names several codes of one family and pays their sum: 'Cumulativo';
 * - it names no code, and exactly one open order has its amount and a
 *   surname the line names: 'Probabile' (the treasurer confirms);
 * - anything else: 'Non abbinato', with the orders to pick by hand (those it
 *   names, or of its amount) and, when an amount differs, why.
 * `byReference` holds the open orders of the codes the statement names,
 * `byAmount` those of each amount: what the server read for the statement.
 */
export function matchStatementLine(
  line: StatementLine,
  byReference: ReadonlyMap<string, OpenTransfer>,
  byAmount: (euros: number) => readonly OpenTransfer[],
): LineMatch {
  const named = lineReferences(line).flatMap((code) => {
    const order = byReference.get(code);
    return order ? [order] : [];
  });
  if (named.length > 0) {
    const total = sumEuros(named.map((order) => order.totalEuros));
    const oneFamily = new Set(named.map((order) => order.familyId)).size === 1;
    if (sameEuros(total, line.amountEuros) && oneFamily) {
      return { kind: named.length === 1 ? 'Corrisponde' : 'Cumulativo', payments: named, candidates: [], problem: null };
    }
    const problem = oneFamily ? amountProblem(total, line.amountEuros) : 'Il bonifico nomina ordini di famiglie diverse.';
    return { kind: 'Non abbinato', payments: [], candidates: named, problem };
  }
  const sameAmount = byAmount(line.amountEuros);
  const ofFamily = sameAmount.filter((order) => namesFamily(line, order.familySurname));
  if (ofFamily.length === 1) return { kind: 'Probabile', payments: ofFamily, candidates: [], problem: null };
  return { kind: 'Non abbinato', payments: [], candidates: ofFamily.length > 1 ? ofFamily : sameAmount.slice(0, 5), problem: null };
}

/**
 * True when `orders` may be confirmed for `line`: one family, and their
 * totals add up to the amount credited. An amount that differs is never
 * accepted: the treasurer confirms such a transfer by hand in 'Pagamenti'.
 */
export function paysExactly(
  line: Pick<StatementLine, 'amountEuros'>,
  orders: ReadonlyArray<Pick<OpenTransfer, 'familyId' | 'totalEuros'>>,
): boolean {
  return (
    orders.length > 0 &&
    new Set(orders.map((order) => order.familyId)).size === 1 &&
    sameEuros(sumEuros(orders.map((order) => order.totalEuros)), line.amountEuros)
  );
}

/** Which column of a CSV or spreadsheet export holds each field (0-based); the treasurer maps them once. */
export interface StatementColumns {
  date: number;
  /** The credited amount: a column of credits ('Avere'), or of signed amounts whose negatives are debits. */
  amount: number;
  description: number;
  /** Who sent it; null when the export has no such column. */
  orderingParty: number | null;
}

/** An amount as Italian banks export it ('1.234,56', '100,00', '-45,00', '1234.56') or a spreadsheet's number; null when empty or not one. */
export function readStatementAmount(cell: unknown): number | null {
  if (typeof cell === 'number') return Number.isFinite(cell) ? roundEuros(cell) : null;
  const text = cellText(cell).replace(/[€\s]/g, '').trim();
  if (!text) return null;
  // A comma as decimal separator (Italian): the dots are thousands.
  const normalised = text.includes(',') ? text.replace(/\./g, '').replace(',', '.') : text;
  if (!/^[+-]?\d+(\.\d{1,2})?$/.test(normalised)) return null;
  return roundEuros(Number(normalised));
}

/** A day as exports write it ('dd/mm/yyyy', 'yyyy-mm-dd', a spreadsheet's date) as yyyy-mm-dd; null when it is not one. */
export function readStatementDay(cell: unknown): string | null {
  if (cell instanceof Date && !Number.isNaN(cell.getTime())) return cell.toISOString().slice(0, 10);
  const text = cellText(cell).trim();
  const italian = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/.exec(text);
  const day = italian ? `${italian[3]}-${italian[2]!.padStart(2, '0')}-${italian[1]!.padStart(2, '0')}` : text;
  return isCalendarDay(day) ? day : null;
}

/** True when `day` is yyyy-mm-dd and that day exists (the 30th of February does not). */
function isCalendarDay(day: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) return false;
  const date = new Date(`${day}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === day;
}

/**
 * The credits of an export's rows (the header left out) read through
 * `columns`: a row with no amount, or a negative one (a debit), is skipped;
 * a row whose amount or day cannot be read is listed in `problems` (its
 * number as the spreadsheet shows it, `firstRow` being the first row's) and
 * nothing of it is kept, so the treasurer sees it before anything is matched.
 */
export function statementLinesFromTable(
  rows: readonly unknown[][],
  columns: StatementColumns,
  firstRow: number,
): { lines: StatementLine[]; problems: Array<{ row: number; message: string }> } {
  const lines: StatementLine[] = [];
  const problems: Array<{ row: number; message: string }> = [];
  rows.forEach((row, index) => {
    const rawAmount = row[columns.amount];
    if (cellText(rawAmount) === '') return;
    const amount = readStatementAmount(rawAmount);
    const day = readStatementDay(row[columns.date]);
    if (amount === null) return void problems.push({ row: firstRow + index, message: `Importo non leggibile: «${cellText(rawAmount)}».` });
    if (amount <= 0) return;
    if (day === null)
      return void problems.push({ row: firstRow + index, message: `Data non leggibile: «${cellText(row[columns.date])}».` });
    lines.push({
      bankReference: '',
      date: day,
      amountEuros: amount,
      description: cellText(row[columns.description]),
      orderingParty: columns.orderingParty === null ? '' : cellText(row[columns.orderingParty]),
    });
  });
  return { lines, problems };
}

import { roundEuros, sumEuros, formatEuros, eurosToCents } from '../money';
import { findTransferReferences } from '../payments/transfer-reference';

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

/**
 * A line's match: the orders it pays (none unless matched), the ones the
 * treasurer may pick by hand, and what is wrong. `probable` marks a match
 * found without a code (never ticked for the treasurer), `reason` says why
 * it was proposed ('Nessun codice: …'); false and null for a match by code.
 */
export interface LineMatch {
  kind: MatchKind;
  payments: OpenTransfer[];
  candidates: OpenTransfer[];
  /** An Italian sentence when the line cannot be confirmed as it is ('Importo diverso: …'); null otherwise. */
  problem: string | null;
  probable: boolean;
  reason: string | null;
}

/**
 * A family a line without a code may name, as the server read it: the
 * surnames it goes by (the family's and its children's on its orders) and
 * its open Bonifico orders.
 */
export interface NamedFamily {
  familyId: string;
  surname: string;
  surnames: readonly string[];
  open: readonly OpenTransfer[];
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

/** The most open orders of one family a combined transfer is searched among (2^12 sums: instant). */
export const COMBINED_MAX_ORDERS = 12;

/** '«Campo Estivo - Acconto» (100,00 €) e «Campo Estivo - Acconto» (150,00 €)' */
const listOrders = (orders: readonly OpenTransfer[]) => {
  const named = orders.map((order) => `«${order.plan}» (${formatEuros(order.totalEuros)})`);
  return `${named.slice(0, -1).join(', ')} e ${named.at(-1)}`;
};

/** Every set of two or more of `orders` whose totals add up to `cents` exactly. */
function sumsTo(orders: readonly OpenTransfer[], cents: number): OpenTransfer[][] {
  const found: OpenTransfer[][] = [];
  const pool = orders.slice(0, COMBINED_MAX_ORDERS);
  for (let mask = 1; mask < 1 << pool.length; mask++) {
    const chosen = pool.filter((_, index) => (mask >> index) & 1);
    if (chosen.length < 2) continue;
    if (chosen.reduce((total, order) => total + eurosToCents(order.totalEuros), 0) === cents) found.push(chosen);
  }
  return found;
}

/**
 * A credit without a code that pays several orders of one family
 * (docs/admin.md, "Estratto conto"): the line names the family (one of its
 * surnames, {@link namesFamily}) and its amount equals the sum of two or
 * more of that family's open orders, one way only. Answers 'Cumulativo'
 * marked probable with why, for the treasurer to tick; when several sets
 * of orders (of one family or more) add up to it, 'Non abbinato' with
 * those orders and why; null when no family named has such a sum.
 */
export function combinedMatch(line: StatementLine, families: readonly NamedFamily[]): LineMatch | null {
  const cents = eurosToCents(line.amountEuros);
  const named = families.filter((family) => family.surnames.some((surname) => namesFamily(line, surname)));
  const found = named.flatMap((family) => sumsTo(family.open, cents).map((orders) => ({ family, orders })));
  if (found.length === 0) return null;
  if (found.length === 1) {
    const [{ family, orders }] = found as [(typeof found)[number]];
    const reason = `Nessun codice: importo uguale alla somma di ${listOrders(orders)} per la famiglia ${family.surname}.`;
    return { kind: 'Cumulativo', payments: orders, candidates: [], problem: null, probable: true, reason };
  }
  const candidates = [...new Map(found.flatMap(({ orders }) => orders).map((order) => [order.paymentId, order])).values()];
  const surnames = [...new Set(found.map(({ family }) => family.surname))].join(', ');
  const problem = `Nessun codice: più combinazioni di ordini (famiglia ${surnames}) danno questo importo; conferma a mano da «Pagamenti».`;
  return { kind: 'Non abbinato', payments: [], candidates, problem, probable: false, reason: null };
}

/** 'Importo diverso: l'ordine è di 30,00 €, il bonifico di 25,00 €.' */
const amountProblem = (expected: number, received: number) =>
  `Importo diverso: l'ordine è di ${formatEuros(expected)}, il bonifico di ${formatEuros(received)}.`;

/**
 * Matches one line (docs/admin.md, "Estratto conto"):
 * - it names one order's code and pays its total: 'Corrisponde';
 * - it names several codes of one family and pays their sum: 'Cumulativo';
 * - it names no code, and exactly one open order has its amount and a
 *   surname the line names: 'Probabile' (the treasurer confirms);
 * - it names no code, no order of its amount is of a family it names, and
 *   it pays the sum of two or more orders of one family it names:
 *   'Cumulativo' marked probable, with why ({@link combinedMatch});
 * - anything else: 'Non abbinato', with the orders to pick by hand (those it
 *   names, or of its amount) and, when an amount differs, why.
 * `byReference` holds the open orders of the codes the statement names,
 * `byAmount` those of each amount, `families` the open orders of the
 * families a line may name: what the server read for the statement.
 */
export function matchStatementLine(
  line: StatementLine,
  byReference: ReadonlyMap<string, OpenTransfer>,
  byAmount: (euros: number) => readonly OpenTransfer[],
  families: readonly NamedFamily[] = [],
): LineMatch {
  const named = lineReferences(line).flatMap((code) => {
    const order = byReference.get(code);
    return order ? [order] : [];
  });
  if (named.length > 0) {
    const total = sumEuros(named.map((order) => order.totalEuros));
    const oneFamily = new Set(named.map((order) => order.familyId)).size === 1;
    if (sameEuros(total, line.amountEuros) && oneFamily) {
      const kind = named.length === 1 ? 'Corrisponde' : 'Cumulativo';
      return { kind, payments: named, candidates: [], problem: null, probable: false, reason: null };
    }
    const problem = oneFamily ? amountProblem(total, line.amountEuros) : 'Il bonifico nomina ordini di famiglie diverse.';
    return { kind: 'Non abbinato', payments: [], candidates: named, problem, probable: false, reason: null };
  }
  const sameAmount = byAmount(line.amountEuros);
  const ofFamily = sameAmount.filter((order) => namesFamily(line, order.familySurname));
  if (ofFamily.length === 1) {
    const reason = `Nessun codice: l'unico ordine di ${formatEuros(line.amountEuros)} della famiglia ${ofFamily[0]!.familySurname}.`;
    return { kind: 'Probabile', payments: ofFamily, candidates: [], problem: null, probable: true, reason };
  }
  const combined = ofFamily.length === 0 ? combinedMatch(line, families) : null;
  if (combined) return combined;
  const candidates = ofFamily.length > 1 ? ofFamily : sameAmount.slice(0, 5);
  return { kind: 'Non abbinato', payments: [], candidates, problem: null, probable: false, reason: null };
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

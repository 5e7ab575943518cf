import { SEED_PRODUCTS } from '../catalogue/seed';
import { standingCreditNotes } from '../receipts/credit-note';
import type { PaymentCreditNote } from '../receipts/credit-note-schema';
import type { PaymentDocument } from '../payments/payment-schema';
import type { PaymentReceipt } from '../receipts/receipt-schema';
import { italianDay } from '../italian-time';
import { roundEuros, sumEuros } from '../money';
import { MODELLO_D_LINES, type ModelloDLineCode, type ModelloDSection } from './modello-d';
import { PAYMENT_STATUS } from '../payments/payment-status';
import { receiptMethod } from '../receipts/receipt';
import { inScoutYear, type ScoutYear } from './scout-year';
import type { TotalsRows } from '../season/season-totals';
import { SOLIDARITY_CONTRIBUTION_LABEL } from '../payments/solidarity-contribution';

/**
 * The year's accounts (docs/admin.md, "Rendiconto"): the ledger ('Prima
 * nota') of every receipt and credit note dated in a scout year, the
 * income by the Modello D lines (each product mapped once by the
 * treasurer), and the tie-out with 'Pagamenti' and the bank statement.
 * Cash basis: a receipt counts when the money was credited
 * (`receipt.credited_at`), a credit note when it was issued; a refund that
 * failed puts its euros back on the day it failed. Pure.
 */

/** The card service fee as a ledger's product: its own row, so products tie to 'Pagamenti' (which counts without it). */
export const SERVICE_FEE_PRODUCT = 'Commissioni servizio (pagamento con carta)';

/**
 * The 'Contributo al fondo di solidarietà' as a ledger's product: its own
 * row, apart from the product it was paid with ('Pagamenti' counts it apart
 * too, src/domain/season/season-totals.ts).
 */
export const SOLIDARITY_CONTRIBUTION_PRODUCT = SOLIDARITY_CONTRIBUTION_LABEL;

/** The line a product falls on when the treasurer has not mapped it. */
export const FALLBACK_LINE: ModelloDLineCode = 'A3';

/**
 * The seeded products' lines: the camp and the group's clothes are
 * services and goods the group gives its members ('prestazioni e cessioni
 * ad associati', A3), the card fee a recovery of a cost ('Altre entrate', A10),
 * the solidarity contribution a gift asking nothing back ('Erogazioni liberali', A4).
 */
export const DEFAULT_ACCOUNT_LINES: Readonly<Record<string, ModelloDLineCode>> = {
  ...Object.fromEntries(SEED_PRODUCTS.map((product): [string, ModelloDLineCode] => [product.plan, 'A3'])),
  [SERVICE_FEE_PRODUCT]: 'A10',
  [SOLIDARITY_CONTRIBUTION_PRODUCT]: 'A4',
};

/** The line of `product`: the treasurer's mapping, else the default, else {@link FALLBACK_LINE}. */
export function accountLineOf(product: string, mapping: Readonly<Record<string, ModelloDLineCode>>): ModelloDLineCode {
  return mapping[product] ?? DEFAULT_ACCOUNT_LINES[product] ?? FALLBACK_LINE;
}

/** One row of the ledger, in euros. */
export interface LedgerEntry {
  /** When the money moved. */
  date: Date;
  /** 'Ricevuta n. {year}/42', 'Nota di credito n. {year}/3 (Rimborso con carta)'. */
  document: string;
  family: string;
  /** The payment's product, {@link SERVICE_FEE_PRODUCT} or {@link SOLIDARITY_CONTRIBUTION_PRODUCT}. */
  product: string;
  /** 'Carta', 'Bonifico', 'Contanti'. */
  method: string;
  inEuros: number;
  outEuros: number;
  line: ModelloDLineCode;
  /** The bank statement line that confirmed the payment ('02/06 · CE25RM2A01'), '' when none. */
  bank: string;
  paymentId: string;
  /** The payment's camp year. */
  season: number;
}

/** A bank statement line remembered by 'Estratto conto' (`statement_lines`): its day, amount, reference and orders. */
export interface MatchedBankLine {
  date: string;
  amountEuros: number;
  bankReference: string;
  paymentIds: readonly string[];
}

type Movement = Omit<LedgerEntry, 'line' | 'bank' | 'paymentId' | 'season' | 'family' | 'method'>;

/** A receipt's rows: its items under the product, its solidarity contribution and its card fee apart. */
function receiptRows(payment: PaymentDocument, receipt: PaymentReceipt): Movement[] {
  const items = sumEuros(payment.lines.map((line) => line.price));
  const document = `Ricevuta n. ${receipt.number}`;
  const rows: Movement[] = [{ date: receipt.credited_at, document, product: payment.plan, inEuros: items, outEuros: 0 }];
  if (payment.solidarity_contribution > 0) {
    rows.push({
      date: receipt.credited_at,
      document,
      product: SOLIDARITY_CONTRIBUTION_PRODUCT,
      inEuros: payment.solidarity_contribution,
      outEuros: 0,
    });
  }
  if (receipt.service_fee > 0) {
    rows.push({ date: receipt.credited_at, document, product: SERVICE_FEE_PRODUCT, inEuros: receipt.service_fee, outEuros: 0 });
  }
  return rows;
}

/** A credit note's rows: what it gives back of the items, of the contribution and of the fee; a cancelled one puts them back the day its refund failed. */
function creditNoteRows(payment: PaymentDocument, note: PaymentCreditNote): Movement[] {
  const document = `Nota di credito n. ${note.number} (${note.description})`;
  const parts = [
    { product: payment.plan, euros: roundEuros(note.amount - note.service_fee - note.solidarity_contribution) },
    { product: SOLIDARITY_CONTRIBUTION_PRODUCT, euros: note.solidarity_contribution },
    { product: SERVICE_FEE_PRODUCT, euros: note.service_fee },
  ].filter((part) => part.euros > 0);
  const out = parts.map((part) => ({ date: note.issued_at, document, product: part.product, inEuros: 0, outEuros: part.euros }));
  if (!note.cancelled) return out;
  const back = `Nota di credito n. ${note.number} ANNULLATA (${note.cancelled.reason})`;
  return [
    ...out,
    ...parts.map((part) => ({ date: note.cancelled!.at, document: back, product: part.product, inEuros: part.euros, outEuros: 0 })),
  ];
}

/** Every movement of one payment, whatever its date: its receipts (the annulled ones too) and its credit notes. */
export function paymentMovements(payment: PaymentDocument): Movement[] {
  const receipts = [...payment.earlier_receipts, ...(payment.receipt ? [payment.receipt] : [])];
  return [
    ...receipts.flatMap((receipt) => receiptRows(payment, receipt)),
    ...payment.credit_notes.flatMap((note) => creditNoteRows(payment, note)),
  ];
}

/** The number of the receipt a statement line confirmed: the first credited on or after its day (an earlier one was undone), else the last. */
function bankReceipt(payment: PaymentDocument, line: MatchedBankLine): string | null {
  const receipts = [...payment.earlier_receipts, ...(payment.receipt ? [payment.receipt] : [])];
  return (receipts.find((receipt) => italianDay(receipt.credited_at) >= line.date) ?? receipts.at(-1))?.number ?? null;
}

/** '02/06/{year} · CE25RM2A01': the statement line as the ledger names it. */
const bankText = (line: MatchedBankLine) => [line.date.split('-').reverse().join('/'), line.bankReference].filter(Boolean).join(' · ');

/**
 * The ledger of `year`: every movement of `payments` dated in it, oldest
 * first (then by document), each on its product's line (`mapping`), a
 * receipt of a Bonifico with the statement line that confirmed it.
 */
export function ledgerOf(
  year: Pick<ScoutYear, 'from' | 'until'>,
  payments: readonly PaymentDocument[],
  mapping: Readonly<Record<string, ModelloDLineCode>>,
  bankLines: readonly MatchedBankLine[] = [],
): LedgerEntry[] {
  const bankOf = new Map(bankLines.flatMap((line) => line.paymentIds.map((id) => [id, line] as const)));
  const rows = payments.flatMap((payment) => {
    const bank = bankOf.get(payment.id);
    const receipt = bank ? bankReceipt(payment, bank) : null;
    return paymentMovements(payment)
      .filter((movement) => inScoutYear(movement.date, year))
      .map((movement): LedgerEntry => ({
        ...movement,
        family: payment.family_surname,
        method: receiptMethod(payment.method),
        line: accountLineOf(movement.product, mapping),
        bank: bank && movement.document === `Ricevuta n. ${receipt}` ? bankText(bank) : '',
        paymentId: payment.id,
        season: payment.season,
      }));
  });
  return rows.sort((a, b) => a.date.getTime() - b.date.getTime() || a.document.localeCompare(b.document, 'it'));
}

/** One Modello D line of the year: the euros in, out (credit notes) and net. */
export interface IncomeLine {
  code: ModelloDLineCode;
  section: ModelloDSection;
  label: string;
  inEuros: number;
  outEuros: number;
  netEuros: number;
}

/** The year's income by every Modello D line (zero lines included, in the decree's order). */
export function incomeByLine(ledger: readonly LedgerEntry[]): IncomeLine[] {
  return MODELLO_D_LINES.map((line) => {
    const rows = ledger.filter((entry) => entry.line === line.code);
    const inEuros = sumEuros(rows.map((entry) => entry.inEuros));
    const outEuros = sumEuros(rows.map((entry) => entry.outEuros));
    return { code: line.code, section: line.section, label: line.label, inEuros, outEuros, netEuros: roundEuros(inEuros - outEuros) };
  });
}

/** Sums of ledger rows: in, out, net. */
export function ledgerTotals(rows: readonly LedgerEntry[]): { inEuros: number; outEuros: number; netEuros: number } {
  const inEuros = sumEuros(rows.map((entry) => entry.inEuros));
  const outEuros = sumEuros(rows.map((entry) => entry.outEuros));
  return { inEuros, outEuros, netEuros: roundEuros(inEuros - outEuros) };
}

const net = (rows: readonly Movement[]) => roundEuros(sumEuros(rows.map((row) => row.inEuros)) - sumEuros(rows.map((row) => row.outEuros)));
const itemsOnly = <T extends Pick<Movement, 'product'>>(rows: readonly T[]) => rows.filter((row) => row.product !== SERVICE_FEE_PRODUCT);

/**
 * How the year's ledger ties to 'Pagamenti' and to the bank (docs/admin.md,
 * "Rendiconto", "Quadratura"), card fees left out as 'Pagamenti' leaves them:
 * ledger net = Confermato + Contestato of the camp year (season totals)
 * + the solidarity contributions of those payments (counted apart there)
 * − partial refunds still standing on those payments + movements of other
 * seasons' payments dated in the year − movements of the camp year's
 * payments dated outside it. `ties` when both sides agree to the cent; and
 * the statement lines matched in the year equal the totals of the orders
 * they confirmed.
 */
export interface TieOut {
  ledgerNetEuros: number;
  paymentsConfirmedEuros: number;
  /** The 'Contributo al fondo di solidarietà' of the Confermato and Contestato payments, from the season totals' `contributions`. */
  contributionsConfirmedEuros: number;
  partialRefundsEuros: number;
  otherSeasonsEuros: number;
  outsideYearEuros: number;
  differenceEuros: number;
  ties: boolean;
  bankLinesEuros: number;
  bankOrdersEuros: number;
  bankTies: boolean;
  feesNetEuros: number;
}

/**
 * The tie-out of `year` ({@link TieOut}): `ledger` the year's rows,
 * `seasonPayments` every payment of the camp year (whatever its
 * documents' dates), `totals` that camp year's `season_totals` (its
 * `rows`), `bankLines` the statement lines of the year with `bankOrders` the
 * payments they confirmed, `contributions` the season totals' contributions.
 */
export function tieOut(
  year: ScoutYear,
  ledger: readonly LedgerEntry[],
  seasonPayments: readonly PaymentDocument[],
  totals: TotalsRows,
  bankLines: readonly MatchedBankLine[],
  bankOrders: ReadonlyMap<string, Pick<PaymentDocument, 'total_amount'>>,
  contributions: TotalsRows = {},
): TieOut {
  const items = itemsOnly(ledger);
  const ledgerNetEuros = net(items);
  const held: string[] = [PAYMENT_STATUS.confirmed, PAYMENT_STATUS.disputed];
  const heldEuros = (rows: TotalsRows) =>
    sumEuros(Object.entries(rows).flatMap(([key, cell]) => (held.includes(key.split('|')[2] ?? '') ? [cell.total] : [])));
  const paymentsConfirmedEuros = heldEuros(totals);
  const contributionsConfirmedEuros = heldEuros(contributions);
  const partialRefundsEuros = sumEuros(
    seasonPayments
      .filter((payment) => held.includes(payment.status) && payment.receipt)
      .flatMap((payment) =>
        standingCreditNotes(payment, payment.receipt!.number).map((note) => roundEuros(note.amount - note.service_fee)),
      ),
  );
  const otherSeasonsEuros = net(items.filter((entry) => entry.season !== year.campYear));
  const outsideYearEuros = net(
    seasonPayments.flatMap((payment) => itemsOnly(paymentMovements(payment)).filter((movement) => !inScoutYear(movement.date, year))),
  );
  const expected = roundEuros(
    paymentsConfirmedEuros + contributionsConfirmedEuros - partialRefundsEuros + otherSeasonsEuros - outsideYearEuros,
  );
  const bankLinesEuros = sumEuros(bankLines.map((line) => line.amountEuros));
  const bankOrdersEuros = sumEuros(bankLines.flatMap((line) => line.paymentIds.map((id) => bankOrders.get(id)?.total_amount ?? 0)));
  return {
    ledgerNetEuros,
    paymentsConfirmedEuros,
    contributionsConfirmedEuros,
    partialRefundsEuros,
    otherSeasonsEuros,
    outsideYearEuros,
    differenceEuros: roundEuros(ledgerNetEuros - expected),
    ties: ledgerNetEuros === expected,
    bankLinesEuros,
    bankOrdersEuros,
    bankTies: bankLinesEuros === bankOrdersEuros,
    feesNetEuros: net(ledger.filter((entry) => entry.product === SERVICE_FEE_PRODUCT)),
  };
}

/** The statement lines of `year`: booked on one of its days (yyyy-mm-dd compared as text). */
export function bankLinesOfYear<T extends Pick<MatchedBankLine, 'date'>>(
  year: Pick<ScoutYear, 'firstDay' | 'lastDay'>,
  lines: readonly T[],
): T[] {
  return lines.filter((line) => line.date >= year.firstDay && line.date <= year.lastDay);
}

/** The day a ledger row is dated, in Italy (yyyy-mm-dd): how the exports write it. */
export function ledgerDay(entry: Pick<LedgerEntry, 'date'>): string {
  return italianDay(entry.date);
}

import { FieldValue, type Firestore } from 'firebase-admin/firestore';
import type { AccountsProductLine, AccountsReport } from '@contracts/admin-accounts';
import {
  DEFAULT_ACCOUNT_LINES,
  SERVICE_FEE_PRODUCT,
  SOLIDARITY_CONTRIBUTION_PRODUCT,
  accountLineOf,
  bankLinesOfYear,
  incomeByLine,
  ledgerDay,
  ledgerOf,
  ledgerTotals,
  tieOut,
  type MatchedBankLine,
} from '@domain/accounts/accounts';
import { AUDIT_ACTION } from '@domain/audit-log';
import { COLLECTION } from '@domain/collections';
import { accountLinesDocument } from '@domain/accounts/account-lines-schema';
import { paymentDocument, type PaymentDocument } from '@domain/payments/payment-schema';
import { seasonTotalsDocument } from '@domain/season/season-totals-schema';
import { statementLineDocument } from '@domain/statement/statement-line-schema';
import type { ModelloDLineCode } from '@domain/accounts/modello-d';
import { scoutYear } from '@domain/accounts/scout-year';
import { recordAudit, type AuditActor } from '../platform/audit-log';
import { readAllSnapshots, readSnapshot } from '../platform/snapshots';
import { runTransaction } from '../platform/firestore';

/**
 * The year's accounts on the server (docs/admin.md, "Rendiconto";
 * adminAccountsContract): what 'Rendiconto' reads, and the treasurer's
 * product → Modello D line mapping, changed in one audited transaction.
 */

const mappingRef = (db: Firestore) => db.collection(COLLECTION.accountLines).doc('group');

/** The treasurer's mapping (empty before any change). */
async function readMapping(db: Firestore): Promise<Record<string, ModelloDLineCode>> {
  return readSnapshot(accountLinesDocument, await mappingRef(db).get())?.lines ?? {};
}

/** Every product of `names` (and the seeded ones, the card fee and the solidarity contribution) with its line, sorted as Italians sort. */
function productLines(names: Iterable<string>, mapping: Readonly<Record<string, ModelloDLineCode>>): AccountsProductLine[] {
  const all = new Set([
    ...names,
    ...Object.keys(DEFAULT_ACCOUNT_LINES),
    ...Object.keys(mapping),
    SERVICE_FEE_PRODUCT,
    SOLIDARITY_CONTRIBUTION_PRODUCT,
  ]);
  return [...all]
    .sort((a, b) => a.localeCompare(b, 'it'))
    .map((product) => ({ product, line: accountLineOf(product, mapping), mapped: product in mapping }));
}

/** How many documents the report read, for the benchmark. */
export interface AccountsReads {
  payments: number;
  statementLines: number;
}

/**
 * The accounts of the scout year starting in `startYear`: the payments of
 * the camp years whose documents may fall in it (the year's camp, the one
 * before, the one after: one `season in` query), the mapping, the camp
 * year's season totals and the statement lines of its days. Reads grow with
 * three seasons of payments, never with the roster.
 */
export async function readAccounts(db: Firestore, startYear: number): Promise<{ report: AccountsReport; reads: AccountsReads }> {
  const year = scoutYear(startYear);
  const [paymentsSnapshot, mapping, totalsSnapshot, linesSnapshot] = await Promise.all([
    db
      .collection(COLLECTION.payments)
      .where('season', 'in', [year.campYear - 1, year.campYear, year.campYear + 1])
      .get(),
    readMapping(db),
    db.collection(COLLECTION.seasonTotals).doc(String(year.campYear)).get(),
    db.collection(COLLECTION.statementLines).where('date', '>=', year.firstDay).where('date', '<=', year.lastDay).get(),
  ]);
  const payments = readAllSnapshots(paymentDocument, paymentsSnapshot.docs);
  const bankLines: MatchedBankLine[] = bankLinesOfYear(
    year,
    readAllSnapshots(statementLineDocument, linesSnapshot.docs).map((line) => ({
      date: line.date,
      amountEuros: line.amountEuros,
      bankReference: line.bankReference,
      paymentIds: line.payment_ids,
    })),
  );
  const byId = new Map<string, PaymentDocument>(payments.map((payment) => [payment.id, payment]));
  const missing = [...new Set(bankLines.flatMap((line) => line.paymentIds))].filter((id) => !byId.has(id));
  if (missing.length > 0) {
    const found = await db.getAll(...missing.map((id) => db.collection(COLLECTION.payments).doc(id)));
    for (const payment of readAllSnapshots(paymentDocument, found)) byId.set(payment.id, payment);
  }
  const ledger = ledgerOf(year, payments, mapping, bankLines);
  const kept = readSnapshot(seasonTotalsDocument, totalsSnapshot);
  const seasonPayments = payments.filter((payment) => payment.season === year.campYear);
  const report: AccountsReport = {
    year: { startYear, label: year.label, firstDay: year.firstDay, lastDay: year.lastDay, campYear: year.campYear },
    ledger: ledger.map(({ date, paymentId: _id, season: _season, ...row }) => ({ day: ledgerDay({ date }), ...row })),
    income: incomeByLine(ledger),
    totals: ledgerTotals(ledger),
    tieOut: tieOut(year, ledger, seasonPayments, kept?.rows ?? {}, bankLines, byId, kept?.contributions ?? {}),
    products: productLines(
      ledger.map((row) => row.product),
      mapping,
    ),
  };
  return { report, reads: { payments: paymentsSnapshot.size + missing.length, statementLines: linesSnapshot.size } };
}

/**
 * Sets the line of each product of `lines` ('Voci'), the others keeping
 * theirs, with one audit entry naming each change ('Felpa Reparto: A3 → B1'),
 * in one transaction; a request that changes nothing writes nothing.
 * Answers every product's line as it now is.
 */
export async function setAccountLines(
  db: Firestore,
  lines: Readonly<Record<string, ModelloDLineCode>>,
  actor: AuditActor,
): Promise<AccountsProductLine[]> {
  const after = await runTransaction(db, async (transaction) => {
    const before = readSnapshot(accountLinesDocument, await transaction.get(mappingRef(db)))?.lines ?? {};
    const changed = Object.entries(lines).filter(([product, code]) => before[product] !== code);
    const next = { ...before, ...Object.fromEntries(changed) };
    if (changed.length === 0) return next;
    transaction.set(mappingRef(db), { lines: next, updated_at: FieldValue.serverTimestamp(), updated_by: actor.email });
    recordAudit(db, transaction, {
      actor,
      action: AUDIT_ACTION.accountsMapping,
      target: { collection: COLLECTION.accountLines, id: 'group' },
      summary: `Voci del rendiconto: ${changed
        .map(([product, code]) => `${product}: ${accountLineOf(product, before)} → ${code}`)
        .join('; ')}`,
      before: Object.fromEntries(changed.map(([product]) => [product, accountLineOf(product, before)])),
      after: Object.fromEntries(changed),
    });
    return next;
  });
  return productLines([], after);
}

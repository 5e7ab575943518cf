import { createHash } from 'node:crypto';
import { Timestamp, type Firestore } from 'firebase-admin/firestore';
import { adminStatementContract, type MatchedLine } from '@contracts/admin-statement';
import {
  lineReferences,
  matchStatementLine,
  namesFamily,
  paysExactly,
  statementLineKey,
  surnameKeysIn,
  type NamedFamily,
  type OpenTransfer,
  type StatementLine,
} from '@domain/statement/bank-statement';
import { COLLECTION } from '@domain/collections';
import { paymentDocument } from '@domain/payments/payment-schema';
import { italianDayText } from '@domain/italian-time';
import { roundEuros } from '@domain/money';
import { PAYMENT_STATUS } from '@domain/payments/payment-status';
import type { AuditActor } from '../platform/audit-log';
import { readSnapshot } from '../platform/snapshots';
import { runTransaction } from '../platform/firestore';
import { HttpError } from '../platform/http';
import type { MailContext } from '../platform/mail/layout';
import { familyAddresses } from '../platform/mail/outbox';
import { openTransfersByReference, openTransfersOfAmount, openTransfersOfFamilies } from './open-transfers';
import { lazyNumbers, readTransferChange, type TransferChange } from '../payments/transfer-confirmation';

/**
 * The bank statement on the server (docs/admin.md, "Estratto conto";
 * adminStatementContract): each line matched to the season's open
 * transfers, and a line's orders confirmed whole or not at all.
 */

const MESSAGES = adminStatementContract.messages;

/** The document id a line is remembered by in `statement_lines` (statementLineKey, hashed). */
export function statementLineId(line: StatementLine): string {
  return createHash('sha256').update(statementLineKey(line)).digest('hex').slice(0, 40);
}

/** How many lines without a code are looked up at once: their queries overlap, and a long statement stays a few dozen queries in flight. */
const LOOKUPS_AT_ONCE = 20;

/**
 * Matches every line (matchStatementLine) after one read of what was
 * matched before (`statement_lines`), of the codes the statement names and
 * of the open orders of each amount without a code: reads grow with the
 * statement, not with the season's orders. Returns the lines and the reads made.
 */
export async function matchStatement(
  db: Firestore,
  season: number,
  lines: readonly StatementLine[],
): Promise<{ lines: MatchedLine[]; reads: number }> {
  const ids = lines.map(statementLineId);
  const done = await db.getAll(...ids.map((id) => db.collection(COLLECTION.statementLines).doc(id)));
  const codes = [...new Set(lines.flatMap(lineReferences))];
  const byReference = await openTransfersByReference(db, season, codes);
  // A line without a code: the open orders of its amount of the families it may name, and a few of any family;
  // when none of those is of a family it names, every open order of those families (a combined transfer).
  // A few lines at once, so the round trips overlap.
  const candidates = new Map<number, OpenTransfer[]>();
  const families = new Map<number, NamedFamily[]>();
  let candidateReads = 0;
  const withoutCode = [...lines.entries()].filter(([index, line]) => !done[index]?.exists && lineReferences(line).length === 0);
  for (let start = 0; start < withoutCode.length; start += LOOKUPS_AT_ONCE) {
    await Promise.all(
      withoutCode.slice(start, start + LOOKUPS_AT_ONCE).map(async ([index, line]) => {
        const keys = surnameKeysIn(line);
        const found = await openTransfersOfAmount(db, season, roundEuros(line.amountEuros), keys);
        candidates.set(index, found);
        candidateReads += Math.max(1, found.length);
        if (found.some((order) => namesFamily(line, order.familySurname))) return;
        const named = await openTransfersOfFamilies(db, season, keys);
        families.set(index, named);
        candidateReads += Math.max(
          1,
          named.reduce((count, family) => count + family.open.length, 0),
        );
      }),
    );
  }
  const matched = lines.map((line, index): MatchedLine => {
    if (done[index]?.exists) {
      return { lineId: ids[index]!, kind: 'Già abbinato', payments: [], candidates: [], problem: null, probable: false, reason: null };
    }
    return { lineId: ids[index]!, ...matchStatementLine(line, byReference, () => candidates.get(index) ?? [], families.get(index)) };
  });
  return { lines: matched, reads: ids.length + codes.length * 2 + candidateReads };
}

/**
 * Confirms the orders a line pays, whole or not at all, in ONE transaction:
 * the line is read with every order it names and each is checked first (it
 * exists, is a Bonifico of the season, 'Da Verificare' or already
 * 'Confermato'; the line pays them exactly, paysExactly); then each is
 * confirmed as by hand (readTransferChange: its receipt, e-mail, audit
 * entry; one already confirmed changes nothing) and the line is remembered
 * (`statement_lines/{id}`) in the same commit. A line remembered before
 * confirms nothing; two admins confirming it at once confirm it once (one
 * transaction is retried and finds it remembered).
 * @returns how many orders changed and their e-mails (send them after the answer).
 * @throws HttpError 409 naming the order that is gone or no longer open, 400 when the line does not pay them exactly; nothing is written then.
 */
export async function confirmLine(
  db: Firestore,
  season: number,
  item: { line: StatementLine; paymentIds: string[] },
  actor: AuditActor,
  mail: MailContext,
): Promise<{ confirmed: number; mailIds: string[] }> {
  const lineRef = db.collection(COLLECTION.statementLines).doc(statementLineId(item.line));
  const ids = [...new Set(item.paymentIds)];
  return runTransaction(db, async (transaction) => {
    const [remembered, ...snapshots] = await transaction.getAll(lineRef, ...ids.map((id) => db.collection(COLLECTION.payments).doc(id)));
    if (remembered?.exists) return { confirmed: 0, mailIds: [] };
    const payments = snapshots.map((snapshot) => readSnapshot(paymentDocument, snapshot));
    for (const payment of payments) {
      if (!payment) throw new HttpError(409, MESSAGES.gone);
      if (payment.season !== season || payment.method !== 'Bonifico') throw new HttpError(409, MESSAGES.notTransfer(payment));
      if (payment.status !== PAYMENT_STATUS.toVerify && payment.status !== PAYMENT_STATUS.confirmed) {
        throw new HttpError(409, MESSAGES.notOpen(payment));
      }
    }
    const open = payments.flatMap((payment) => (payment ? [payment] : []));
    const orders = open.map((payment) => ({ familyId: payment.family_id, totalEuros: payment.total_amount }));
    if (!paysExactly(item.line, orders)) throw new HttpError(400, MESSAGES.notExact(italianDayText(item.line.date)));

    // Every read before any write: the family's addresses once, then each order's receipt inputs.
    const now = new Date();
    const context = { actor, mail, now, numbers: lazyNumbers(db, transaction, now) };
    const toConfirm = open.filter((payment) => payment.status === PAYMENT_STATUS.toVerify);
    const addresses = toConfirm.length > 0 ? await familyAddresses(db, transaction, toConfirm[0]!.family_id) : [];
    const writes: Array<() => TransferChange> = [];
    for (const payment of toConfirm) writes.push(await readTransferChange(db, transaction, payment, 'confirm', addresses, context));
    const changes = writes.map((write) => write());
    transaction.create(lineRef, { ...item.line, payment_ids: ids, matched_by: actor.email, matched_at: Timestamp.fromDate(now) });
    return { confirmed: changes.filter((change) => change.changed).length, mailIds: changes.flatMap((change) => change.mailIds) };
  });
}

/** What confirming a statement's lines did: orders confirmed, lines matched before, lines refused with why, and the e-mails to send after the answer. */
export interface StatementConfirmation {
  confirmed: number;
  skipped: number;
  refused: Array<{ lineId: string; error: string }>;
  mailIds: string[];
}

/** Confirms each line's orders ({@link confirmLine}, one transaction per line); a line refused leaves the others confirmed. */
export async function confirmStatement(
  db: Firestore,
  season: number,
  items: ReadonlyArray<{ line: StatementLine; paymentIds: string[] }>,
  actor: AuditActor,
  mail: MailContext,
): Promise<StatementConfirmation> {
  const done: StatementConfirmation = { confirmed: 0, skipped: 0, refused: [], mailIds: [] };
  for (const item of items) {
    try {
      const result = await confirmLine(db, season, item, actor, mail);
      if (result.confirmed === 0) done.skipped += 1;
      done.confirmed += result.confirmed;
      done.mailIds.push(...result.mailIds);
    } catch (error) {
      // The treasurer sees which line was refused and why.
      if (!(error instanceof HttpError)) throw error;
      done.refused.push({ lineId: statementLineId(item.line), error: error.message });
    }
  }
  return done;
}

import type { Config } from '@netlify/functions';
import { createHash } from 'node:crypto';
import { Timestamp, type Firestore } from 'firebase-admin/firestore';
import { z } from 'zod';
import { SEASON } from '@config/season';
import {
  lineReferences,
  matchStatementLine,
  paysExactly,
  statementLineKey,
  surnameKeysIn,
  type LineMatch,
  type OpenTransfer,
  type StatementLine,
} from '@domain/bank-statement';
import { COLLECTION, paymentDocument, type PaymentDocument } from '@domain/documents';
import { PAYMENT_STATUS } from '@domain/payment-status';
import { readSnapshot } from '../lib/documents';
import { roundEuros } from '@domain/money';
import { italianDayText } from '@domain/italian-time';
import { requireStaff } from '../lib/admin-auth';
import { adminActor, type AuditActor } from '../lib/audit-log';
import { getDb, runTransaction } from '../lib/firestore';
import { HttpError, jsonFunction, jsonResponse } from '../lib/http';
import type { MailContext } from '../lib/mail/layout';
import { deliverMail, familyAddresses, mailContext } from '../lib/mail/outbox';
import { openTransfersByReference, openTransfersOfAmount } from '../lib/open-transfers';
import { parseBody } from '../lib/order-request';
import { lazyNumbers, readTransferChange, type TransferChange } from '../lib/transfer-confirmation';

/** Italian messages of admin-statement. */
export const STATEMENT_MESSAGES = {
  malformed: 'Richiesta non valida: servono "action" (match o confirm) e le righe dell\'estratto conto.',
  notExact: (date: string) =>
    `Il bonifico del ${date} non corrisponde agli ordini scelti (importo o famiglia diversi): confermalo a mano da «Pagamenti».`,
  gone: "Uno degli ordini scelti non esiste più: nessun ordine di questo bonifico è stato confermato. Aggiorna l'estratto conto.",
  notTransfer: (payment: Pick<PaymentDocument, 'plan' | 'family_surname'>) =>
    `L'ordine «${payment.plan}» della famiglia ${payment.family_surname} non è un bonifico di questa stagione: nessun ordine di questo bonifico è stato confermato.`,
  notOpen: (payment: Pick<PaymentDocument, 'plan' | 'family_surname' | 'status'>) =>
    `L'ordine «${payment.plan}» della famiglia ${payment.family_surname} è ${payment.status}: nessun ordine di questo bonifico è stato confermato. Aggiorna l'estratto conto e conferma a mano gli altri.`,
} as const;

/** A statement's lines: at most a few months of a group's account. */
const MAX_LINES = 2000;
/** Its body: 2,000 lines of at most about 1.5 KB each, under Netlify's 6 MB limit. */
const MAX_STATEMENT_BYTES = 4 * 1024 * 1024;

const lineSchema = z.object({
  bankReference: z.string().max(200),
  date: z.iso.date(),
  amountEuros: z.number().positive().max(1_000_000),
  description: z.string().max(1000),
  orderingParty: z.string().max(300),
});

const bodySchema = z.discriminatedUnion('action', [
  z.object({ action: z.literal('match'), lines: z.array(lineSchema).min(1).max(MAX_LINES) }),
  z.object({
    action: z.literal('confirm'),
    items: z
      .array(z.object({ line: lineSchema, paymentIds: z.array(z.string().min(1).max(128)).min(1).max(20) }))
      .min(1)
      .max(200),
  }),
]);

/** The document id a line is remembered by in `statement_lines` (statementLineKey, hashed). */
export function statementLineId(line: StatementLine): string {
  return createHash('sha256').update(statementLineKey(line)).digest('hex').slice(0, 40);
}

/** A line's answer: its id, the match, and the orders of an earlier import when it was matched before. */
export interface MatchedLine extends LineMatch {
  lineId: string;
}

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
  // A line without a code: the open orders of its amount of the families it may name, and a few of any family.
  const candidates = new Map<number, OpenTransfer[]>();
  let candidateReads = 0;
  for (const [index, line] of lines.entries()) {
    if (done[index]?.exists || lineReferences(line).length > 0) continue;
    const found = await openTransfersOfAmount(db, season, roundEuros(line.amountEuros), surnameKeysIn(line));
    candidates.set(index, found);
    candidateReads += Math.max(1, found.length);
  }
  const matched = lines.map((line, index): MatchedLine => {
    if (done[index]?.exists) return { lineId: ids[index]!, kind: 'Già abbinato', payments: [], candidates: [], problem: null };
    return { lineId: ids[index]!, ...matchStatementLine(line, byReference, () => candidates.get(index) ?? []) };
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
async function confirmLine(
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
      if (!payment) throw new HttpError(409, STATEMENT_MESSAGES.gone);
      if (payment.season !== season || payment.method !== 'Bonifico') throw new HttpError(409, STATEMENT_MESSAGES.notTransfer(payment));
      if (payment.status !== PAYMENT_STATUS.toVerify && payment.status !== PAYMENT_STATUS.confirmed) {
        throw new HttpError(409, STATEMENT_MESSAGES.notOpen(payment));
      }
    }
    const open = payments.flatMap((payment) => (payment ? [payment] : []));
    const orders = open.map((payment) => ({ familyId: payment.family_id, totalEuros: payment.total_amount }));
    if (!paysExactly(item.line, orders)) throw new HttpError(400, STATEMENT_MESSAGES.notExact(italianDayText(item.line.date)));

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

/**
 * POST /.netlify/functions/admin-statement with an admin's ID token
 * (docs/api.md, "admin-statement"; docs/admin.md, "Estratto conto"):
 * - `{ action: 'match', lines: StatementLine[] }` → 200 `{ lines:
 *   MatchedLine[] }`: each credit 'Corrisponde', 'Cumulativo', 'Probabile',
 *   'Non abbinato' (with the orders to pick by hand) or 'Già abbinato' (a
 *   line of an earlier import); nothing is written;
 * - `{ action: 'confirm', items: [{ line, paymentIds }] }` → 200 `{
 *   confirmed, skipped, refused }`: each line's orders confirmed as by hand
 *   (receipt, e-mail, audit entry) and the line remembered, all in one
 *   transaction per line (confirmLine), so importing the same file again
 *   confirms nothing twice (`skipped` counts those lines). A line must pay
 *   its orders exactly (one family, the sum of their totals) and every
 *   order must still be a Bonifico of the season, 'Da Verificare' (or
 *   already 'Confermato'): otherwise nothing of that line is confirmed and
 *   `refused` says why, in Italian, naming the order.
 * 401/403 without an admin token; 400 for a malformed body.
 */
export default jsonFunction(
  'admin-statement',
  async (body, request, context) => {
    const { token } = await requireStaff(request, 'admin-statement', 'payments');
    const command = parseBody(bodySchema, body, STATEMENT_MESSAGES.malformed);
    const db = getDb();
    const season = SEASON.campYear;
    if (command.action === 'match') {
      const { lines } = await matchStatement(db, season, command.lines);
      return jsonResponse(200, { lines });
    }
    const actor = adminActor(token);
    const mail = mailContext(request);
    let confirmed = 0;
    let skipped = 0;
    const refused: Array<{ lineId: string; error: string }> = [];
    const mailIds: string[] = [];
    for (const item of command.items) {
      try {
        const result = await confirmLine(db, season, item, actor, mail);
        if (result.confirmed === 0) skipped += 1;
        confirmed += result.confirmed;
        mailIds.push(...result.mailIds);
      } catch (error) {
        // One line refused leaves the others confirmed: the treasurer sees which and why.
        if (!(error instanceof HttpError)) throw error;
        refused.push({ lineId: statementLineId(item.line), error: error.message });
      }
    }
    for (const id of mailIds) context.waitUntil(deliverMail(db, id));
    return jsonResponse(200, { confirmed, skipped, refused });
  },
  { maxBytes: MAX_STATEMENT_BYTES },
);

/** A treasurer imports a statement a week; the limit only stops a runaway loop. */
export const config: Config = { rateLimit: { windowLimit: 30, windowSize: 60, aggregateBy: ['ip', 'domain'] } };

import type { Config } from '@netlify/functions';
import { createHash } from 'node:crypto';
import { z } from 'zod';
import { SEASON } from '@config/season';
import { findProduct } from '@domain/catalogue';
import { PAYMENT_STATUS } from '@domain/plans';
import { requireStaff } from '../lib/admin-auth';
import { findFamilyById } from '../lib/families';
import { getDb } from '../lib/firestore';
import { HttpError, jsonFunction, jsonResponse } from '../lib/http';
import { deliverMail, mailContext } from '../lib/mail/outbox';
import { cashPaymentNotice } from '../lib/mail/order-mails';
import { ORDER_MESSAGES, orderRequestSchema, parseBody, priceFamilyOrder } from '../lib/order-request';
import { recordOrder } from '../lib/record-order';
import { catalogueOf, readSeasonSettings } from '../lib/season-settings';
import { adminActor } from '../lib/audit-log';
import { AUDIT_ACTION } from '@domain/audit-log';
import { COLLECTION } from '@domain/documents';
import { formatEuros } from '@domain/money';

/** Italian messages of admin-record-cash. */
export const CASH_MESSAGES = {
  malformed: 'Richiesta non valida: servono "familyId", "product", i figli ("children") e "idempotencyKey".',
  familyGone: 'La famiglia non risulta più nei nostri sistemi.',
} as const;

const bodySchema = orderRequestSchema.omit({ cf: true }).extend({ familyId: z.string().min(1).max(128) });

/** The order id of a cash payment: one per family and idempotency key, so a retried request records it once. */
export function cashOrderId(familyId: string, idempotencyKey: string): string {
  return `contanti-${createHash('sha256').update(`${familyId}\n${idempotencyKey}`).digest('hex').slice(0, 32)}`;
}

/**
 * POST /.netlify/functions/admin-record-cash `{ familyId, product, children:
 * [{ id, size? }], idempotencyKey }` with an admin's ID token (docs/api.md,
 * "admin-record-cash"; docs/admin-orders.md, "Registra pagamento in
 * contanti"): cash a volunteer collected, priced by the season's catalogue
 * exactly as a parent's order (priceFamilyOrder: the children may buy it and
 * do not hold it; the Saldo's sibling rank), recorded 'Confermato' with
 * method 'Contanti' and a receipt, the family's parents e-mailed
 * 'Pagamento ricevuto' with the receipt, and an audit entry, in the
 * order's one transaction (recordOrder). A product past
 * its closing day can still be recorded: the money is in the treasurer's hand.
 *
 * Answers 201 `{ orderId, totalEuros, receiptNumber, lines }` (200 and the
 * same body for an idempotency key used before). Errors `{ error }` in
 * Italian: 400 malformed body, product or child, 401/403 without an admin
 * token, 404 unknown family, 409 a child already holds the product.
 */
export default jsonFunction('admin-record-cash', async (body, request, context) => {
  const { token } = await requireStaff(request, 'admin-record-cash', 'payments');
  const cash = parseBody(bodySchema, body, CASH_MESSAGES.malformed);
  const actor = adminActor(token);
  const db = getDb();
  const found = await findFamilyById(db, cash.familyId);
  if (!found) throw new HttpError(404, CASH_MESSAGES.familyGone);
  const product = findProduct(catalogueOf(await readSeasonSettings(db, SEASON.campYear)), cash.product);
  if (!product) throw new HttpError(400, ORDER_MESSAGES.product);
  const orderId = cashOrderId(found.family.id, cash.idempotencyKey);
  const resolved = await priceFamilyOrder(db, found, product, cash.children, orderId);
  const { created, order, mailId } = await recordOrder(db, {
    orderId,
    familyId: found.family.id,
    method: 'Contanti',
    status: PAYMENT_STATUS.confirmed,
    season: SEASON.campYear,
    whenHeld: 'refuse',
    parentId: null,
    serviceFeeEuros: 0,
    lines: resolved.lines.map((line) => ({ child: line.child, plan: line.plan, size: line.size, priceEuros: line.priceEuros })),
    notify: cashPaymentNotice(mailContext(request)),
    audit: (recorded, familySurname) => ({
      actor,
      action: AUDIT_ACTION.paymentCash,
      target: { collection: COLLECTION.orders, id: recorded.orderId },
      summary: `Pagamento in contanti registrato: famiglia ${familySurname}, ${product.plan}, ${formatEuros(recorded.totalEuros)}`,
      before: null,
      after: { method: 'Contanti', total_amount: recorded.totalEuros, receipt: recorded.receiptNumber },
    }),
  });
  if (mailId) context.waitUntil(deliverMail(db, mailId));
  return jsonResponse(created ? 201 : 200, {
    orderId: order.orderId,
    totalEuros: order.totalEuros,
    receiptNumber: order.receiptNumber,
    lines: order.lines,
  });
});

/** A treasurer records a few cash payments at a meeting; the limit only stops a runaway loop. */
export const config: Config = { rateLimit: { windowLimit: 60, windowSize: 60, aggregateBy: ['ip', 'domain'] } };

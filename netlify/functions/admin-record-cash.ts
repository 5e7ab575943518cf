import type { Config } from '@netlify/functions';
import { createHash } from 'node:crypto';
import { adminRecordCashContract } from '@contracts/admin-record-cash';
import { answeredLine } from '@contracts/order-request';
import { SEASON } from '@config/season';
import { AUDIT_ACTION } from '@domain/audit-log';
import { findProduct } from '@domain/catalogue/product';
import { COLLECTION } from '@domain/collections';
import { formatEuros } from '@domain/money';
import { PAYMENT_STATUS } from '@domain/payments/payment-status';
import { adminContractFunction } from '../lib/platform/admin-function';
import { adminActor } from '../lib/platform/audit-log';
import { findFamilyById } from '../lib/families/families';
import { getDb } from '../lib/platform/firestore';
import { HttpError } from '../lib/platform/http';
import { mailContext } from '../lib/platform/mail/outbox';
import { deliverMail } from '../lib/mail-delivery';
import { cashPaymentNotice } from '../lib/orders/order-mails';
import { priceFamilyOrder } from '../lib/orders/order-request';
import { recordOrder } from '../lib/orders/record-order';
import { catalogueOf, readSeasonSettings } from '../lib/season/season-settings';

const MESSAGES = adminRecordCashContract.messages;

/** The order id of a cash payment: one per family and idempotency key, so a retried request records it once. */
export function cashOrderId(familyId: string, idempotencyKey: string): string {
  return `contanti-${createHash('sha256').update(`${familyId}\n${idempotencyKey}`).digest('hex').slice(0, 32)}`;
}

/**
 * admin-record-cash (adminRecordCashContract; docs/api.md,
 * "admin-record-cash"; docs/admin-orders.md, "Registra pagamento in
 * contanti"): cash a volunteer collected, priced by the season's catalogue
 * exactly as a parent's order (priceFamilyOrder), recorded 'Confermato'
 * with method 'Contanti', a receipt, the family's e-mail and an audit entry
 * in the order's one transaction (recordOrder). A product past its closing
 * day can still be recorded: the money is in the treasurer's hand.
 */
export default adminContractFunction(adminRecordCashContract, 'payments', async (cash, { token }, request, context) => {
  const actor = adminActor(token);
  const db = getDb();
  const found = await findFamilyById(db, cash.familyId);
  if (!found) throw new HttpError(404, MESSAGES.familyGone);
  const product = findProduct(catalogueOf(await readSeasonSettings(db, SEASON.campYear)), cash.product);
  if (!product) throw new HttpError(400, MESSAGES.product);
  const orderId = cashOrderId(found.family.id, cash.idempotencyKey);
  const resolved = await priceFamilyOrder(db, found, product, cash.children, orderId);
  const { created, order, mailId } = await recordOrder(db, {
    orderId,
    familyId: found.family.id,
    product,
    method: 'Contanti',
    status: PAYMENT_STATUS.confirmed,
    season: SEASON.campYear,
    whenHeld: 'refuse',
    parentId: null,
    serviceFeeEuros: 0,
    lines: resolved.lines,
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
  return {
    status: created ? 201 : 200,
    body: {
      orderId: order.orderId,
      totalEuros: order.totalEuros,
      receiptNumber: order.receiptNumber,
      lines: order.lines.map(answeredLine),
    },
  };
});

/** A treasurer records a few cash payments at a meeting; the limit only stops a runaway loop. */
export const config: Config = { rateLimit: { windowLimit: 60, windowSize: 60, aggregateBy: ['ip', 'domain'] } };

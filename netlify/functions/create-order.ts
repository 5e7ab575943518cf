import type { Config } from '@netlify/functions';
import { createHash } from 'node:crypto';
import { createOrderContract } from '@contracts/create-order';
import { answeredLine } from '@contracts/order-request';
import { SEASON } from '@config/season';
import { paymentReasonOf } from '@domain/payments/bank-transfer';
import { PAYMENT_STATUS } from '@domain/payments/payment-status';
import { fiscalCodeContractFunction } from '../lib/platform/fiscal-code-budget';
import { getDb } from '../lib/platform/firestore';
import { resolveOrder } from '../lib/orders/order-request';
import { recordOrder } from '../lib/orders/record-order';
import { requireSession } from '../lib/platform/session';
import { readSeasonSettings } from '../lib/season/season-settings';
import { mailContext } from '../lib/platform/mail/outbox';
import { deliverMail } from '../lib/mail-delivery';
import { bankTransferOrderNotice } from '../lib/orders/order-mails';

/**
 * The document id of a Bonifico order: derived from the family and the
 * request's idempotency key, so the same attempt always names the same
 * order (a double click, a retried request) and a key cannot reach another
 * family's order.
 */
export function bankTransferOrderId(familyId: string, idempotencyKey: string): string {
  return `bonifico-${createHash('sha256').update(`${familyId}\n${idempotencyKey}`).digest('hex').slice(0, 32)}`;
}

/**
 * create-order (createOrderContract; docs/api.md, "create-order (Bonifico)"):
 * the order request, checked and priced on the server (resolveOrder), recorded
 * 'Da Verificare' with the e-mail of the transfer's details (recordOrder).
 * The same idempotency key answers the stored order (200) and writes nothing.
 */
export default fiscalCodeContractFunction(createOrderContract, async (request, httpRequest, context) => {
  const session = await requireSession(httpRequest);
  const db = getDb();
  // A retried request finds its own order's items: not held, answered as the stored order below.
  const resolved = await resolveOrder(db, request, {
    orderIdOf: (familyId) => bankTransferOrderId(familyId, request.idempotencyKey),
    session,
  });
  const settings = await readSeasonSettings(db, SEASON.campYear);
  const { created, order, mailId } = await recordOrder(db, {
    orderId: bankTransferOrderId(resolved.family.id, request.idempotencyKey),
    familyId: resolved.family.id,
    product: resolved.product,
    method: 'Bonifico',
    status: PAYMENT_STATUS.toVerify,
    season: SEASON.campYear,
    // A rata is paid for a child who holds the product (docs/product.md, "Instalments").
    whenHeld: request.instalment ? 'instalment' : 'refuse',
    // One payment per rata, whatever arrives at once (netlify/lib/orders/instalment-claims.ts).
    ...(resolved.instalment && request.instalment ? { instalmentNumber: resolved.instalment.number } : {}),
    parentId: session.parentId,
    serviceFeeEuros: 0,
    lines: resolved.lines,
    notify: bankTransferOrderNotice(resolved.product.plan, SEASON.campYear, settings.bankAccount, mailContext(httpRequest)),
  });
  if (mailId) context.waitUntil(deliverMail(db, mailId));
  return {
    status: created ? 201 : 200,
    body: {
      orderId: order.orderId,
      totalEuros: order.totalEuros,
      paymentReason: paymentReasonOf(resolved.product.plan, SEASON.campYear, resolved.family.surname, order.reference),
      lines: order.lines.map(answeredLine),
    },
  };
});

/**
 * Netlify's rate limit: 20 requests a minute per address and domain. The
 * function answers 404 for an unknown fiscal code like lookup-family does,
 * so it must not be a faster way to probe codes.
 */
export const config: Config = { rateLimit: { windowLimit: 20, windowSize: 60, aggregateBy: ['ip', 'domain'] } };

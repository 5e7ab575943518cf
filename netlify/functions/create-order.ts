import type { Config } from '@netlify/functions';
import { SEASON } from '@config/season';
import { createHash } from 'node:crypto';
import { paymentReasonOf } from '@domain/bank-transfer';
import { PAYMENT_STATUS } from '@domain/plans';
import { fiscalCodeFunction } from '../lib/fiscal-code-budget';
import { getDb } from '../lib/firestore';
import { jsonResponse } from '../lib/http';
import { ORDER_MESSAGES, orderRequestSchema, parseBody, resolveOrder } from '../lib/order-request';
import { recordOrder } from '../lib/record-order';
import { requireSession } from '../lib/session';
import { readSeasonSettings } from '../lib/season-settings';
import { deliverMail, mailContext } from '../lib/mail/outbox';
import { bankTransferOrderNotice } from '../lib/mail/order-mails';

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
 * POST /.netlify/functions/create-order (docs/api.md): a Bonifico order.
 * Body: the order request `{ cf, product, children: [{ id, size? }],
 * idempotencyKey }`. Checks it against the database and prices it on the
 * server (src/domain), then records items, payment 'Da Verificare', order and
 * the family's `orders_id`/`updated_at` in one transaction, with the
 * e-mail 'Ordine registrato: dati per il bonifico' to the family's parents
 * (outbox, sent after the answer). Needs the family's session (401).
 * Answers 201 `{ orderId, totalEuros, paymentReason, lines: [{ childId, name,
 * plan, size, priceEuros }] }` for a new order and 200 with the same body
 * when the idempotency key was used before (nothing new is written).
 * 400 with an Italian `{error}` naming the problem, 404 for an unknown
 * fiscal code, 409 when a child already holds the product this season
 * (paid or awaiting a transfer), 405 for other methods, 503 when Firebase is not configured.
 */
export default fiscalCodeFunction('create-order', async (body, httpRequest, context) => {
  const session = await requireSession(httpRequest);
  const request = parseBody(orderRequestSchema, body, ORDER_MESSAGES.malformed);
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
    method: 'Bonifico',
    status: PAYMENT_STATUS.toVerify,
    season: SEASON.campYear,
    whenHeld: 'refuse',
    parentId: session.parentId,
    serviceFeeEuros: 0,
    lines: resolved.lines.map((line) => ({ child: line.child, plan: line.plan, size: line.size, priceEuros: line.priceEuros })),
    notify: bankTransferOrderNotice(resolved.product.plan, SEASON.campYear, settings.bankAccount, mailContext(httpRequest)),
  });
  if (mailId) context.waitUntil(deliverMail(db, mailId));
  return jsonResponse(created ? 201 : 200, {
    orderId: order.orderId,
    totalEuros: order.totalEuros,
    paymentReason: paymentReasonOf(resolved.product.plan, SEASON.campYear, resolved.family.surname, order.reference),
    lines: order.lines,
  });
});

/**
 * Netlify's rate limit: 20 requests a minute per address and domain. The
 * function answers 404 for an unknown fiscal code like lookup-family does,
 * so it must not be a faster way to probe codes.
 */
export const config: Config = { rateLimit: { windowLimit: 20, windowSize: 60, aggregateBy: ['ip', 'domain'] } };

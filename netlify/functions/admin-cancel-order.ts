import type { Config } from '@netlify/functions';
import { adminCancelOrderContract } from '@contracts/admin-cancel-order';
import { PAYMENT_STATUS } from '@domain/payments/payment-status';
import { adminContractFunction } from '../lib/platform/admin-function';
import { adminActor } from '../lib/platform/audit-log';
import { getDb } from '../lib/platform/firestore';
import { mailContext } from '../lib/platform/mail/outbox';
import { deliverMail } from '../lib/mail-delivery';
import { cancelOrder } from '../lib/orders/order-cancellation';

/**
 * POST /.netlify/functions/admin-cancel-order (adminCancelOrderContract;
 * docs/admin-orders.md, "Annulla ordine"): in one transaction the payment
 * becomes 'Annullato' with its reason and a history step, its children's
 * products are free again, an audit entry, and with `notifyFamily` 'Ordine
 * annullato' in the outbox; a receipt still valid gets the credit note that
 * annuls it (cancelOrder). Cancelled twice, the second call changes nothing.
 */
export default adminContractFunction(adminCancelOrderContract, 'payments', async (input, { token }, request, context) => {
  const db = getDb();
  const result = await cancelOrder(db, { ...input, actor: adminActor(token), mail: mailContext(request) });
  for (const id of result.mailIds) context.waitUntil(deliverMail(db, id));
  return { body: { status: PAYMENT_STATUS.cancelled, changed: result.changed } };
});

/** An admin cancels a few orders a season; the limit only stops a runaway loop. */
export const config: Config = { rateLimit: { windowLimit: 60, windowSize: 60, aggregateBy: ['ip', 'domain'] } };

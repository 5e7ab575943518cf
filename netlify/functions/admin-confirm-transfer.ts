import type { Config } from '@netlify/functions';
import { adminConfirmTransferContract } from '@contracts/admin-confirm-transfer';
import { adminContractFunction } from '../lib/platform/admin-function';
import { adminActor } from '../lib/platform/audit-log';
import { getDb } from '../lib/platform/firestore';
import { mailContext } from '../lib/platform/mail/outbox';
import { deliverMail } from '../lib/mail-delivery';
import { changeTransferConfirmation } from '../lib/payments/transfer-confirmation';

/**
 * POST /.netlify/functions/admin-confirm-transfer (adminConfirmTransferContract;
 * docs/admin-orders.md, "Confirming a transfer"): 'confirm' sets a Bonifico
 * 'Da Verificare' to 'Confermato' (`confirmed_at` server time,
 * `confirmed_by` the admin's e-mail), 'unconfirm' sets it back; in one
 * transaction with its history step, audit entry, and the receipt and
 * 'Bonifico ricevuto' (confirm) or the credit note that annuls the receipt
 * (unconfirm) (changeTransferConfirmation). E-mails leave after the answer.
 */
export default adminContractFunction(
  adminConfirmTransferContract,
  'payments',
  async ({ paymentId, action }, { token }, request, context) => {
    const db = getDb();
    const result = await changeTransferConfirmation(db, { paymentId, action, actor: adminActor(token), mail: mailContext(request) });
    for (const id of result.mailIds) context.waitUntil(deliverMail(db, id));
    return { body: { status: result.status, changed: result.changed } };
  },
);

/** An admin confirms a few transfers a minute; the limit only stops a runaway loop. */
export const config: Config = { rateLimit: { windowLimit: 120, windowSize: 60, aggregateBy: ['ip', 'domain'] } };

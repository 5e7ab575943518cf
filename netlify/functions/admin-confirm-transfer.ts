import type { Config } from '@netlify/functions';
import { z } from 'zod';
import { requireStaff } from '../lib/admin-auth';
import { adminActor } from '../lib/audit-log';
import { getDb } from '../lib/firestore';
import { jsonFunction, jsonResponse } from '../lib/http';
import { parseBody } from '../lib/order-request';
import { deliverMail, mailContext } from '../lib/mail/outbox';
import { changeTransferConfirmation, CONFIRM_TRANSFER_MESSAGES } from '../lib/transfer-confirmation';

const bodySchema = z.object({
  paymentId: z.string().min(1).max(128),
  action: z.enum(['confirm', 'unconfirm']),
});

/**
 * POST /.netlify/functions/admin-confirm-transfer `{ paymentId, action }`
 * with `Authorization: Bearer <Firebase ID token>` of an admin (docs/api.md,
 * "admin-confirm-transfer"; docs/admin-orders.md, "Confirming a transfer").
 * 'confirm' sets a Bonifico 'Da Verificare' to 'Confermato' with
 * `confirmed_at` (server time) and `confirmed_by` (the admin's e-mail);
 * 'unconfirm' sets a confirmed one back to 'Da Verificare' and clears both.
 * In one transaction with the payment (changeTransferConfirmation): a step
 * in its `history`, an `audit_log` entry, and for a confirmation the
 * receipt (a new one when the first was annulled) and 'Bonifico ricevuto'
 * in the outbox; for an undo the credit note that annuls the receipt and
 * its e-mail (docs/admin.md, "Credit notes"). E-mails leave after the answer.
 *
 * Answers 200 `{ status, changed }` (`changed` false when the payment
 * already had the status asked for). Errors `{ error }` in Italian: 400 for
 * a malformed body, 401/403 without an admin token, 404 for an unknown
 * payment, 409 for a card payment or a status that cannot change
 * (Rimborsato, Contestato), 405 for other methods, 503 without Firebase.
 */
export default jsonFunction('admin-confirm-transfer', async (body, request, context) => {
  const { token } = await requireStaff(request, 'admin-confirm-transfer', 'payments');
  const { paymentId, action } = parseBody(bodySchema, body, CONFIRM_TRANSFER_MESSAGES.malformed);
  const actor = adminActor(token);
  const db = getDb();
  const result = await changeTransferConfirmation(db, { paymentId, action, actor, mail: mailContext(request) });
  for (const id of result.mailIds) context.waitUntil(deliverMail(db, id));
  return jsonResponse(200, { status: result.status, changed: result.changed });
});

/** An admin confirms a few transfers a minute; the limit only stops a runaway loop. */
export const config: Config = { rateLimit: { windowLimit: 120, windowSize: 60, aggregateBy: ['ip', 'domain'] } };

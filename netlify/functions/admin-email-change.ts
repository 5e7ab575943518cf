import type { Config } from '@netlify/functions';
import { adminEmailChangeContract } from '@contracts/admin-email-change';
import { decideGroupEmailChange, readGroupEmailChanges } from '../lib/access/email-change-group';
import { adminContractFunction } from '../lib/platform/admin-function';
import { adminActor } from '../lib/platform/audit-log';
import { getDb } from '../lib/platform/firestore';
import { mailContext } from '../lib/platform/mail/outbox';
import { deliverMail } from '../lib/mail-delivery';

/**
 * POST /.netlify/functions/admin-email-change (adminEmailChangeContract;
 * docs/security.md, "Changing a parent's e-mail"): a volunteer with the
 * `roster` permission lists, confirms or refuses a family's e-mail changes
 * waiting for the group (decideGroupEmailChange, audited in its
 * transaction). The old address's message leaves after the answer.
 */
export default adminContractFunction(adminEmailChangeContract, 'roster', async (request, { token }, httpRequest, context) => {
  const db = getDb();
  if (request.action !== 'list') {
    const decision = {
      familyId: request.familyId,
      parentId: request.parentId,
      confirm: request.action === 'confirm',
      actor: adminActor(token),
    };
    const mailId = await decideGroupEmailChange(db, decision, mailContext(httpRequest));
    if (mailId) context.waitUntil(deliverMail(db, mailId));
  }
  return { body: { changes: await readGroupEmailChanges(db, request.familyId) } };
});

/** A volunteer decides a few changes a month; the limit only stops a runaway loop. */
export const config: Config = { rateLimit: { windowLimit: 60, windowSize: 60, aggregateBy: ['ip', 'domain'] } };

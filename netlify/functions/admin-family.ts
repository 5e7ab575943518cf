import type { Config } from '@netlify/functions';
import { adminFamilyContract } from '@contracts/admin-family';
import { COLLECTION } from '@domain/collections';
import { adminContractFunction } from '../lib/platform/admin-function';
import { adminActor, recordAudit } from '../lib/platform/audit-log';
import { applyFamilyEdit } from '../lib/families/family-edits';
import { enqueueParentEditNotice, readParentEditNotice } from '../lib/families/parent-edit-notice';
import { getDb, runTransaction } from '../lib/platform/firestore';
import { HttpError } from '../lib/platform/http';
import { mailContext } from '../lib/platform/mail/outbox';
import { deliverMail } from '../lib/mail-delivery';
import { isStaffEmail } from '../lib/staff/staff-emails';

/**
 * POST /.netlify/functions/admin-family (adminFamilyContract; docs/admin.md,
 * "Famiglie"): one change to a family's people, checked as an import checks
 * a row, in one transaction with the family's search fields, the roster
 * index and an audit entry (applyFamilyEdit). A child who has orders is
 * archived, not deleted; a family keeps at least one parent. A parent
 * added or changed: an address of a volunteer with a role is refused
 * (isStaffEmail, 409), and the family's other parents are told in the same
 * transaction (enqueueParentEditNotice; docs/security.md, "Admin actions
 * and the audit log").
 */
export default adminContractFunction(adminFamilyContract, 'roster', async ({ change }, { token }, request, context) => {
  const db = getDb();
  const mail = mailContext(request);
  const { familyId, mailId } = await runTransaction(db, async (transaction) => {
    if ((change.kind === 'addParent' || change.kind === 'updateParent') && (await isStaffEmail(db, transaction, change.parent.email)))
      throw new HttpError(409, adminFamilyContract.messages.staffEmail);
    const notice = await readParentEditNotice(db, transaction, change);
    const plan = await applyFamilyEdit(db, transaction, change);
    recordAudit(db, transaction, {
      actor: adminActor(token),
      target: { collection: COLLECTION.families, id: plan.familyId },
      ...plan.audit,
    });
    return { familyId: plan.familyId, mailId: enqueueParentEditNotice(db, transaction, notice, plan, mail) };
  });
  if (mailId) context.waitUntil(deliverMail(db, mailId));
  return { body: { familyId } };
});

/** An admin edits a few people a minute; the limit only stops a runaway loop. */
export const config: Config = { rateLimit: { windowLimit: 120, windowSize: 60, aggregateBy: ['ip', 'domain'] } };

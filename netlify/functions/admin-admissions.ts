import type { Config } from '@netlify/functions';
import { adminAdmissionsContract } from '@contracts/admin-admissions';
import { decideAdmission, listAdmissions } from '../lib/admissions/admission-decisions';
import { adminContractFunction } from '../lib/platform/admin-function';
import { adminActor } from '../lib/platform/audit-log';
import { getDb } from '../lib/platform/firestore';
import { offerPlace } from '../lib/admissions/admission-offers';
import { setAdmissionOrder } from '../lib/admissions/admission-settings';
import { mailContext } from '../lib/platform/mail/outbox';
import { deliverMail } from '../lib/mail-delivery';

/**
 * POST /.netlify/functions/admin-admissions (adminAdmissionsContract;
 * docs/admin.md, "Lista d'attesa"), for the admin and the capi: the waiting
 * list by cohort; 'decide' records the Comunità capi's decision on one
 * application, audited (decideAdmission); 'offer' offers the place to an
 * admitted one and e-mails the family (offerPlace); 'order' sets 'Fratelli e
 * sorelle prima' (setAdmissionOrder). All answer the list as it is now.
 */
export default adminContractFunction(adminAdmissionsContract, 'admissions', async (input, { token }, request, context) => {
  const db = getDb();
  if (input.action === 'decide') await decideAdmission(db, { ...input, actor: adminActor(token) });
  if (input.action === 'order') await setAdmissionOrder(db, { siblingsFirst: input.siblingsFirst, actor: adminActor(token) });
  if (input.action === 'offer') {
    const mailId = await offerPlace(db, { id: input.id, actor: adminActor(token) }, mailContext(request));
    if (mailId) context.waitUntil(deliverMail(db, mailId));
  }
  return { body: await listAdmissions(db) };
});

/** A few decisions a meeting; the limit only stops a runaway loop. */
export const config: Config = { rateLimit: { windowLimit: 60, windowSize: 60, aggregateBy: ['ip', 'domain'] } };

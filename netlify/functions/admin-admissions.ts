import type { Config } from '@netlify/functions';
import { adminAdmissionsContract } from '@contracts/admin-admissions';
import { decideAdmission, listAdmissions } from '../lib/admissions/admission-decisions';
import { adminContractFunction } from '../lib/platform/admin-function';
import { adminActor } from '../lib/platform/audit-log';
import { getDb } from '../lib/platform/firestore';

/**
 * POST /.netlify/functions/admin-admissions (adminAdmissionsContract;
 * docs/admin.md, "Lista d'attesa"), for the admin and the capi: the waiting
 * list by cohort; 'decide' records the Comunità capi's decision on one
 * application, audited (decideAdmission). Both answer the list as it is now.
 */
export default adminContractFunction(adminAdmissionsContract, 'admissions', async (input, { token }) => {
  const db = getDb();
  if (input.action === 'decide') await decideAdmission(db, { ...input, actor: adminActor(token) });
  return { body: await listAdmissions(db) };
});

/** A few decisions a meeting; the limit only stops a runaway loop. */
export const config: Config = { rateLimit: { windowLimit: 60, windowSize: 60, aggregateBy: ['ip', 'domain'] } };

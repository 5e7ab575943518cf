import type { Config } from '@netlify/functions';
import { adminFamilyContract } from '@contracts/admin-family';
import { COLLECTION } from '@domain/collections';
import { adminContractFunction } from '../lib/platform/admin-function';
import { adminActor, recordAudit } from '../lib/platform/audit-log';
import { applyFamilyEdit } from '../lib/families/family-edits';
import { getDb, runTransaction } from '../lib/platform/firestore';

/**
 * POST /.netlify/functions/admin-family (adminFamilyContract; docs/admin.md,
 * "Famiglie"): one change to a family's people, checked as an import checks
 * a row, in one transaction with the family's search fields, the roster
 * index and an audit entry (applyFamilyEdit). A child who has orders is
 * archived, not deleted; a family keeps at least one parent.
 */
export default adminContractFunction(adminFamilyContract, 'roster', async ({ change }, { token }) => {
  const db = getDb();
  const familyId = await runTransaction(db, async (transaction) => {
    const { familyId, audit } = await applyFamilyEdit(db, transaction, change);
    recordAudit(db, transaction, { actor: adminActor(token), target: { collection: COLLECTION.families, id: familyId }, ...audit });
    return familyId;
  });
  return { body: { familyId } };
});

/** An admin edits a few people a minute; the limit only stops a runaway loop. */
export const config: Config = { rateLimit: { windowLimit: 120, windowSize: 60, aggregateBy: ['ip', 'domain'] } };

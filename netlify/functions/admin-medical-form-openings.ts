import type { Config } from '@netlify/functions';
import { adminMedicalFormOpeningsContract } from '@contracts/admin-medical-form-openings';
import { childDocument } from '@domain/roster/child-schema';
import { COLLECTION } from '@domain/collections';
import { canOpenMedicalForm } from '@domain/staff/staff-roles';
import { adminContractFunction } from '../lib/platform/admin-function';
import { readSnapshot } from '../lib/platform/snapshots';
import { getDb } from '../lib/platform/firestore';
import { HttpError } from '../lib/platform/http';
import { readMedicalFormOpenings } from '../lib/medical-forms/medical-form-openings';

const MESSAGES = adminMedicalFormOpeningsContract.messages;

/**
 * POST /.netlify/functions/admin-medical-form-openings
 * (adminMedicalFormOpeningsContract; docs/privacy.md, "Who opened a form"):
 * who opened the child's medical forms and when (readMedicalFormOpenings),
 * for a role that may open them (canOpenMedicalForm).
 */
export default adminContractFunction(adminMedicalFormOpeningsContract, 'medicalForms', async ({ childId }, { staff }) => {
  const db = getDb();
  const child = readSnapshot(childDocument, await db.collection(COLLECTION.sons).doc(childId).get());
  if (!child) throw new HttpError(404, MESSAGES.notReceived);
  if (!canOpenMedicalForm(staff, child.branch)) throw new HttpError(403, MESSAGES.otherBranch);
  const openings = (await readMedicalFormOpenings(db, childId)).map(({ at, by }) => ({ at: at.toISOString(), by }));
  return { body: { openings } };
});

export const config: Config = { rateLimit: { windowLimit: 120, windowSize: 60, aggregateBy: ['ip', 'domain'] } };

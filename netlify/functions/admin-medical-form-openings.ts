import type { Config } from '@netlify/functions';
import { z } from 'zod';
import { childDocument, COLLECTION } from '@domain/documents';
import { canOpenMedicalForm } from '@domain/staff-roles';
import { requireStaff } from '../lib/admin-auth';
import { childIdField } from '../lib/cloudinary';
import { readSnapshot } from '../lib/documents';
import { getDb } from '../lib/firestore';
import { HttpError, jsonFunction, jsonResponse } from '../lib/http';
import { readMedicalFormOpenings } from '../lib/medical-form-openings';
import { parseBody } from '../lib/order-request';
import { ADMIN_MEDICAL_FORM_MESSAGES } from './admin-medical-form';

const bodySchema = z.object({ childId: childIdField });

/**
 * POST /.netlify/functions/admin-medical-form-openings `{ childId }` with
 * the ID token of a role that may open the child's forms (docs/api.md;
 * docs/privacy.md, "Who opened a form"): who opened the child's medical
 * forms and when, newest first (readMedicalFormOpenings). Answers 200 `{ openings: [{ at, by }] }`
 * (`at` ISO 8601, `by` an e-mail). Errors `{ error }` in Italian: 400
 * malformed body, 401/403 without such a role or for a capo of another
 * branch, 404 unknown child.
 */
export default jsonFunction('admin-medical-form-openings', async (body, request) => {
  const { staff } = await requireStaff(request, 'admin-medical-form-openings', 'medicalForms');
  const { childId } = parseBody(bodySchema, body, ADMIN_MEDICAL_FORM_MESSAGES.malformed);
  const db = getDb();
  const child = readSnapshot(childDocument, await db.collection(COLLECTION.sons).doc(childId).get());
  if (!child) throw new HttpError(404, ADMIN_MEDICAL_FORM_MESSAGES.notReceived);
  if (!canOpenMedicalForm(staff, child.branch)) throw new HttpError(403, ADMIN_MEDICAL_FORM_MESSAGES.otherBranch);
  const openings = (await readMedicalFormOpenings(db, childId)).map(({ at, by }) => ({ at: at.toISOString(), by }));
  return jsonResponse(200, { openings });
});

export const config: Config = { rateLimit: { windowLimit: 120, windowSize: 60, aggregateBy: ['ip', 'domain'] } };

import type { Config } from '@netlify/functions';
import { adminMedicalFormContract } from '@contracts/admin-medical-form';
import { SEASON } from '@config/season';
import { AUDIT_ACTION } from '@domain/audit-log';
import { childDocument, type ChildDocument } from '@domain/roster/child-schema';
import { COLLECTION } from '@domain/collections';
import { medicalFormFileName } from '@domain/medical-forms/medical-form';
import { canOpenMedicalForm } from '@domain/staff/staff-roles';
import { adminContractFunction } from '../lib/platform/admin-function';
import { adminActor, recordAudit } from '../lib/platform/audit-log';
import { medicalFormPublicIdFromUrl, signedMedicalFormDownload } from '../lib/medical-forms/medical-form-files';
import { requireCloudinary, type CloudinarySettings } from '../lib/platform/cloudinary';
import { readSnapshot } from '../lib/platform/snapshots';
import { getDb } from '../lib/platform/firestore';
import { HttpError } from '../lib/platform/http';

const MESSAGES = adminMedicalFormContract.messages;

/**
 * The public id of the form to open: `publicId` when it is one of the
 * child's received forms (never another file), else the newest one (the
 * last of `medical_forms`, or the one `medical_doc` names for a child
 * recorded before the history). Null when there is none.
 */
function formToOpen(settings: CloudinarySettings, child: ChildDocument, publicId: string | undefined): string | null {
  if (publicId !== undefined) return child.medical_forms.some((form) => form.public_id === publicId) ? publicId : null;
  const newest = child.medical_forms.at(-1);
  if (newest) return newest.public_id;
  if (child.medical_doc === '') return null;
  const legacy = medicalFormPublicIdFromUrl(settings, child.medical_doc);
  if (!legacy) {
    console.error(`admin-medical-form: sons/${child.id}.medical_doc is not a medical form URL of this account`);
    throw new HttpError(409, MESSAGES.unrecognised);
  }
  return legacy;
}

/**
 * POST /.netlify/functions/admin-medical-form (adminMedicalFormContract;
 * docs/admin-enrolment.md, "Opening a medical form"): a role that opens the
 * child's branch's forms (canOpenMedicalForm) gets a signed Cloudinary URL
 * of the PDF (formToOpen), valid 5 minutes, downloading as
 * 'Scheda-Medica_{surname}-{name}.pdf'; each opening writes an `audit_log`
 * entry (who opened which form, when).
 */
export default adminContractFunction(adminMedicalFormContract, 'medicalForms', async ({ childId, publicId }, { token, staff }) => {
  const settings = requireCloudinary();
  const db = getDb();
  const child = readSnapshot(childDocument, await db.collection(COLLECTION.sons).doc(childId).get());
  if (child && !canOpenMedicalForm(staff, child.branch)) throw new HttpError(403, MESSAGES.otherBranch);
  const opened = child ? formToOpen(settings, child, publicId) : null;
  if (!child || !opened) throw new HttpError(404, MESSAGES.notReceived);
  const batch = db.batch();
  recordAudit(db, batch, {
    actor: adminActor(token),
    action: AUDIT_ACTION.medicalFormOpen,
    target: { collection: COLLECTION.sons, id: child.id },
    summary: `Scheda medica di ${child.name} ${child.surname} aperta (stagione ${SEASON.campYear})`,
    before: null,
    after: { public_id: opened },
  });
  await batch.commit();
  const { url, expiresAt } = signedMedicalFormDownload(settings, opened, medicalFormFileName(child.surname, child.name));
  return { body: { url, expiresAt: expiresAt.toISOString() } };
});

/** An admin opens a few forms a minute; the limit only stops a runaway loop. */
export const config: Config = { rateLimit: { windowLimit: 60, windowSize: 60, aggregateBy: ['ip', 'domain'] } };

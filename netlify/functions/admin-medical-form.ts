import type { Config } from '@netlify/functions';
import { z } from 'zod';
import { SEASON } from '@config/season';
import { AUDIT_ACTION } from '@domain/audit-log';
import { childDocument, COLLECTION, type ChildDocument } from '@domain/documents';
import { medicalFormFileName } from '@domain/medical-form';
import { canOpenMedicalForm } from '@domain/staff-roles';
import { requireStaff } from '../lib/admin-auth';
import { adminActor, recordAudit } from '../lib/audit-log';
import {
  childIdField,
  medicalFormPublicIdFromUrl,
  requireCloudinary,
  signedMedicalFormDownload,
  type CloudinarySettings,
} from '../lib/cloudinary';
import { readSnapshot } from '../lib/documents';
import { getDb } from '../lib/firestore';
import { HttpError, jsonFunction, jsonResponse } from '../lib/http';
import { parseBody } from '../lib/order-request';

/** Italian messages of admin-medical-form. */
export const ADMIN_MEDICAL_FORM_MESSAGES = {
  malformed: 'Richiesta non valida: serve "childId" (e, per una scheda sostituita, "publicId").',
  notReceived: 'Nessuna scheda medica ricevuta per questo figlio.',
  unrecognised: 'La scheda medica registrata non è riconosciuta: va caricata di nuovo.',
  otherBranch: 'Puoi aprire solo le schede mediche dei ragazzi della tua branca.',
} as const;

const bodySchema = z.object({ childId: childIdField, publicId: z.string().min(1).max(512).optional() });

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
    throw new HttpError(409, ADMIN_MEDICAL_FORM_MESSAGES.unrecognised);
  }
  return legacy;
}

/**
 * POST /.netlify/functions/admin-medical-form `{ childId, publicId? }` with
 * `Authorization: Bearer <Firebase ID token>` (docs/api.md,
 * "admin-medical-form"; docs/admin-enrolment.md, "Opening a medical form"):
 * an admin opens a child's received medical form, the newest or, with
 * `publicId`, an earlier one of the child's history. Checks the token and
 * its `admin` claim (netlify/lib/admin-auth.ts), reads `sons/{childId}`,
 * writes an `audit_log` entry (who opened which form, when), and answers 200
 * `{ url, expiresAt }`: a signed Cloudinary download URL of that PDF, valid
 * 5 minutes, that downloads as 'Scheda-Medica_{surname}-{name}.pdf', and its
 * expiry (ISO 8601).
 * Errors `{ error }` in Italian: 400 for a malformed body, 401 'Accesso admin
 * richiesto.' without a valid token, 403 'Questo account non è un
 * amministratore.' without a role, 403 for a role that opens no forms or a
 * capo of another branch, 404 'Nessuna scheda medica ricevuta per
 * questo figlio.' for an unknown child, no form or a public id not in its
 * history, 409 when the stored URL is not one of our files, 405 for other
 * methods, 503 when Cloudinary (or Firebase) is not configured.
 */
export default jsonFunction('admin-medical-form', async (body, request) => {
  const { token, staff } = await requireStaff(request, 'admin-medical-form', 'medicalForms');
  const { childId, publicId } = parseBody(bodySchema, body, ADMIN_MEDICAL_FORM_MESSAGES.malformed);
  const settings = requireCloudinary();
  const db = getDb();
  const child = readSnapshot(childDocument, await db.collection(COLLECTION.sons).doc(childId).get());
  if (child && !canOpenMedicalForm(staff, child.branch)) throw new HttpError(403, ADMIN_MEDICAL_FORM_MESSAGES.otherBranch);
  const opened = child ? formToOpen(settings, child, publicId) : null;
  if (!child || !opened) throw new HttpError(404, ADMIN_MEDICAL_FORM_MESSAGES.notReceived);
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
  return jsonResponse(200, { url, expiresAt: expiresAt.toISOString() });
});

/** An admin opens a few forms a minute; the limit only stops a runaway loop. */
export const config: Config = { rateLimit: { windowLimit: 60, windowSize: 60, aggregateBy: ['ip', 'domain'] } };

import type { Config } from '@netlify/functions';
import { adminFamilyDataContract, familyDataFileName } from '@contracts/admin-family-data';
import { GROUP } from '@config/group';
import { AUDIT_ACTION } from '@domain/audit-log';
import { COLLECTION } from '@domain/collections';
import { adminContractFunction } from '../lib/platform/admin-function';
import { adminActor, recordAudit } from '../lib/platform/audit-log';
import { requireCloudinary } from '../lib/platform/cloudinary';
import { eraseFamily, readFamilyData } from '../lib/families/family-data';
import { renderFamilyDataPdf } from '../lib/families/family-data-pdf';
import { getDb } from '../lib/platform/firestore';
import { mailContext } from '../lib/platform/mail/outbox';
import { deliverMail } from '../lib/mail-delivery';

/** The export's headers: an attachment named dati-famiglia-{id}.{extension}, never cached. */
const fileHeaders = (familyId: string, type: string, extension: string) => ({
  'Content-Type': type,
  'Content-Disposition': `attachment; filename="${familyDataFileName(familyId, extension)}"`,
  'Cache-Control': 'private, no-store',
});

/**
 * POST /.netlify/functions/admin-family-data (adminFamilyDataContract;
 * docs/privacy.md, "A family's rights"): 'export' answers everything the
 * portal holds about the family (readFamilyData) as a JSON attachment with
 * `exportedAt`, 'exportPdf' the same for a person to read, each audited
 * ('family.export'); 'erase' is 'Elimina famiglia' (eraseFamily): a place
 * its children held at an outing goes to the first family waiting, whose
 * e-mail is sent after the answer.
 */
export default adminContractFunction(adminFamilyDataContract, 'privacy', async ({ familyId, action }, { token }, request, context) => {
  const db = getDb();
  if (action === 'erase') {
    const { counts, mailIds } = await eraseFamily(db, requireCloudinary(), familyId, adminActor(token), mailContext(request));
    for (const mailId of mailIds) context.waitUntil(deliverMail(db, mailId));
    return { body: counts };
  }
  const data = await readFamilyData(db, familyId);
  const exportedAt = new Date();
  const batch = db.batch();
  recordAudit(db, batch, {
    actor: adminActor(token),
    action: AUDIT_ACTION.familyExport,
    target: { collection: COLLECTION.families, id: familyId },
    summary: `Dati della famiglia ${data.family.surname} esportati (${action === 'export' ? 'JSON' : 'PDF'})`,
    before: null,
    after: null,
  });
  await batch.commit();
  if (action === 'exportPdf') {
    const bytes = await renderFamilyDataPdf(data, GROUP.name, exportedAt);
    return new Response(new Uint8Array(bytes), { status: 200, headers: fileHeaders(familyId, 'application/pdf', 'pdf') });
  }
  return new Response(JSON.stringify({ exportedAt: exportedAt.toISOString(), group: GROUP.name, ...data }, null, 2), {
    status: 200,
    headers: fileHeaders(familyId, 'application/json; charset=utf-8', 'json'),
  });
});

/** An admin exports or erases a family now and then; the limit only stops a runaway loop. */
export const config: Config = { rateLimit: { windowLimit: 30, windowSize: 60, aggregateBy: ['ip', 'domain'] } };

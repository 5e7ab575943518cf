import type { Config } from '@netlify/functions';
import { z } from 'zod';
import { GROUP } from '@config/group';
import { AUDIT_ACTION } from '@domain/audit-log';
import { COLLECTION } from '@domain/documents';
import { requireStaff } from '../lib/admin-auth';
import { adminActor, recordAudit } from '../lib/audit-log';
import { requireCloudinary } from '../lib/cloudinary';
import { eraseFamily, readFamilyData } from '../lib/family-data';
import { renderFamilyDataPdf } from '../lib/family-data-pdf';
import { getDb } from '../lib/firestore';
import { jsonFunction, jsonResponse } from '../lib/http';
import { parseBody } from '../lib/order-request';

/** Italian messages of admin-family-data. */
export const FAMILY_DATA_REQUEST_MESSAGES = {
  malformed: 'Richiesta non valida: servono "familyId" e "action" (export, exportPdf o erase).',
} as const;

const bodySchema = z.object({
  familyId: z.string().min(1).max(128),
  action: z.enum(['export', 'exportPdf', 'erase']),
});

/** The export's file name, ASCII only: dati-famiglia-{family id}. */
const fileName = (familyId: string, extension: string) => `dati-famiglia-${familyId.replace(/[^\w-]/g, '_')}.${extension}`;

/**
 * POST /.netlify/functions/admin-family-data `{ familyId, action }` with an
 * admin's ID token (docs/api.md; docs/privacy.md, "A family's rights"):
 * - `export`: 200 JSON, everything the portal holds about the family
 *   (readFamilyData) with `exportedAt`, as an attachment
 *   'dati-famiglia-{id}.json';
 * - `exportPdf`: 200 application/pdf, the same for a person to read;
 * - `erase`: 'Elimina famiglia' (eraseFamily): 200 `{ parents, children,
 *   forms, payments }`.
 * Each writes an audit entry ('family.export', 'family.erase'). Only the
 * `privacy` permission (an admin) may. Errors `{ error }` in Italian: 400
 * malformed body, 401/403 without an admin token, 404 a family gone, 409 a
 * family with a Bonifico 'Da Verificare', 503 without Cloudinary (erase) or Firebase.
 */
export default jsonFunction('admin-family-data', async (body, request) => {
  const { token } = await requireStaff(request, 'admin-family-data', 'privacy');
  const { familyId, action } = parseBody(bodySchema, body, FAMILY_DATA_REQUEST_MESSAGES.malformed);
  const db = getDb();
  if (action === 'erase') return jsonResponse(200, await eraseFamily(db, requireCloudinary(), familyId, adminActor(token)));
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
  const headers = (type: string, extension: string) => ({
    'Content-Type': type,
    'Content-Disposition': `attachment; filename="${fileName(familyId, extension)}"`,
    'Cache-Control': 'private, no-store',
  });
  if (action === 'exportPdf') {
    const bytes = await renderFamilyDataPdf(data, GROUP.name, exportedAt);
    return new Response(new Uint8Array(bytes), { status: 200, headers: headers('application/pdf', 'pdf') });
  }
  return new Response(JSON.stringify({ exportedAt: exportedAt.toISOString(), group: GROUP.name, ...data }, null, 2), {
    status: 200,
    headers: headers('application/json; charset=utf-8', 'json'),
  });
});

/** An admin exports or erases a family now and then; the limit only stops a runaway loop. */
export const config: Config = { rateLimit: { windowLimit: 30, windowSize: 60, aggregateBy: ['ip', 'domain'] } };

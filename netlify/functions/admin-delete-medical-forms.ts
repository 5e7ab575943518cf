import type { Config } from '@netlify/functions';
import { z } from 'zod';
import { PRIVACY } from '@config/privacy';
import { hasSeasonEnded } from '@domain/medical-form-retention';
import { requireStaff } from '../lib/admin-auth';
import { adminActor } from '../lib/audit-log';
import { requireCloudinary } from '../lib/cloudinary';
import { getDb } from '../lib/firestore';
import { HttpError, jsonFunction, jsonResponse } from '../lib/http';
import { deleteMedicalForms } from '../lib/medical-form-deletion';
import { parseBody } from '../lib/order-request';

/** Italian messages of admin-delete-medical-forms. */
export const DELETE_MEDICAL_FORMS_MESSAGES = {
  malformed: 'Richiesta non valida: serve la stagione ("season").',
  notEnded: (season: number) => `La stagione ${season} non è ancora finita: le sue schede mediche servono ancora.`,
} as const;

const bodySchema = z.object({ season: z.number().int().min(2000).max(2100) });

/**
 * POST /.netlify/functions/admin-delete-medical-forms `{ season }` with an
 * admin's ID token (docs/api.md; docs/privacy.md, "Retention"): 'Elimina
 * ora', the retention's deletion of a season's medical forms before its day
 * (deleteMedicalForms), each child's deletion audited by the admin. Only
 * the `privacy` permission (an admin) may; only once the season is over.
 * Answers 200 `{ season, children, files, failed }` (0 and 0 when nothing
 * was left; `failed`, the children it could not handle, by name, else by
 * document path: each is logged, the others are deleted all the same).
 * Errors `{ error }` in Italian: 400 malformed body, 401/403 without an
 * admin token, 409 a season not over, 503 without Cloudinary or Firebase.
 */
export default jsonFunction('admin-delete-medical-forms', async (body, request) => {
  const { token } = await requireStaff(request, 'admin-delete-medical-forms', 'privacy');
  const { season } = parseBody(bodySchema, body, DELETE_MEDICAL_FORMS_MESSAGES.malformed);
  if (!hasSeasonEnded(season, PRIVACY, new Date())) throw new HttpError(409, DELETE_MEDICAL_FORMS_MESSAGES.notEnded(season));
  const run = await deleteMedicalForms(getDb(), requireCloudinary(), (formSeason) => formSeason === season, adminActor(token));
  const failed = run.failures.map((failure) => failure.name || failure.target);
  return jsonResponse(200, { season, ...(run.deleted.get(season) ?? { children: 0, files: 0 }), failed });
});

/** Pressed once a season; the limit only stops a runaway loop. */
export const config: Config = { rateLimit: { windowLimit: 10, windowSize: 60, aggregateBy: ['ip', 'domain'] } };

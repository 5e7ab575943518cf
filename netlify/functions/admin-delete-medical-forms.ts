import type { Config } from '@netlify/functions';
import { adminDeleteMedicalFormsContract } from '@contracts/admin-delete-medical-forms';
import { PRIVACY } from '@config/privacy';
import { hasSeasonEnded } from '@domain/medical-forms/medical-form-retention';
import { adminContractFunction } from '../lib/platform/admin-function';
import { adminActor } from '../lib/platform/audit-log';
import { requireCloudinary } from '../lib/platform/cloudinary';
import { getDb } from '../lib/platform/firestore';
import { HttpError } from '../lib/platform/http';
import { deleteMedicalForms } from '../lib/medical-forms/medical-form-deletion';

/**
 * POST /.netlify/functions/admin-delete-medical-forms
 * (adminDeleteMedicalFormsContract; docs/privacy.md, "Retention"): 'Elimina
 * ora', the retention's deletion of a season's medical forms before its day
 * (deleteMedicalForms), each child's deletion audited by the admin; only
 * once the season is over. A child it cannot handle is logged and named in
 * `failed`; the others are deleted all the same.
 */
export default adminContractFunction(adminDeleteMedicalFormsContract, 'privacy', async ({ season }, { token }) => {
  if (!hasSeasonEnded(season, PRIVACY, new Date())) {
    throw new HttpError(409, adminDeleteMedicalFormsContract.messages.notEnded(season));
  }
  const run = await deleteMedicalForms(getDb(), requireCloudinary(), (formSeason) => formSeason === season, adminActor(token));
  const failed = run.failures.map((failure) => failure.name || failure.target);
  return { body: { season, ...(run.deleted.get(season) ?? { children: 0, files: 0 }), failed } };
});

/** Pressed once a season; the limit only stops a runaway loop. */
export const config: Config = { rateLimit: { windowLimit: 10, windowSize: 60, aggregateBy: ['ip', 'domain'] } };

import { z } from 'zod/mini';
import { defineContract } from './contract';

/**
 * admin-delete-medical-forms, POST, admin with the `privacy` permission
 * (docs/api.md, "admin-delete-medical-forms"; docs/privacy.md, "Retention"):
 * 'Elimina ora' deletes an ended season's medical forms; the answer counts
 * the children and files deleted and names those it could not handle.
 */
export const adminDeleteMedicalFormsContract = defineContract({
  name: 'admin-delete-medical-forms',
  method: 'POST',
  request: z.object({ season: z.number().check(z.int(), z.gte(2000), z.lte(2100)) }),
  answer: z.object({
    season: z.number(),
    children: z.number(),
    files: z.number(),
    /** The children it could not handle, by name (else by document path). */
    failed: z.array(z.string()),
  }),
  messages: {
    malformed: 'Richiesta non valida: serve la stagione ("season").',
    notEnded: (season: number) => `La stagione ${season} non è ancora finita: le sue schede mediche servono ancora.`,
  },
});

import { z } from 'zod/mini';
import { defineContract } from './contract';
import { childId } from './fields';

/**
 * admin-medical-form, POST, a role that opens the child's forms (docs/api.md,
 * "admin-medical-form"; docs/admin-enrolment.md, "Opening a medical form"):
 * a signed download URL of the child's newest medical form (or, with
 * `publicId`, an earlier one of its history), valid 5 minutes, and when it
 * expires (ISO 8601). Each opening is audited.
 */
export const adminMedicalFormContract = defineContract({
  name: 'admin-medical-form',
  method: 'POST',
  request: z.object({ childId, publicId: z.optional(z.string().check(z.minLength(1), z.maxLength(512))) }),
  answer: z.object({ url: z.url(), expiresAt: z.iso.datetime() }),
  messages: {
    malformed: 'Richiesta non valida: serve "childId" (e, per una scheda sostituita, "publicId").',
    notReceived: 'Nessuna scheda medica ricevuta per questo figlio.',
    unrecognised: 'La scheda medica registrata non è riconosciuta: va caricata di nuovo.',
    otherBranch: 'Puoi aprire solo le schede mediche dei ragazzi della tua branca.',
  },
});

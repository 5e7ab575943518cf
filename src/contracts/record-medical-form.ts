import { z } from 'zod/mini';
import { defineContract } from './contract';
import { MEDICAL_FORM_MESSAGES } from './medical-form-messages';
import { cfField } from './parents';
import { childId } from './fields';

const MALFORMED = 'Richiesta non valida: servono "cf", "childId" e "upload" con public_id, version e signature.';
const CONSENT_MISSING = 'Per caricare la scheda medica conferma di aver letto l’informativa sulla privacy.';
const malformed = { error: MALFORMED };

/**
 * record-medical-form (docs/api.md, "get-signature and
 * record-medical-form"), with the family's session, after the upload
 * get-signature signed: Cloudinary's answer (`upload`: public id, version,
 * response signature) and the version of the privacy notice the parent
 * ticked 'Ho letto l'informativa' for (PRIVACY.noticeVersion). The server
 * checks the upload with Cloudinary before it records the form.
 */
export const recordMedicalFormContract = defineContract({
  name: 'record-medical-form',
  method: 'POST',
  request: z.object({
    cf: cfField,
    childId: childId,
    upload: z.object(
      {
        public_id: z.string(malformed).check(z.minLength(1, malformed), z.maxLength(512, malformed)),
        version: z.int(malformed).check(z.positive(malformed)),
        signature: z.string(malformed).check(z.regex(/^[0-9a-f]{40,64}$/, malformed)),
      },
      malformed,
    ),
    privacyNoticeVersion: z.string({ error: CONSENT_MISSING }).check(z.maxLength(32, { error: CONSENT_MISSING })),
  }),
  answer: z.object({ uploaded: z.literal(true) }),
  messages: {
    malformed: MALFORMED,
    ...MEDICAL_FORM_MESSAGES,
    /** 400: no consent to the privacy notice. */
    consentMissing: CONSENT_MISSING,
    /** 409: a consent to a notice since changed. */
    consentOutdated: 'L’informativa sulla privacy è stata aggiornata: ricarica la pagina, rileggila e conferma.',
    /** 400: a public id that is not one of the child's own uploads in the season's folder. */
    wrongFile: 'Il file caricato non corrisponde alla scheda medica di questo figlio.',
    /** 409: an upload answer already recorded, sent again (a replay): refused before Cloudinary is asked anything. */
    alreadyRecorded: 'Questa scheda medica è già stata ricevuta: non serve inviarla di nuovo.',
    /** 422: what Cloudinary stored is not a PDF of at most 10 MB of that version. */
    notPdf: 'Il file caricato non è un PDF di al massimo 10 MB: carica di nuovo la scheda medica.',
    /** 400: Cloudinary's response signature does not verify. */
    notVerified: 'Non è stato possibile verificare il caricamento: carica di nuovo la scheda medica.',
    /** 400: an upload more than an hour old. */
    stale: 'Il caricamento è scaduto: carica di nuovo la scheda medica.',
  },
});

import { z } from 'zod/mini';
import { defineContract } from './contract';
import { MEDICAL_FORM_MESSAGES } from './medical-form-messages';
import { cfField } from './parents';
import { childId } from './fields';

/**
 * get-signature (docs/api.md, "get-signature and record-medical-form"), with
 * the family's session: signs the upload of one eligible child's medical
 * form. The answer says where to post the file (`upload_url`: Cloudinary's
 * image upload endpoint, the media emulator locally) and the signed fields
 * to send with it: a public id new at every upload in the season's folder,
 * `type` 'authenticated' (never public) and PDF only (`allowed_formats`);
 * `upload_preset` is '' when none is configured.
 */
export const getSignatureContract = defineContract({
  name: 'get-signature',
  method: 'POST',
  request: z.object({ cf: cfField, childId: childId }),
  answer: z.object({
    upload_url: z.url({ protocol: /^https?$/ }),
    /** Unix time, seconds. */
    timestamp: z.int(),
    signature: z.string().check(z.minLength(1)),
    api_key: z.string().check(z.minLength(1)),
    upload_preset: z.string(),
    folder: z.string(),
    /** Without the folder: `{childId}/{unix seconds}-{8 hex}`. */
    public_id: z.string(),
    type: z.literal('authenticated'),
    allowed_formats: z.literal('pdf'),
  }),
  messages: {
    malformed: 'Richiesta non valida: servono "cf" e "childId".',
    ...MEDICAL_FORM_MESSAGES,
    /** 429: the child's signatures of the day spent (MAX_UPLOAD_SIGNATURES_PER_DAY). */
    tooManySignatures: (name: string) =>
      `Oggi ci sono già stati troppi tentativi di caricare la scheda medica di ${name}: riprova domani. Se il caricamento non riesce, contatta il gruppo.`,
  },
});

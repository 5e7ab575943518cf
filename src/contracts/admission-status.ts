import { z } from 'zod/mini';
import { admissionPlaceSchema } from './admission-apply';
import { defineContract } from './contract';

/**
 * admission-status (docs/api.md, "admission-status"): the place on the
 * waiting list of the application whose link (`/lista-attesa#{token}`, from
 * its e-mail) the parent opened: number, cohort, position today.
 */
export const admissionStatusContract = defineContract({
  name: 'admission-status',
  method: 'POST',
  request: z.object({ token: z.string().check(z.minLength(1), z.maxLength(300)) }),
  /**
   * `offer`: the place offered and until when (ISO), null when none is;
   * `interestAsked`: the yearly 'Confermi l'interesse?' waits for an answer.
   */
  answer: z.object({
    place: admissionPlaceSchema,
    offer: z.nullable(z.object({ until: z.iso.datetime() })),
    interestAsked: z.boolean(),
  }),
  messages: {
    malformed: "Link non valido: usa il link dell'e-mail che ti abbiamo inviato.",
    /** 404: a token that is not ours, or an application no longer on the list. */
    notFound: "Questa domanda non è più nella lista d'attesa. Per informazioni scrivi al gruppo.",
  },
});

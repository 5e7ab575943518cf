import { z } from 'zod/mini';
import { defineContract } from './contract';

/**
 * admission-interest ('Confermo l'interesse', /lista-attesa#…; docs/api.md,
 * "admission-interest"): the family answers the yearly 'Confermi
 * l'interesse?' and the application stays on the list.
 */
export const admissionInterestContract = defineContract({
  name: 'admission-interest',
  method: 'POST',
  request: z.object({ token: z.string().check(z.minLength(1), z.maxLength(300)) }),
  answer: z.object({ status: z.literal('confirmed') }),
  messages: {
    malformed: "Link non valido: usa il link dell'e-mail che ti abbiamo inviato.",
    /** 404: a token not ours, or an application no longer on the list. */
    notFound: "Questa domanda non è più nella lista d'attesa. Per informazioni scrivi al gruppo.",
  },
});

import { z } from 'zod/mini';
import { GROUP } from '@config/group';
import { defineContract } from './contract';

/**
 * admission-accept ('Accetta il posto', /lista-attesa#…; docs/api.md,
 * "admission-accept"): the family accepts the place offered to its
 * application; the child joins the roster by the import's rules, and the
 * answer names the family, so the parent can use 'Trova'.
 */
export const admissionAcceptContract = defineContract({
  name: 'admission-accept',
  method: 'POST',
  request: z.object({ token: z.string().check(z.minLength(1), z.maxLength(300)) }),
  answer: z.object({ status: z.literal('accepted'), surname: z.string(), branch: z.string() }),
  messages: {
    malformed: "Link non valido: usa il link dell'e-mail che ti abbiamo inviato.",
    /** 404: a token that is not ours, or no place offered to the application. */
    notOffered: 'Non risulta un posto offerto per questa domanda. Per informazioni scrivi al gruppo.',
    /** 410: the offer's deadline has passed. */
    expired: `Il tempo per accettare il posto è scaduto. Scrivi al gruppo (${GROUP.email}) se siete ancora interessati.`,
    /** 409: the roster holds the child or the parent in a way the application contradicts (another family). */
    conflict: `Non riusciamo a completare l'iscrizione da soli: il gruppo ti contatterà (${GROUP.email}).`,
  },
});

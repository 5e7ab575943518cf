import { z } from 'zod/mini';
import { familyChangeSchema } from '@domain/families/family-change';
import { defineContract } from './contract';

/**
 * admin-family, POST, admin with the `roster` permission (docs/api.md,
 * "admin-family"; docs/admin.md, "Famiglie"): one change to a family's
 * people (src/domain/families/family-change.ts), checked as an import checks a row;
 * the answer names the family changed.
 */
export const adminFamilyContract = defineContract({
  name: 'admin-family',
  method: 'POST',
  request: z.object({ change: familyChangeSchema }),
  answer: z.object({ familyId: z.string() }),
  messages: {
    malformed: 'Richiesta non valida: serve "change" con il tipo di modifica e i dati.',
    familyGone: 'La famiglia non esiste più. Aggiorna la pagina.',
    childGone: 'Il figlio non esiste più. Aggiorna la pagina.',
    parentGone: 'Il genitore non esiste più. Aggiorna la pagina.',
    lastParent: 'Una famiglia ha almeno un genitore: aggiungi prima l’altro genitore.',
    taken: (cf: string, who: string) => `Il codice fiscale ${cf} è già di ${who}.`,
    /** 409: the parent's address is a volunteer's with a role (docs/security.md, "Admin actions and the audit log"). */
    staffEmail:
      "Questo indirizzo e-mail è di un account dell'area admin: un volontario non può diventare genitore di una famiglia con il proprio account. Per il genitore usa un altro indirizzo.",
  },
});

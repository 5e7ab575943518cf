import { z } from 'zod/mini';
import { defineContract } from './contract';
import { documentId } from './fields';

/** A parent's e-mail change waiting for the group: who, from which address (null: none) to which, since when (ISO). */
export const groupEmailChangeSchema = z.object({
  parentId: z.string(),
  name: z.string(),
  oldEmail: z.nullable(z.string()),
  newEmail: z.string(),
  requestedAt: z.iso.datetime(),
});
export type GroupEmailChangeView = z.output<typeof groupEmailChangeSchema>;

/**
 * admin-email-change, POST, admin with the `roster` permission (docs/api.md,
 * "admin-email-change"; docs/security.md, "Changing a parent's e-mail"): the
 * family's e-mail changes whose new address a parent proved with its code
 * and whose old address is gone, listed ('list'), confirmed ('confirm': the
 * address replaced, the old address told) or refused ('refuse'). Every
 * answer is the family's changes still waiting.
 */
export const adminEmailChangeContract = defineContract({
  name: 'admin-email-change',
  method: 'POST',
  request: z.discriminatedUnion('action', [
    z.object({ action: z.literal('list'), familyId: documentId }),
    z.object({ action: z.literal('confirm'), familyId: documentId, parentId: documentId }),
    z.object({ action: z.literal('refuse'), familyId: documentId, parentId: documentId }),
  ]),
  answer: z.object({ changes: z.array(groupEmailChangeSchema) }),
  messages: {
    malformed: 'Richiesta non valida: indica la famiglia e il genitore.',
    /** 404: the change no longer waits (confirmed, refused, replaced or expired). */
    noChange: 'Questo cambio di e-mail non è più in attesa. Aggiorna la pagina.',
    /** 409: the new address became a volunteer's with a role while the change waited. */
    staffEmail:
      "Il nuovo indirizzo è di un account dell'area admin: un volontario non può diventare genitore di una famiglia con il proprio account. Rifiuta il cambio.",
  },
});

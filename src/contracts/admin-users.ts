import { z } from 'zod/mini';
import { staffSchema } from '@domain/staff/staff-role-schema';
import { defineContract } from './contract';

/**
 * admin-users, POST, admin with the `users` permission ('Utenti';
 * docs/api.md, "admin-users"; docs/security.md, "Roles"): 'list' the
 * accounts; 'invite' an e-mail with a role (its account made when there is
 * none, e-mailed a link to set its password unless its e-mail is verified);
 * 'grant' an existing account a role (null: none); 'resend' an invitation.
 * Every account is answered as {@link staffAccountAnswer}; `invitation` is
 * 'sent', 'recent' (one went out less than a minute ago) or null (a
 * verified account, whose role counts at its next sign-in).
 */

/** An account as 'Utenti' lists it: `state` StaffAccountState, `invitationSentAt` ISO 8601 or null. */
export const staffAccountAnswer = z.object({
  uid: z.string(),
  email: z.string(),
  staff: z.nullable(staffSchema),
  disabled: z.boolean(),
  state: z.enum(['active', 'invited', 'unverified']),
  invitationSentAt: z.nullable(z.iso.datetime()),
});

/** What 'list' answers. */
export const staffListAnswer = z.object({ accounts: z.array(staffAccountAnswer) });
/** What 'invite' and 'resend' answer. */
export const staffInvitationAnswer = z.object({ account: staffAccountAnswer, invitation: z.nullable(z.enum(['sent', 'recent'])) });
/** What 'grant' answers. */
export const staffGrantAnswer = z.object({ account: staffAccountAnswer });

const email = z.pipe(
  z.email(),
  z.transform((address: string) => address.toLowerCase()),
);

export const adminUsersContract = defineContract({
  name: 'admin-users',
  method: 'POST',
  request: z.discriminatedUnion('action', [
    z.object({ action: z.literal('list') }),
    z.object({ action: z.literal('invite'), email, staff: staffSchema }),
    z.object({ action: z.literal('grant'), email, staff: z.nullable(staffSchema) }),
    z.object({ action: z.literal('resend'), email }),
  ]),
  // The invitation's answer before the grant's: a union keeps the first shape that parses.
  answer: z.union([staffListAnswer, staffInvitationAnswer, staffGrantAnswer]),
  messages: {
    malformed: 'Richiesta non valida: serve "action" (list, invite, grant o resend) e, secondo l’azione, l’e-mail e il ruolo.',
    ownAdmin: 'Non puoi togliere a te stesso il ruolo di amministratore: chiedilo a un altro amministratore.',
    // The refusals of a role, the same from 'Utenti' and `npm run admin` (netlify/lib/staff/staff-accounts.ts).
    unknownAccount: (email: string) => `Nessun account con l’e-mail ${email}: invitalo con «Invita».`,
    selfRegistered: (email: string) =>
      `L’account ${email} non è stato creato da un invito e la sua e-mail non è confermata: chiunque può averlo registrato, quindi non può avere un ruolo. Eliminalo nella console di Firebase (Authentication > Users) e invitalo di nuovo.`,
    alreadyActive: (email: string) => `${email} ha già confermato l’e-mail: può accedere all’area admin con la sua password.`,
    noRole: (email: string) => `${email} non ha un ruolo: assegnagliene uno, poi invia l’invito.`,
  },
});

/** An account as the answer carries it. */
export type StaffAccountAnswer = z.infer<typeof staffAccountAnswer>;

import { compose, linkBlock, say, type MailContent, type MailContext } from '../platform/mail/layout';

/** The e-mail of a volunteer's invitation (docs/security.md, "Roles"), in Italian, built from the parts of netlify/lib/platform/mail/layout.ts. */

/** Data of {@link staffInvitationMail}: the role given, as 'Utenti' says it; who invited; the link to set the password (invitationLink, netlify/lib/staff/admin-claims.ts). */
export interface StaffInvitationMail {
  /** 'Tesoriere', 'Capo (Reparto, Clan)' (staffLabel, src/domain/staff/staff-roles.ts). */
  roleLabel: string;
  /** The admin's e-mail. */
  invitedBy: string;
  link: string;
}

/**
 * 'Invito all'area admin del portale' (docs/security.md, "Roles"): who
 * invited the volunteer and with which role, the link to choose a password
 * (an hour, once), where to sign in afterwards, to ignore it if unexpected.
 */
export function staffInvitationMail(invitation: StaffInvitationMail, context: MailContext): MailContent {
  return compose(
    "Invito all'area admin del portale",
    [
      say('Ciao,'),
      say(`${invitation.invitedBy} ti ha invitato nell'area admin del portale del gruppo con il ruolo di ${invitation.roleLabel}.`),
      say('Per entrare scegli la tua password da questo link:'),
      linkBlock(invitation.link),
      say("Il link vale un'ora e si usa una volta sola: se è scaduto, chiedi a chi ti ha invitato di inviarlo di nuovo."),
      say(`Poi accedi da ${context.siteUrl.replace(/\/+$/, '')}/admin con questo indirizzo e la password che hai scelto.`),
      say('Se non ti aspettavi questo invito, ignora questa e-mail: senza il link nessuno può entrare con questo indirizzo.'),
    ],
    context,
  );
}

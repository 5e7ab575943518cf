import { accountState, findAccount, invitationLink } from '../../../netlify/lib/staff/admin-claims';
import { HttpError } from '../../../netlify/lib/platform/http';
import { getDb } from '../../../netlify/lib/platform/firestore';
import { deliverMail } from '../../../netlify/lib/mail-delivery';
import { staffInvitationMail } from '../../../netlify/lib/staff/staff-mails';
import { accountForRole, applyStaffChange } from '../../../netlify/lib/staff/staff-accounts';
import { staffLabel, staffOf, type Staff } from '@domain/staff/staff-roles';
import { SetupError, type SetupStep } from '../types';

/** Who made the first admin, as 'Registro' shows it. */
export const SETUP_ACTOR = { uid: 'cli', email: 'npm run setup' } as const;

const ADMIN: Staff = { role: 'admin' };

/**
 * The first admin (docs/deploy.md, "The first admin"; docs/security.md,
 * "Roles"), as `npm run admin -- invite EMAIL --role admin` makes it and
 * as 'Utenti' invites: the account (no password) with the admin role, the
 * change and the invitation recorded (`staff_accounts`, `audit_log`), and
 * the e-mail 'Invito all'area admin del portale' with the link to choose
 * the password, sent through the outbox at once. An account that is
 * already admin is left alone (its link, if lost: `npm run admin -- invite`).
 */
export const firstAdminStep: SetupStep = {
  title: 'Primo amministratore',
  plan: ({ answers, firebase }) => [
    `firebase-admin auth().getUserByEmail("${answers.admin.email}") su ${firebase.kind === 'emulator' ? `emulatore ${firebase.authHost}` : `progetto ${firebase.projectId}`}`,
    "se non è amministratore: account creato con il ruolo, registrato in staff_accounts e audit_log, e-mail d'invito con il link per la password",
  ],
  apply: async ({ answers, siteUrl, firebase }) => {
    const email = answers.admin.email.toLowerCase();
    const page =
      firebase.kind === 'project'
        ? `https://console.firebase.google.com/project/${firebase.projectId}/authentication/users`
        : 'docs/local-stack.md';
    const existing = await findAccount(email);
    if (existing && staffOf(existing.customClaims ?? {})?.role === 'admin') {
      const state = accountState(existing);
      return {
        status: 'già a posto',
        detail:
          state === 'active'
            ? `${email} è amministratore`
            : `${email} è invitato, in attesa della password (nuovo link: npm run admin -- invite ${email} --role admin)`,
      };
    }
    try {
      const db = getDb();
      const { user, created } = await accountForRole(email, ADMIN, true);
      const invite = !user.emailVerified;
      const mail = invite
        ? {
            kind: 'staff-invitation' as const,
            to: [email],
            familyId: null,
            content: staffInvitationMail(
              { roleLabel: staffLabel(ADMIN), invitedBy: SETUP_ACTOR.email, link: await invitationLink(email, siteUrl) },
              { siteUrl: siteUrl ?? '' },
            ),
          }
        : null;
      const result = await applyStaffChange(db, {
        user,
        staff: ADMIN,
        actor: SETUP_ACTOR,
        invitation: mail ? { mail, created } : undefined,
      });
      const delivered = result.mailId ? await deliverMail(db, result.mailId) : null;
      const sent =
        delivered === 'sent'
          ? `e-mail d'invito inviata a ${email}`
          : delivered
            ? `e-mail d'invito in coda (${delivered})`
            : 'nessun invito: e-mail già verificata';
      return { status: created ? 'creato' : 'aggiornato', detail: `${email} amministratore; ${sent}` };
    } catch (error) {
      if (error instanceof HttpError) throw new SetupError(error.message, page);
      throw error;
    }
  },
};

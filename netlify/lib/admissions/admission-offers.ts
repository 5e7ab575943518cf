import { Timestamp, type Firestore, type Transaction } from 'firebase-admin/firestore';
import { paths } from '@config/paths';
import { adminAdmissionsContract } from '@contracts/admin-admissions';
import { admissionAcceptContract } from '@contracts/admission-accept';
import { ADMISSION_OFFER_DAYS, applicationNumberText, entryBranch } from '@domain/admissions/admission';
import { admissionApplicationDocument, type AdmissionApplicationDocument } from '@domain/admissions/admission-schema';
import { AUDIT_ACTION } from '@domain/audit-log';
import { COLLECTION } from '@domain/collections';
import { italianDay, italianDayText } from '@domain/italian-time';
import type { RosterFamily } from '@domain/roster/roster';
import { recordAudit, type AuditActor } from '../platform/audit-log';
import { runTransaction } from '../platform/firestore';
import { HttpError } from '../platform/http';
import type { MailContext } from '../platform/mail/layout';
import { enqueueMail } from '../platform/mail/outbox';
import { readSnapshot } from '../platform/snapshots';
import { commitFamilies } from '../roster/roster-writes';
import { admissionOfferMail } from './admission-mails';
import { readStatusToken, statusToken } from './admission-place';

/**
 * A place offered and accepted (docs/product.md, "Waiting list"): the group
 * offers the place to an application the Comunità capi admitted ('Offri il
 * posto', {@link offerPlace}); the family accepts it from the e-mail's link
 * ('Accetta il posto', {@link acceptPlace}) and the child joins the roster
 * by the import's rules (commitFamilies), in one transaction.
 */

const ADMIN = adminAdmissionsContract.messages;
const ACCEPT = admissionAcceptContract.messages;

/**
 * Offers the place to the admitted application `id`, by `actor`: `offered`
 * until ADMISSION_OFFER_DAYS from `now`, the family e-mailed the link, the
 * audit entry, in one transaction. Two volunteers at once offer it once.
 * @returns the offer e-mail's id (deliver it after the answer).
 * @throws HttpError 404 `notFound`; 409 `notAdmitted`, `alreadyOffered`.
 */
export async function offerPlace(db: Firestore, { id, actor }: { id: string; actor: AuditActor }, context: MailContext, now = new Date()) {
  const ref = db.collection(COLLECTION.admissionApplications).doc(id);
  return runTransaction(db, async (transaction) => {
    const application = readSnapshot(admissionApplicationDocument, await transaction.get(ref));
    if (!application || (application.state !== 'waiting' && application.state !== 'offered')) throw new HttpError(404, ADMIN.notFound);
    if (application.state === 'offered') throw new HttpError(409, ADMIN.alreadyOffered);
    if (application.decision?.outcome !== 'Ammesso') throw new HttpError(409, ADMIN.notAdmitted);
    return writeOffer(db, transaction, { application, actor }, context, now);
  });
}

/**
 * Writes in `transaction` the offer of the place to `application` (waiting,
 * admitted; read in the same transaction): `offered` for
 * ADMISSION_OFFER_DAYS, the audit entry by `actor`, the e-mail with the link.
 * @returns the e-mail's id.
 */
export function writeOffer(
  db: Firestore,
  transaction: Transaction,
  { application, actor }: { application: AdmissionApplicationDocument; actor: AuditActor },
  context: MailContext,
  now: Date,
): string | null {
  const ref = db.collection(COLLECTION.admissionApplications).doc(application.id);
  const until = new Date(now.getTime() + ADMISSION_OFFER_DAYS * 24 * 60 * 60_000);
  transaction.update(ref, { state: 'offered', offered_until: Timestamp.fromDate(until) });
  const number = applicationNumberText(application.number ?? 0);
  const childName = `${application.child.name} ${application.child.surname}`.trim();
  recordAudit(db, transaction, {
    actor,
    action: AUDIT_ACTION.admissionOffer,
    target: { collection: COLLECTION.admissionApplications, id: application.id },
    summary: `${number} ${childName}: posto offerto fino al ${italianDayText(italianDay(until))}`,
    before: { state: application.state },
    after: { state: 'offered', offered_until: until.toISOString() },
  });
  const link = `${context.siteUrl}${paths.listaAttesa}#${statusToken(application.id)}`;
  const content = admissionOfferMail({ number, childName, until: italianDayText(italianDay(until)), link }, context);
  const mail = { kind: 'admission-offer' as const, to: [application.parent.email], content, familyId: null, expiresAt: until };
  return enqueueMail(db, transaction, mail, now);
}

/**
 * Accepts the place offered to the application of status `token`: the
 * child (and the family and parent when new) written into the roster as one
 * import family (commitFamilies: the same checks, index and notices), the
 * application `accepted` with its family, the audit entry by the parent.
 * @returns the family's surname and the child's branch, and the notices' ids.
 * @throws HttpError 404 `notOffered`, 410 `expired`, 409 `conflict` (the roster refuses the family as an import would).
 */
export async function acceptPlace(db: Firestore, token: string, context: MailContext, now = new Date()) {
  const id = readStatusToken(token);
  if (!id) throw new HttpError(404, ACCEPT.notOffered);
  const ref = db.collection(COLLECTION.admissionApplications).doc(id);
  return runTransaction(db, async (transaction) => {
    const application = readSnapshot(admissionApplicationDocument, await transaction.get(ref));
    // Pressed again (a retried request, a second tap): the same answer, nothing written.
    if (application?.state === 'accepted') {
      return {
        surname: application.child.surname,
        branch: entryBranch(application.child.birth_date, italianDay(now)),
        mailIds: [] as string[],
      };
    }
    if (application?.state !== 'offered' || !application.offered_until) throw new HttpError(404, ACCEPT.notOffered);
    if (application.offered_until <= now) throw new HttpError(410, ACCEPT.expired);
    const { child, parent } = application;
    const branch = entryBranch(child.birth_date, italianDay(now));
    const family: RosterFamily = {
      surname: child.surname,
      children: [{ cf: child.cf, name: child.name, surname: child.surname, branch, row: 0 }],
      parents: [{ cf: parent.cf, name: parent.name, surname: parent.surname, email: parent.email, phone: parent.phone }],
      rows: [0],
    };
    const [outcome] = await commitFamilies(db, transaction, [family], context);
    if (!outcome || outcome.kind === 'refused') throw new HttpError(409, ACCEPT.conflict);
    const familyId = 'familyId' in outcome ? outcome.familyId : null;
    transaction.update(ref, { state: 'accepted', offered_until: null, family_id: familyId, accepted_at: Timestamp.fromDate(now) });
    recordAudit(db, transaction, {
      // The family has no parent id until this write: the application names who accepted.
      actor: { uid: `admission:${id}`, email: parent.email },
      action: AUDIT_ACTION.admissionAccept,
      target: { collection: COLLECTION.admissionApplications, id },
      summary: `${applicationNumberText(application.number ?? 0)} ${child.name} ${child.surname}: posto accettato, in ${branch}`,
      before: { state: 'offered' },
      after: { state: 'accepted', family_id: familyId, branch },
    });
    return { surname: child.surname, branch, mailIds: 'mailIds' in outcome ? outcome.mailIds : [] };
  });
}

import { Timestamp, type Firestore } from 'firebase-admin/firestore';
import { applicationNumberText, waitingOrder } from '@domain/admissions/admission';
import { admissionApplicationDocument } from '@domain/admissions/admission-schema';
import { SYSTEM_ACTOR } from '@domain/audit-log';
import { COLLECTION } from '@domain/collections';
import { runTransaction } from '../platform/firestore';
import type { MailContext } from '../platform/mail/layout';
import { enqueueMail } from '../platform/mail/outbox';
import { readAllSnapshots, readSnapshot } from '../platform/snapshots';
import { admissionLapsedMail } from './admission-mails';
import { writeOffer } from './admission-offers';
import { cohortApplications } from './admission-place';
import { readAdmissionOrder } from './admission-settings';

/**
 * A place nobody accepted in time (docs/product.md, "Waiting list"): the
 * offer past its `offered_until` leaves the list (`lapsed`, the family told)
 * and the place goes to the next admitted application of the same year, in
 * the group's order, by 'sistema', in the same transaction: the place is
 * never offered twice nor lost.
 */

/**
 * Ends each offer past its time at `now`, one transaction an offer (read
 * again there, so two runs at once end it once), offering the place to the
 * next application 'Ammesso' still waiting in its cohort, when there is one.
 * @returns how many offers ended and how many places were offered again, and the messages' ids.
 */
export async function expireAdmissionOffers(db: Firestore, context: MailContext, now = new Date()) {
  const offered = readAllSnapshots(
    admissionApplicationDocument,
    (await db.collection(COLLECTION.admissionApplications).where('state', '==', 'offered').get()).docs,
  ).filter((application) => application.offered_until && application.offered_until <= now);
  const outcome = { ended: 0, offeredAgain: 0, mailIds: [] as string[] };
  for (const candidate of offered) {
    const ref = db.collection(COLLECTION.admissionApplications).doc(candidate.id);
    const done = await runTransaction(db, async (transaction) => {
      const application = readSnapshot(admissionApplicationDocument, await transaction.get(ref));
      if (application?.state !== 'offered' || !application.offered_until || application.offered_until > now) return null;
      const [cohort, order] = await Promise.all([
        cohortApplications(db, application.cohort, transaction),
        readAdmissionOrder(db, transaction),
      ]);
      const admitted = cohort.filter((each) => each.state === 'waiting' && each.decision?.outcome === 'Ammesso');
      const next = waitingOrder(
        admitted.map((each) => ({ ...each, number: each.number ?? 0 })),
        order,
      )[0];
      transaction.update(ref, { state: 'lapsed', lapsed_at: Timestamp.fromDate(now), offered_until: null });
      const childName = `${application.child.name} ${application.child.surname}`.trim();
      const content = admissionLapsedMail({ number: applicationNumberText(application.number ?? 0), childName }, context);
      const mailIds = [
        enqueueMail(db, transaction, { kind: 'admission-lapsed', to: [application.parent.email], content, familyId: null }, now),
      ];
      if (next) mailIds.push(writeOffer(db, transaction, { application: next, actor: SYSTEM_ACTOR }, context, now));
      return { mailIds: mailIds.filter((id): id is string => id !== null), offeredAgain: next ? 1 : 0 };
    });
    if (!done) continue;
    outcome.ended += 1;
    outcome.offeredAgain += done.offeredAgain;
    outcome.mailIds.push(...done.mailIds);
  }
  return outcome;
}

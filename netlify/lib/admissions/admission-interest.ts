import { Timestamp, type Firestore } from 'firebase-admin/firestore';
import { paths } from '@config/paths';
import { admissionInterestContract } from '@contracts/admission-interest';
import { applicationNumberText, INTEREST_ANSWER_DAYS, interestStep } from '@domain/admissions/admission';
import { admissionApplicationDocument, type AdmissionApplicationDocument } from '@domain/admissions/admission-schema';
import { AUDIT_ACTION, SYSTEM_ACTOR } from '@domain/audit-log';
import { COLLECTION } from '@domain/collections';
import { recordAudit } from '../platform/audit-log';
import { runTransaction } from '../platform/firestore';
import { HttpError } from '../platform/http';
import type { MailContext } from '../platform/mail/layout';
import { enqueueMail } from '../platform/mail/outbox';
import { readAllSnapshots, readSnapshot } from '../platform/snapshots';
import { admissionInterestMail, admissionLapsedMail } from './admission-mails';
import { readStatusToken, statusToken } from './admission-place';

/**
 * The yearly 'Confermi l'interesse?' (docs/product.md, "Waiting list"): an
 * application a year on the list (or a year after its last confirmation) is
 * asked; one not confirmed within INTEREST_ANSWER_DAYS leaves the list
 * (`lapsed`) and the family is told.
 */

const stepOf = (application: AdmissionApplicationDocument, now: Date) =>
  interestStep(
    {
      appliedAt: application.applied_at ?? application.created_at,
      askedAt: application.interest_asked_at,
      confirmedAt: application.interest_confirmed_at,
    },
    now,
  );

/**
 * Asks, or lets lapse, each waiting application whose time has come at
 * `now`, each in its own transaction (checked again there, so two runs at
 * once ask once), with one audit entry for the run by 'sistema'.
 * @returns how many were asked and how many lapsed, and the messages' ids.
 */
export async function runInterestCheck(db: Firestore, context: MailContext, now = new Date()) {
  const waiting = readAllSnapshots(
    admissionApplicationDocument,
    (await db.collection(COLLECTION.admissionApplications).where('state', '==', 'waiting').get()).docs,
  );
  const outcome = { asked: 0, lapsed: 0, mailIds: [] as string[] };
  for (const candidate of waiting.filter((application) => stepOf(application, now) !== null)) {
    const ref = db.collection(COLLECTION.admissionApplications).doc(candidate.id);
    const done = await runTransaction(db, async (transaction) => {
      const application = readSnapshot(admissionApplicationDocument, await transaction.get(ref));
      const step = application?.state === 'waiting' ? stepOf(application, now) : null;
      if (!application || !step) return null;
      const number = applicationNumberText(application.number ?? 0);
      const childName = `${application.child.name} ${application.child.surname}`.trim();
      const to = [application.parent.email];
      if (step === 'ask') {
        transaction.update(ref, { interest_asked_at: Timestamp.fromDate(now) });
        const link = `${context.siteUrl}${paths.listaAttesa}#${statusToken(application.id)}`;
        const content = admissionInterestMail({ number, childName, days: INTEREST_ANSWER_DAYS, link }, context);
        return { step, mailId: enqueueMail(db, transaction, { kind: 'admission-interest', to, content, familyId: null }, now) };
      }
      transaction.update(ref, { state: 'lapsed', lapsed_at: Timestamp.fromDate(now) });
      const content = admissionLapsedMail({ number, childName }, context);
      return { step, mailId: enqueueMail(db, transaction, { kind: 'admission-lapsed', to, content, familyId: null }, now) };
    });
    if (!done) continue;
    outcome[done.step === 'ask' ? 'asked' : 'lapsed'] += 1;
    if (done.mailId) outcome.mailIds.push(done.mailId);
  }
  if (outcome.asked + outcome.lapsed > 0) await recordRun(db, outcome);
  return outcome;
}

/** The run's audit entry: how many asked, how many left the list; never who. */
async function recordRun(db: Firestore, { asked, lapsed }: { asked: number; lapsed: number }) {
  const batch = db.batch();
  recordAudit(db, batch, {
    actor: SYSTEM_ACTOR,
    action: AUDIT_ACTION.admissionInterest,
    target: { collection: COLLECTION.admissionApplications, id: 'interest' },
    summary: `Conferma dell'interesse: ${asked} ${asked === 1 ? 'famiglia interpellata' : 'famiglie interpellate'}, ${lapsed} ${lapsed === 1 ? 'domanda uscita' : 'domande uscite'} dalla lista`,
    before: null,
    after: { asked, lapsed },
  });
  await batch.commit();
}

/**
 * 'Confermo l'interesse' from the link of the application of status `token`: the answer recorded now.
 * @throws HttpError 404 `notFound` for a token not ours or an application no longer waiting.
 */
export async function confirmInterest(db: Firestore, token: string, now = new Date()): Promise<void> {
  const id = readStatusToken(token);
  if (!id) throw new HttpError(404, admissionInterestContract.messages.notFound);
  const ref = db.collection(COLLECTION.admissionApplications).doc(id);
  await runTransaction(db, async (transaction) => {
    const application = readSnapshot(admissionApplicationDocument, await transaction.get(ref));
    if (application?.state !== 'waiting' && application?.state !== 'offered')
      throw new HttpError(404, admissionInterestContract.messages.notFound);
    transaction.update(ref, { interest_confirmed_at: Timestamp.fromDate(now) });
  });
}

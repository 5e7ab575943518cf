import { Timestamp, type Firestore } from 'firebase-admin/firestore';
import { adminAdmissionsContract, type AdmissionList } from '@contracts/admin-admissions';
import { AUDIT_ACTION } from '@domain/audit-log';
import { COLLECTION } from '@domain/collections';
import { admissionApplicationDocument } from '@domain/admissions/admission-schema';
import { applicationNumberText, waitingOrder, type AdmissionOutcome } from '@domain/admissions/admission';
import { italianDay, italianDayText } from '@domain/italian-time';
import { recordAudit, type AuditActor } from '../platform/audit-log';
import { runTransaction } from '../platform/firestore';
import { HttpError } from '../platform/http';
import { readAllSnapshots, readSnapshot } from '../platform/snapshots';
import { isOnTheList, ON_THE_LIST } from './admission-place';
import { readAdmissionOrder } from './admission-settings';

/**
 * 'Lista d'attesa' in the admin (docs/admin.md, "Lista d'attesa"): the
 * waiting applications by cohort in the group's order, and the Comunità
 * capi's decisions recorded on them.
 */

/** Every waiting application, by cohort (oldest first), each cohort in the group's order (waitingOrder). */
export async function listAdmissions(db: Firestore): Promise<AdmissionList> {
  const snapshot = await db.collection(COLLECTION.admissionApplications).where('state', 'in', ON_THE_LIST).get();
  const waiting = readAllSnapshots(admissionApplicationDocument, snapshot.docs);
  const order = await readAdmissionOrder(db);
  const cohorts = [...new Set(waiting.map((application) => application.cohort))].sort((a, b) => a - b);
  return {
    siblingsFirst: order.siblingsFirst,
    cohorts: cohorts.map((cohort) => {
      const queued = waiting
        .filter((application) => application.cohort === cohort)
        .map((application) => ({ ...application, number: application.number ?? 0 }));
      return {
        cohort,
        applications: waitingOrder(queued, order).map((application, index) => ({
          id: application.id,
          number: applicationNumberText(application.number),
          position: index + 1,
          childName: `${application.child.name} ${application.child.surname}`.trim(),
          birthDate: application.child.birth_date,
          parentName: `${application.parent.name} ${application.parent.surname}`.trim(),
          email: application.parent.email,
          phone: application.parent.phone,
          siblings: application.siblings,
          note: application.note,
          appliedAt: (application.applied_at ?? application.created_at).toISOString(),
          state: application.state === 'offered' ? ('offered' as const) : ('waiting' as const),
          offeredUntil: application.offered_until?.toISOString() ?? null,
          decision: application.decision && {
            outcome: application.decision.outcome,
            meetingDate: application.decision.meeting_date,
            recordedBy: application.decision.recorded_by,
            recordedAt: application.decision.recorded_at.toISOString(),
          },
        })),
      };
    }),
  };
}

/**
 * Records in one transaction the decision `outcome` of the meeting of
 * `meetingDate` (yyyy-mm-dd, not after today in Italy) on the waiting
 * application `id`, with its audit entry (before and after). The same
 * decision again writes nothing.
 * @throws HttpError 404 `notFound` for an application gone or not waiting; 400 `meetingDate`.
 */
export async function decideAdmission(
  db: Firestore,
  decision: { id: string; outcome: AdmissionOutcome; meetingDate: string; actor: AuditActor },
  now = new Date(),
): Promise<void> {
  const { id, outcome, meetingDate, actor } = decision;
  if (meetingDate > italianDay(now) || Number.isNaN(Date.parse(`${meetingDate}T12:00:00Z`))) {
    throw new HttpError(400, adminAdmissionsContract.messages.meetingDate);
  }
  const ref = db.collection(COLLECTION.admissionApplications).doc(id);
  await runTransaction(db, async (transaction) => {
    const application = readSnapshot(admissionApplicationDocument, await transaction.get(ref));
    if (!application || !isOnTheList(application.state)) throw new HttpError(404, adminAdmissionsContract.messages.notFound);
    const before = application.decision;
    if (before?.outcome === outcome && before.meeting_date === meetingDate) return;
    const recorded = { outcome, meeting_date: meetingDate, recorded_by: actor.email, recorded_at: Timestamp.fromDate(now) };
    transaction.update(ref, { decision: recorded });
    const child = `${application.child.name} ${application.child.surname}`.trim();
    recordAudit(db, transaction, {
      actor,
      action: AUDIT_ACTION.admissionDecide,
      target: { collection: COLLECTION.admissionApplications, id },
      summary: `${applicationNumberText(application.number ?? 0)} ${child}: ${outcome} (Comunità capi del ${italianDayText(meetingDate)})`,
      before: before ? { outcome: before.outcome, meeting_date: before.meeting_date } : null,
      after: { outcome, meeting_date: meetingDate },
    });
  });
}

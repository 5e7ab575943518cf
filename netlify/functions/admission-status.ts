import type { Config } from '@netlify/functions';
import { admissionStatusContract } from '@contracts/admission-status';
import { COLLECTION } from '@domain/collections';
import { admissionApplicationDocument } from '@domain/admissions/admission-schema';
import { cohortApplications, isOnTheList, placeOf, readStatusToken } from '../lib/admissions/admission-place';
import { readAdmissionOrder } from '../lib/admissions/admission-settings';
import { interestAwaitsAnswer } from '@domain/admissions/admission';
import { contractFunction } from '../lib/platform/contract-function';
import { getDb } from '../lib/platform/firestore';
import { HttpError } from '../lib/platform/http';
import { readSnapshot } from '../lib/platform/snapshots';

/**
 * admission-status (admissionStatusContract; docs/api.md, "admission-status"):
 * the place today of the application whose status link was opened, and the
 * place offered to it while the offer runs. A token that is not ours, or an
 * application no longer on the list, is 404.
 */
export default contractFunction(admissionStatusContract, async ({ token }) => {
  const id = readStatusToken(token);
  if (!id) throw new HttpError(404, admissionStatusContract.messages.notFound);
  const db = getDb();
  const application = readSnapshot(admissionApplicationDocument, await db.collection(COLLECTION.admissionApplications).doc(id).get());
  if (!application || !isOnTheList(application.state)) throw new HttpError(404, admissionStatusContract.messages.notFound);
  const [cohort, order] = await Promise.all([cohortApplications(db, application.cohort), readAdmissionOrder(db)]);
  const place = placeOf(application, cohort, order);
  const until = application.state === 'offered' ? application.offered_until : null;
  const interestAsked = interestAwaitsAnswer({ askedAt: application.interest_asked_at, confirmedAt: application.interest_confirmed_at });
  return { body: { place, offer: until && until > new Date() ? { until: until.toISOString() } : null, interestAsked } };
});

/** A parent opens the link now and then; the limit only stops a runaway loop. */
export const config: Config = { rateLimit: { windowLimit: 30, windowSize: 60, aggregateBy: ['ip', 'domain'] } };

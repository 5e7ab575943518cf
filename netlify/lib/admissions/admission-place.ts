import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import type { Firestore, Transaction } from 'firebase-admin/firestore';
import type { AdmissionPlace } from '@contracts/admission-apply';
import { COLLECTION } from '@domain/collections';
import { admissionApplicationDocument, type AdmissionApplicationDocument } from '@domain/admissions/admission-schema';
import { applicationNumberText, waitingPosition } from '@domain/admissions/admission';
import { readAllSnapshots } from '../platform/snapshots';
import { currentKey, verificationKeys } from '../platform/secret-keys';
import type { AdmissionOrder } from './admission-settings';

/**
 * Where an application stands on the waiting list (docs/product.md,
 * "Waiting list"): its id, its place among its cohort, and the link that
 * shows it to the parent.
 */

/**
 * The id of the application of the child `cf` (normalised): SHA-256 of it,
 * so a second application for the same child meets the first, whatever the
 * secret's rotations. The collection is server only.
 */
export const applicationIdOf = (cf: string) => createHash('sha256').update(`admission:${cf}`).digest('hex');

/** The states of an application still on the list: waiting, or with the place offered. */
export const ON_THE_LIST = ['waiting', 'offered'] as const;

/** True when an application in `state` is still on the list. */
export const isOnTheList = (state: string): boolean => (ON_THE_LIST as readonly string[]).includes(state);

/** The applications of `cohort` still on the list (ON_THE_LIST), read in `transaction` when given. */
export async function cohortApplications(
  db: Firestore,
  cohort: number,
  transaction?: Transaction,
): Promise<AdmissionApplicationDocument[]> {
  const query = db.collection(COLLECTION.admissionApplications).where('cohort', '==', cohort).where('state', 'in', ON_THE_LIST);
  const snapshot = transaction ? await transaction.get(query) : await query.get();
  return readAllSnapshots(admissionApplicationDocument, snapshot.docs);
}

/** The place of `application` among `cohort`, its cohort's applications on the list, in the group's `order`. */
export function placeOf(
  application: AdmissionApplicationDocument,
  cohort: readonly AdmissionApplicationDocument[],
  order: AdmissionOrder,
): AdmissionPlace {
  const queued = cohort.map((each) => ({
    id: each.id,
    cohort: each.cohort,
    number: each.number ?? 0,
    siblings: each.siblings,
  }));
  return {
    number: applicationNumberText(application.number ?? 0),
    cohort: application.cohort,
    position: waitingPosition(queued, application.id, order) ?? queued.length + 1,
    childName: `${application.child.name} ${application.child.surname}`.trim(),
    appliedAt: (application.applied_at ?? application.created_at).toISOString(),
  };
}

const signatureOf = (key: Buffer, id: string) => createHmac('sha256', key).update(`status:${id}`).digest('base64url');

/** The token of the status link of application `id`: `{id}.{HMAC}` (the 'admission' key). */
export function statusToken(id: string): string {
  return `${id}.${signatureOf(currentKey('admission'), id)}`;
}

/** The application id a status token names, when its HMAC is ours (the current or the previous secret's); null otherwise. */
export function readStatusToken(token: string): string | null {
  const [id, signature, ...rest] = token.split('.');
  if (!id || !signature || rest.length > 0 || !/^[0-9a-f]{64}$/.test(id)) return null;
  const given = Buffer.from(signature);
  const good = verificationKeys('admission').some((key) => {
    const expected = Buffer.from(signatureOf(key, id));
    return expected.length === given.length && timingSafeEqual(expected, given);
  });
  return good ? id : null;
}

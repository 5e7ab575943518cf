import { queryOptions, useQuery } from '@tanstack/react-query';
import { collection, getDocs, query, where } from 'firebase/firestore/lite';
import { SEASON } from '@config/season';
import type { CatalogueProduct } from '@domain/catalogue/product';
import { COLLECTION } from '@domain/collections';
import { familyReductionDocument } from '@domain/families/family-reduction-schema';
import { reminderDocument } from '@domain/reminders/reminder-schema';
import type { DocumentOf } from '@/lib/db/collection-schemas';
import type { Reduction } from '@domain/families/family-balance';
import { useCallback } from 'react';
import { buildEnrolmentRows, seasonStart, type EnrolmentRow, type EnrolmentSource } from '@domain/enrolment/enrolment-status';
import { familyDues, overdueInstalmentDues } from '@domain/enrolment/family-dues';
import { italianDay } from '@domain/italian-time';
import { lastReminderByChild } from '@domain/reminders/payment-reminders';
import { queryKeys } from '@/lib/api/query-keys';
import { converterOf, documentConverter, readDocuments } from '@/lib/db/documents';
import { getFirebase } from '@/lib/firebase';

/** The view as read: its rows and the paths of the documents that could not be read. */
export interface EnrolmentStatus {
  /** Sorted by family surname, then name (buildEnrolmentRows). */
  rows: EnrolmentRow[];
  /** Paths ('sons/s1', 'payments/p1', …) of documents that do not match their schema, already logged. */
  unreadable: string[];
  /** When each child was last named in a reminder of the season (any product; a document's reminders are not counted), by child id: 'Ultimo promemoria'. */
  lastReminders: ReadonlyMap<string, Date>;
}

/** The documents the view joins, as read: the season's items, payments and children, and what the rows need besides. */
export interface EnrolmentDocuments extends Pick<EnrolmentSource, 'children' | 'orderItems' | 'payments'>, Omit<EnrolmentStatus, 'rows'> {
  orderItems: Array<DocumentOf<'order_items'>>;
  payments: Array<DocumentOf<'payments'>>;
  /** The families' reductions of the season ('Riduzione'), by family id then product id: what their amounts due are priced with. */
  reductions: Map<string, Map<string, Reduction>>;
}

/** Firestore's largest `in` list. */
const IN_LIMIT = 30;

/**
 * Reads the documents of the view 'Situazione iscritti' of `season` (docs/admin-enrolment.md,
 * "What it reads"): the season's `order_items` and `payments` (two
 * equality queries on `season`), the season's `reminders` (one per
 * family and product reminded) and `family_reductions` (one per family and
 * product reduced), then the children (`sons`) of the
 * payments' families, `family_id in` chunks of 30. Its cost is bounded by
 * the season: about (items + payments + reminders + children of the
 * season's families) document reads, plus one query per 30 families;
 * nothing of other seasons is read. Documents that do not match their
 * schema are logged, left out and listed in `unreadable`; {@link useEnrolmentStatus} joins them (buildEnrolmentRows). Needs a
 * signed-in admin (docs/security.md).
 * @throws ServiceNotConfiguredError without Firebase settings; FirebaseError
 * when the database cannot be read (e.g. 'permission-denied').
 */
export async function fetchEnrolmentDocuments(season: number): Promise<EnrolmentDocuments> {
  const { db } = getFirebase();
  const [itemSnapshots, paymentSnapshots, reminderSnapshots, reductionSnapshots] = await Promise.all([
    getDocs(query(collection(db, COLLECTION.orderItems).withConverter(converterOf(COLLECTION.orderItems)), where('season', '==', season))),
    getDocs(query(collection(db, COLLECTION.payments).withConverter(converterOf(COLLECTION.payments)), where('season', '==', season))),
    getDocs(query(collection(db, COLLECTION.reminders).withConverter(documentConverter(reminderDocument)), where('season', '==', season))),
    getDocs(
      query(
        collection(db, COLLECTION.familyReductions).withConverter(documentConverter(familyReductionDocument)),
        where('season', '==', season),
      ),
    ),
  ]);
  const reductionDocuments = readDocuments(reductionSnapshots.docs);
  const reductions = new Map<string, Map<string, Reduction>>();
  for (const reduction of reductionDocuments.documents) {
    const own = reductions.get(reduction.family_id) ?? new Map<string, Reduction>();
    own.set(reduction.product, { kind: reduction.kind, value: reduction.value });
    reductions.set(reduction.family_id, own);
  }
  const orderItems = readDocuments(itemSnapshots.docs);
  const payments = readDocuments(paymentSnapshots.docs);
  const reminders = readDocuments(reminderSnapshots.docs);
  const familyIds = [...new Set(payments.documents.map((payment) => payment.family_id))];
  const chunks = Array.from({ length: Math.ceil(familyIds.length / IN_LIMIT) }, (_, index) =>
    familyIds.slice(index * IN_LIMIT, (index + 1) * IN_LIMIT),
  );
  const sons = collection(db, COLLECTION.sons).withConverter(converterOf(COLLECTION.sons));
  const childSnapshots = await Promise.all(chunks.map((ids) => getDocs(query(sons, where('family_id', 'in', ids)))));
  const children = readDocuments(childSnapshots.flatMap((snapshot) => snapshot.docs));
  return {
    children: children.documents,
    orderItems: orderItems.documents,
    payments: payments.documents,
    reductions,
    unreadable: [orderItems, payments, reminders, children, reductionDocuments].flatMap(({ invalid }) =>
      invalid.map((error) => error.path),
    ),
    lastReminders: lastReminderByChild(reminders.documents),
  };
}

/** The view's documents for `season`: kept fresh for 30 s, so switching tabs does not read the season again. */
export function enrolmentStatusQueryOptions(season: number) {
  return queryOptions({
    queryKey: queryKeys.admin.enrolmentStatus(season),
    queryFn: () => fetchEnrolmentDocuments(season),
    staleTime: 30_000,
  });
}

/**
 * The view of `season` ({@link enrolmentStatusQueryOptions}): its rows, a
 * column per product of `catalogue` (buildEnrolmentRows), each family's
 * amounts due on its first row (familyDues) and, for a product paid in
 * rate, the part overdue today in Italy, as the reminders count it
 * (overdueInstalmentDues).
 */
export function useEnrolmentStatus(season: number, catalogue: readonly CatalogueProduct[]) {
  const select = useCallback(
    ({ children, orderItems, payments, reductions, unreadable, lastReminders }: EnrolmentDocuments): EnrolmentStatus => ({
      rows: buildEnrolmentRows(
        { season, startsAt: seasonStart(season, SEASON), catalogue, children, orderItems, payments },
        familyDues({ season, catalogue, children, orderItems, payments, reductions }),
        overdueInstalmentDues({ season, catalogue, children, orderItems, payments, reductions }, italianDay(new Date())),
      ),
      unreadable,
      lastReminders,
    }),
    [season, catalogue],
  );
  return useQuery({ ...enrolmentStatusQueryOptions(season), select });
}

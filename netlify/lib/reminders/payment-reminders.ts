import type { DocumentSnapshot, Firestore, QuerySnapshot } from 'firebase-admin/firestore';
import type { z } from 'zod';
import { SEASON } from '@config/season';
import { childDocument } from '@domain/roster/child-schema';
import { COLLECTION, InvalidDocumentError, parseDocument } from '@domain/collections';
import { orderItemDocument } from '@domain/orders/order-item-schema';
import { parentDocument } from '@domain/roster/parent-schema';
import { paymentDocument } from '@domain/payments/payment-schema';
import { reminderDocument } from '@domain/reminders/reminder-schema';
import { buildEnrolmentRows, seasonStart } from '@domain/enrolment/enrolment-status';
import { familyDues, overdueInstalmentsByFamily } from '@domain/enrolment/family-dues';
import { instalmentReminderText } from '@domain/payments/instalments';
import { italianDay } from '@domain/italian-time';
import type { CatalogueProduct } from '@domain/catalogue/product';
import { planReminders, reminderProductName, type ReminderPlan } from '@domain/reminders/payment-reminders';
import { readSeasonReductions } from '../families/family-reductions';

/**
 * What admin-reminders reads to plan (docs/admin.md, "Reminders"): the
 * season's rows as the view 'Situazione iscritti' builds them
 * (docs/admin-enrolment.md, "What it reads"), the parents of the season's
 * families and the reminders of the product already sent this season. Every
 * query is an equality or an `in` on one field, or two equalities: no
 * composite index.
 */

/** Firestore's largest `in` list. */
const IN_LIMIT = 30;

/** Thrown when a document the plan needs does not match its schema: planning without it could remind a family of what it paid. */
export class UnreadableSeasonError extends Error {
  constructor(readonly paths: readonly string[]) {
    super(`Unreadable documents: ${paths.join(', ')}`);
    this.name = 'UnreadableSeasonError';
  }
}

/** Parses every snapshot with `schema`, collecting the paths of those that do not match in `unreadable`. */
function parseAll<T>(schema: z.ZodType<T>, snapshots: readonly DocumentSnapshot[], unreadable: string[]): T[] {
  return snapshots.flatMap((snapshot) => {
    try {
      return [parseDocument(schema, snapshot.ref.path, snapshot.data())];
    } catch (error) {
      if (!(error instanceof InvalidDocumentError)) throw error;
      console.error(error.message);
      unreadable.push(error.path);
      return [];
    }
  });
}

/** The documents of `collection` whose `family_id` is one of `familyIds`, by `in` queries of 30, in parallel. */
async function byFamily(db: Firestore, collection: string, familyIds: readonly string[]): Promise<DocumentSnapshot[]> {
  const chunks = Array.from({ length: Math.ceil(familyIds.length / IN_LIMIT) }, (_, index) =>
    familyIds.slice(index * IN_LIMIT, (index + 1) * IN_LIMIT),
  );
  const results: QuerySnapshot[] = await Promise.all(chunks.map((ids) => db.collection(collection).where('family_id', 'in', ids).get()));
  return results.flatMap((result) => result.docs);
}

/**
 * Plans the reminders of `product` (its entry in the season's `catalogue`,
 * at the season's price) in the season `season` at `now`
 * (planReminders, src/domain/reminders/payment-reminders.ts): reads `order_items` and
 * `payments` where season ==, the `reminders` of the season and product, the
 * season's `family_reductions` (the families' amounts due: familyDues),
 * then the `sons` and `parents` of the payments' families (`family_id in`,
 * 30 at a time). Outside any transaction: admin-reminders checks each
 * family's reminder again in the transaction that writes it.
 * @throws UnreadableSeasonError naming the documents that do not match their schema.
 */
export async function readReminderPlan(
  db: Firestore,
  season: number,
  { product, catalogue }: { product: CatalogueProduct; catalogue: readonly CatalogueProduct[] },
  now: Date,
): Promise<ReminderPlan> {
  const [itemSnapshots, paymentSnapshots, reminderSnapshots, reductions] = await Promise.all([
    db.collection(COLLECTION.orderItems).where('season', '==', season).get(),
    db.collection(COLLECTION.payments).where('season', '==', season).get(),
    db.collection(COLLECTION.reminders).where('season', '==', season).where('product', '==', product.id).get(),
    readSeasonReductions(db, season),
  ]);
  const unreadable: string[] = [];
  const orderItems = parseAll(orderItemDocument, itemSnapshots.docs, unreadable);
  const payments = parseAll(paymentDocument, paymentSnapshots.docs, unreadable);
  const reminders = parseAll(reminderDocument, reminderSnapshots.docs, unreadable);
  const familyIds = [...new Set(payments.map((payment) => payment.family_id))];
  const [childSnapshots, parentSnapshots] = await Promise.all([
    byFamily(db, COLLECTION.sons, familyIds),
    byFamily(db, COLLECTION.parents, familyIds),
  ]);
  const children = parseAll(childDocument, childSnapshots, unreadable);
  const parents = parseAll(parentDocument, parentSnapshots, unreadable);
  if (unreadable.length > 0) throw new UnreadableSeasonError(unreadable);

  // A product paid in rate is due only by its rate past their day (docs/product.md, "Instalments").
  const dues = { season, catalogue, children, orderItems, payments, reductions, today: italianDay(now) };
  const rows = buildEnrolmentRows(
    { season, startsAt: seasonStart(season, SEASON), catalogue, children, orderItems, payments },
    familyDues(dues),
  );
  const plan = planReminders({
    product,
    rows,
    archivedChildIds: new Set(children.filter((child) => child.archived_at !== null).map((child) => child.id)),
    parents,
    lastSent: new Map(reminders.map((reminder) => [reminder.family_id, reminder.sent_at])),
    now,
  });
  const overdue = overdueInstalmentsByFamily(dues, product, dues.today);
  const name = reminderProductName(product, season);
  for (const family of plan.families) {
    const rate = overdue.get(family.familyId);
    if (rate) family.instalments = rate.map((rata) => instalmentReminderText(rata, name));
  }
  return plan;
}

import CodiceFiscaleModule from 'codice-fiscale-js';
import { checkSeasonTotals } from '../../netlify/lib/season/season-totals';
import { Timestamp, type DocumentData, type Firestore, type WriteBatch } from 'firebase-admin/firestore';
import type { z } from 'zod';
import { COLLECTION, parseDocument } from '@domain/collections';
import { DOCUMENT_SCHEMA, type CollectionName, type StoredDocument } from '@/lib/db/collection-schemas';
import { surnameFilterKey } from '@domain/orders/admin-orders';
import { sumEuros } from '@domain/money';
import { italianYear } from '@domain/italian-time';
import { receiptNumber } from '@domain/receipts/receipt';
import { onlineTotal } from '@domain/payments/service-fee';
import { seasonItemId } from '@domain/catalogue/season-catalogue';
import { PLAN } from '@domain/catalogue/seed';
import { collectIndexWrites, indexChild, indexParent } from '../../netlify/lib/roster/roster-index';
import {
  DEMO_ADMIN,
  DEMO_FAMILIES,
  DEMO_ORDERS,
  STATEMENT_DEMO_ORDERS,
  type DemoChild,
  type DemoFamily,
  type DemoOrder,
} from './demo-data';
import { putDemoDocuments } from './demo-documents';
import { putDemoEvents } from './demo-events';

const CodiceFiscale =
  (CodiceFiscaleModule as unknown as { CodiceFiscale?: typeof CodiceFiscaleModule }).CodiceFiscale ?? CodiceFiscaleModule;

/**
 * A valid fiscal code for a person born in Rome, computed by
 * codice-fiscale-js: the demo children's, and the synthetic rosters of the
 * tests and benchmarks. `birthDate` is yyyy-mm-dd.
 */
export function computeFiscalCode(person: { name: string; surname: string; gender: 'M' | 'F'; birthDate: string }): string {
  const [year, month, day] = person.birthDate.split('-').map(Number);
  return CodiceFiscale.compute({
    name: person.name,
    surname: person.surname,
    gender: person.gender,
    day,
    month,
    year,
    birthplace: 'Roma',
    birthplaceProvincia: 'RM',
  });
}

/** The child's fiscal code, computed from the demo data. */
export function childFiscalCode(family: DemoFamily, child: DemoChild): string {
  return computeFiscalCode({ ...child, surname: family.surname });
}

/** True when the database already holds families (so it is not seeded again). */
export async function hasData(db: Firestore): Promise<boolean> {
  const families = await db.collection(COLLECTION.families).limit(1).get();
  return !families.empty;
}

/**
 * Adds `document` to `batch` as `collection/{document.id}`. Typed with the
 * collection's schema (src/lib/db/collection-schemas.ts, docs/data-model.md), so a
 * field renamed, added or retyped there stops the seed compiling; parsed with
 * it too, so a value the type lets through (an empty plan name, a negative
 * price) fails the seed instead of the admin list.
 * @throws InvalidDocumentError when the document does not match its schema.
 */
function put<C extends CollectionName>(
  db: Firestore,
  batch: WriteBatch,
  collection: C,
  document: StoredDocument<C> & { id: string },
): void {
  const path = `${collection}/${document.id}`;
  parseDocument(DOCUMENT_SCHEMA[collection] as z.ZodType<unknown>, path, document);
  batch.set(db.doc(path), document as DocumentData);
}

/**
 * Writes the demo data with firebase-admin (admin privileges, as Google
 * documents for seeding the emulator), in one batch, with fixed ids and
 * creation dates, every document typed and checked with its schema
 * (docs/data-model.md; docs/local-stack.md).
 */
export async function seedDemoData(db: Firestore): Promise<void> {
  const batch = db.batch();
  const seededAt = Timestamp.fromDate(new Date('2025-01-15T10:00:00Z'));
  const familyOrders = new Map<string, string[]>();
  for (const order of DEMO_ORDERS) {
    familyOrders.set(order.familyId, [...(familyOrders.get(order.familyId) ?? []), order.id]);
  }

  const index = collectIndexWrites();
  for (const family of DEMO_FAMILIES) {
    const children = family.children.map((child) => ({ child, cf: childFiscalCode(family, child) }));
    put(db, batch, COLLECTION.families, {
      id: family.id,
      surname: family.surname,
      surname_key: surnameFilterKey(family.surname),
      fiscal_codes: [...family.parents.map((parent) => parent.cf), ...children.map(({ cf }) => cf)],
      orders_id: familyOrders.get(family.id) ?? [],
      updated_at: seededAt,
    });
    for (const parent of family.parents) {
      const person = { name: parent.name, surname: family.surname, email: parent.email, phone: parent.phone };
      put(db, batch, COLLECTION.parents, { id: parent.id, cf: parent.cf, family_id: family.id, ...person });
      indexParent(db, index, { id: parent.id, cf: parent.cf, familyId: family.id, ...person });
    }
    for (const { child, cf } of children) {
      put(db, batch, COLLECTION.sons, {
        id: child.id,
        family_id: family.id,
        name: child.name,
        surname: family.surname,
        cf,
        branch: child.branch,
        medical_doc: '',
        updated_at: seededAt,
      });
      indexChild(db, index, {
        id: child.id,
        cf,
        familyId: family.id,
        name: child.name,
        surname: family.surname,
        branch: child.branch,
        archived: false,
      });
    }
  }
  index.flush(batch);

  // The confirmed demo payments have their receipts, numbered per year in order (docs/admin.md, "Receipts").
  const receiptCounters = new Map<number, number>();
  for (const order of DEMO_ORDERS) putDemoOrder(db, batch, order, receiptCounters);
  for (const [year, last] of receiptCounters) {
    batch.set(db.collection(COLLECTION.receiptCounters).doc(String(year)), { year, last, updated_at: seededAt });
  }
  await putDemoDocuments(db, batch);
  putDemoEvents(db, batch);
  await batch.commit();
  await countSeasons(db, DEMO_ORDERS);
}

/** Counts the seasons of `orders` again from their payments (season_totals), so seeding twice keeps them exact. */
async function countSeasons(db: Firestore, orders: readonly DemoOrder[]): Promise<void> {
  for (const season of new Set(orders.map((order) => order.season))) await checkSeasonTotals(db, season, true);
}

/** Writes a demo order in `batch`: its items (on their season ids), its payment (with its receipt when confirmed, numbered in `receiptCounters`) and the order. */
function putDemoOrder(db: Firestore, batch: WriteBatch, order: DemoOrder, receiptCounters: Map<number, number>): void {
  const family = DEMO_FAMILIES.find((f) => f.id === order.familyId);
  if (!family) throw new Error(`Demo order ${order.id} names an unknown family`);
  const createdAt = Timestamp.fromDate(new Date(order.createdAt));
  const paymentId = `payment-${order.id}`;
  // Each item with its child and its id (as recordOrder writes it), resolved once.
  const lines = order.items.map((item) => {
    const child = family.children.find((c) => c.id === item.childId);
    if (!child) throw new Error(`Demo order ${order.id} names an unknown child ${item.childId}`);
    return { item, child, id: seasonItemId(order.season, item.plan, item.childId) };
  });
  for (const { item, child, id } of lines) {
    put(db, batch, COLLECTION.orderItems, {
      id,
      created_at: createdAt,
      season: order.season,
      family_id: family.id,
      payment_id: paymentId,
      note: item.note,
      plan: item.plan,
      son_info: { id: child.id, name: child.name, surname: family.surname },
      price: item.priceEuros,
    });
  }
  put(db, batch, COLLECTION.payments, {
    id: paymentId,
    created_at: createdAt,
    season: order.season,
    order_id: order.id,
    family_id: family.id,
    family_surname: family.surname,
    surname_key: surnameFilterKey(family.surname),
    plan: order.items[0]?.plan ?? PLAN.campAcconto,
    method: order.method,
    status: order.status,
    total_amount: sumEuros(order.items.map((item) => item.priceEuros)),
    lines: lines.map(({ item, child, id }) => ({
      item_id: id,
      child_id: child.id,
      name: child.name,
      surname: family.surname,
      note: item.note,
      price: item.priceEuros,
    })),
    confirmed_at: order.status === 'Confermato' && order.method === 'Bonifico' ? createdAt : null,
    confirmed_by: order.status === 'Confermato' && order.method === 'Bonifico' ? DEMO_ADMIN.email : null,
    parent_id: family.parents[0]?.id ?? null,
    receipt: order.status === 'Confermato' ? demoReceipt(receiptCounters, family, order, createdAt) : null,
    reference: order.reference ?? null,
  });

  put(db, batch, COLLECTION.orders, {
    id: order.id,
    created_at: createdAt,
    season: order.season,
    family_id: order.familyId,
    order_items: lines.map(({ id }) => id),
    payment_id: paymentId,
  });
}

/**
 * The Bonifico orders of the statement sample (docs/samples/estratto-conto.camt053.xml,
 * docs/admin.md "Estratto conto"), added to the demo data: 'Da Verificare',
 * each with the reference code the sample's transfers name, the code kept in
 * `transfer_references` as recordOrder keeps it. Run by `npm run seed:statement`.
 */
export async function seedStatementDemo(db: Firestore): Promise<void> {
  const batch = db.batch();
  for (const order of STATEMENT_DEMO_ORDERS) putDemoOrder(db, batch, order, new Map());
  for (const order of STATEMENT_DEMO_ORDERS) {
    if (!order.reference) continue;
    batch.set(db.collection(COLLECTION.transferReferences).doc(order.reference), {
      code: order.reference,
      payment_id: `payment-${order.id}`,
      order_id: order.id,
      family_id: order.familyId,
      season: order.season,
    });
  }
  await batch.commit();
  await countSeasons(db, STATEMENT_DEMO_ORDERS);
}

/** The receipt of a confirmed demo order: the next number of its year in `counters`, the family's first parent, the children's fiscal codes. */
function demoReceipt(counters: Map<number, number>, family: DemoFamily, order: (typeof DEMO_ORDERS)[number], issuedAt: Timestamp) {
  const year = italianYear(issuedAt.toDate());
  const next = (counters.get(year) ?? 0) + 1;
  counters.set(year, next);
  const payer = family.parents[0];
  const amount = sumEuros(order.items.map((item) => item.priceEuros));
  return {
    number: receiptNumber(year, next),
    issued_at: issuedAt,
    credited_at: issuedAt,
    service_fee: order.method === 'Online' ? onlineTotal(amount).feeEuros : 0,
    payer: { name: payer?.name ?? '', surname: family.surname, cf: payer?.cf ?? '' },
    child_fiscal_codes: Object.fromEntries(
      family.children
        .filter((child) => order.items.some((item) => item.childId === child.id))
        .map((child) => [child.id, childFiscalCode(family, child)]),
    ),
  };
}

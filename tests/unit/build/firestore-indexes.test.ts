import { readFamilyContacts } from '../../../netlify/lib/families/family-contacts';
import { expiredSignaturesQuery } from '../../../netlify/lib/documents/signature-retention';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Firestore, Transaction } from 'firebase-admin/firestore';
import { describe, expect, it, vi } from 'vitest';
import { describeOrderQuery, ORDER_STATUSES, seasonPlans, type OrderFilters } from '@domain/orders/admin-orders';
import { findProduct } from '@domain/catalogue/product';
import { seedCatalogue } from '@domain/catalogue/season-catalogue';
import { RECORDED_METHODS } from '@domain/payments/payment-method';
import { fetchOrdersCount, fetchOrdersPage, fetchOrderSummary } from '@/features/admin/payments/api/admin-orders';
import { AUDIT_ACTIONS } from '@domain/audit-log';
import { fetchAuditPage } from '@/features/admin/audit/api/audit-log';
import { fetchFailedMailCount, fetchLatestMailBudgetEntry } from '@/features/admin/shell/api/mail-notices';
import { familiesSearchOf, fetchFamiliesPage, fetchFamily } from '@/features/admin/families/api/families';
import { fetchEnrolmentDocuments } from '@/features/admin/enrolment/api/enrolment-status';
import { fetchBranchChildren, fetchLastRetentionRun } from '@/features/admin/medical-forms/api/medical-forms';
import { planHasOrders } from '../../../netlify/lib/season/season-settings';
import { findFamilyById, findFamilyByParentCf, findFamilyItems, findFamilyReceipts } from '../../../netlify/lib/families/families';
import { readReceiptInputs } from '../../../netlify/lib/receipts/issue-receipt';
import { spendBudget } from '../../../netlify/lib/platform/fiscal-code-budget';
import { familyAddresses } from '../../../netlify/lib/platform/mail/outbox';
import { deliverDue } from '../../../netlify/lib/mail-delivery';
import { readReminderPlan } from '../../../netlify/lib/reminders/payment-reminders';
import {
  readDocumentSignatures,
  readRosterChildren,
  readSeasonDocuments,
  readSeasonSignatures,
  signatureCount,
} from '../../../netlify/lib/documents/document-status';
import { readEventRoster } from '../../../netlify/lib/events/event-roster';
import { eventSchema } from '../../../src/domain/events/event';
import { readCarriedDocuments } from '../../../netlify/lib/documents/group-document-writes';
import { childHasOrders, familyParentIds, holderOfFiscalCode, peopleByFiscalCode } from '../../../netlify/lib/roster/roster-queries';
import {
  describeShape,
  indexFor,
  missingIndexes,
  needsCompositeIndex,
  shapeOf,
  type IndexDefinition,
  type QueryClause,
  type QueryShape,
} from './firestore-index-check';
import { openTransfersOfAmount } from '../../../netlify/lib/statement/open-transfers';
import { deleteMedicalForms, recordRetentionRun } from '../../../netlify/lib/medical-forms/medical-form-deletion';
import { readMedicalFormOpenings } from '../../../netlify/lib/medical-forms/medical-form-openings';
import { readFamilyData } from '../../../netlify/lib/families/family-data';
import { checkSeasonTotals } from '../../../netlify/lib/season/season-totals';
import { readFamilyEvents } from '../../../netlify/lib/events/family-events';
import { expiredOffersQuery } from '../../../netlify/lib/events/event-offer-expiry';
import type { CloudinarySettings } from '../../../netlify/lib/platform/cloudinary';
import { SYSTEM_ACTOR } from '@domain/audit-log';
import { listEvents } from '../../../netlify/lib/events/event-admin-view';
import { readWaiting } from '../../../netlify/lib/events/event-waiting-list';

/**
 * Every Firestore query of the browser and the functions has its composite
 * index in firestore.indexes.json (docs/data-model.md). The queries are read
 * from the code that runs them: the Firestore SDK calls are recorded while
 * each query function is called with every combination of its filters, so
 * there is no second list to drift. A guard lists the files that query
 * Firestore: a new one must be called here.
 */

const ROOT = path.resolve(import.meta.dirname, '../../..');
const recorded = vi.hoisted(() => [] as Array<{ collection: string; clauses: QueryClause[] }>);

// The browser's Firestore Lite, replaced by a recorder: each read records its query and finds nothing.
vi.mock('firebase/firestore/lite', async (importOriginal) => {
  const actual = await importOriginal<Record<string, unknown>>();
  type Ref = { path: string; withConverter: () => Ref };
  type Query = { collection: string; clauses: QueryClause[] };
  const collection = (_db: unknown, name: string): Ref => ({ path: name, withConverter: () => collection(_db, name) });
  const read = (query: Query) => recorded.push({ collection: query.collection, clauses: query.clauses });
  return {
    ...actual,
    collection,
    where: (field: string, op: string) => ({ kind: 'where', field, op }),
    orderBy: (field: string, direction: 'asc' | 'desc' = 'asc') => ({ kind: 'orderBy', field, direction }),
    limit: () => null,
    startAfter: () => null,
    query: (ref: Ref, ...constraints: Array<QueryClause | null>): Query => ({
      collection: ref.path,
      clauses: constraints.filter((constraint): constraint is QueryClause => constraint !== null),
    }),
    doc: (ref: Ref, id: string) => ({ path: `${ref.path}/${id}` }),
    getDoc: () => Promise.resolve({ exists: () => false }),
    getDocs: (query: Query) => Promise.resolve((read(query), { docs: [] })),
    getCount: (query: Query) => Promise.resolve((read(query), { data: () => ({ count: 0 }) })),
    getAggregate: (query: Query) => Promise.resolve((read(query), { data: () => ({ count: 0, total: 0 }) })),
  };
});
vi.mock('@/lib/firebase', () => ({ getFirebase: () => ({ db: {}, auth: { currentUser: null } }) }));

/** firebase-admin's Firestore, as a recorder of the functions' queries (each finds nothing; a write succeeds). */
function recordingAdminDb(): Firestore {
  // A FieldPath (FieldPath.documentId()) is the document's name, as Firestore indexes it.
  const fieldName = (field: unknown) => (typeof field === 'string' ? field : '__name__');
  const chain = (collection: string, clauses: QueryClause[]): unknown => ({
    where: (field: unknown, op: string) => chain(collection, [...clauses, { kind: 'where', field: fieldName(field), op }]),
    orderBy: (field: unknown, direction: 'asc' | 'desc' = 'asc') =>
      chain(collection, [...clauses, { kind: 'orderBy', field: fieldName(field), direction }]),
    limit: () => chain(collection, clauses),
    get: () => Promise.resolve((recorded.push({ collection, clauses }), { docs: [], empty: true })),
    count: () => ({ get: () => Promise.resolve((recorded.push({ collection, clauses }), { data: () => ({ count: 0 }) })) }),
    doc: (id = 'new-id') => ({
      id,
      get: () => Promise.resolve({ id, exists: false, data: () => undefined, get: () => undefined }),
      create: () => Promise.resolve({ writeTime: null }),
    }),
  });
  return { collection: (name: string) => chain(name, []), getAll: () => Promise.resolve([]) } as unknown as Firestore;
}

/** A transaction of the recorder: a query read in it is recorded like any other. */
const recordingTransaction = { get: (query: { get: () => Promise<unknown> }) => query.get() } as unknown as Transaction;

const SEASON = 2025;
const orNone = <T>(values: readonly T[]): Array<T | null> => [null, ...values];

/** Every filter combination of the orders desk: each plan, method and status or 'Tutti', with and without a surname. */
const ALL_ORDER_FILTERS: OrderFilters[] = orNone(seasonPlans(seedCatalogue())).flatMap((plan) =>
  orNone(RECORDED_METHODS).flatMap((method) =>
    orNone(ORDER_STATUSES).flatMap((status) => ['', 'De Rossi'].map((surname) => ({ surname, plan, method, status }))),
  ),
);

/** Calls every query function of the browser and the functions and returns the shapes of what they read. */
async function recordQueryShapes(): Promise<QueryShape[]> {
  recorded.length = 0;
  for (const filters of ALL_ORDER_FILTERS) {
    const description = describeOrderQuery(SEASON, filters);
    await fetchOrdersPage(description, null);
    await fetchOrdersCount(description);
  }
  for (const method of orNone(RECORDED_METHODS)) await fetchOrderSummary(SEASON, method);
  await fetchEnrolmentDocuments(SEASON);
  for (const action of orNone(AUDIT_ACTIONS)) await fetchAuditPage(action, null);
  await fetchFailedMailCount();
  await fetchLatestMailBudgetEntry();
  for (const text of ['', 'De Rossi', 'RSSMRA80C12H501E']) await fetchFamiliesPage(familiesSearchOf(text), null);
  await fetchFamily('family-rossi');
  await fetchBranchChildren(['Reparto', 'Clan']);
  const db = recordingAdminDb();
  await findFamilyByParentCf(db, 'RSSMRA80C12H501E');
  await findFamilyItems(db, 'family-rossi', SEASON);
  await findFamilyById(db, 'family-rossi');
  await findFamilyReceipts(db, 'family-rossi');
  await readReceiptInputs(db, recordingTransaction, {
    familyId: 'family-rossi',
    parentId: null,
    childIds: ['son-rossi-marco'],
    serviceFeeEuros: 0,
    creditedAt: new Date(),
  });
  // The budget names its counters with an HMAC keyed by SESSION_SECRET.
  vi.stubEnv('SESSION_SECRET', 'index-check-session-secret-0123456789');
  await spendBudget(db, '203.0.113.1');
  vi.unstubAllEnvs();
  await peopleByFiscalCode(db, recordingTransaction, 'sons', ['RSSMRA80C12H501E'], () => null);
  await holderOfFiscalCode(db, recordingTransaction, 'RSSMRA80C12H501E', null);
  await childHasOrders(db, recordingTransaction, 'son-rossi-luca');
  await familyParentIds(db, recordingTransaction, 'family-rossi', 2);
  await familyAddresses(db, recordingTransaction, 'family-rossi');
  await deliverDue(db);
  await readReminderPlan(db, SEASON, { product: findProduct(seedCatalogue(), 'campo-saldo')!, catalogue: seedCatalogue() }, new Date());
  await planHasOrders(db, recordingTransaction, SEASON, 'Uscita di Pasqua');
  await openTransfersOfAmount(db, SEASON, 15, ['rossi', 'derossi']);
  await deleteMedicalForms(db, {} as CloudinarySettings, () => true, SYSTEM_ACTOR);
  await recordRetentionRun(db, { deleted: new Map(), orphans: [], failures: [] });
  await fetchLastRetentionRun();
  await readMedicalFormOpenings(db, 'son-rossi-marco');
  await readFamilyData(db, 'family-rossi').catch(() => null);
  await checkSeasonTotals(db, SEASON);
  await readFamilyContacts(db, { familyId: 'family-rossi', parentId: 'parent-rossi-mario' }, SEASON).catch(() => null);
  await expiredSignaturesQuery(db, SEASON - 10).get();
  await readRosterChildren(db, SEASON, ['Reparto', 'Clan']);
  await readSeasonDocuments(db, SEASON);
  await readSeasonSignatures(db, SEASON);
  await readDocumentSignatures(db, 'liberatoria-foto-2025-v1');
  await signatureCount(db, 'liberatoria-foto-2025-v1');
  await signatureCount(db, 'liberatoria-foto-2025-v1', recordingTransaction);
  await readCarriedDocuments(db, recordingTransaction, SEASON, SEASON + 1);
  await listEvents(db, { role: 'admin' }, SEASON);
  await readWaiting(db, recordingTransaction, 'uscita-di-primavera-2025');
  await readFamilyEvents(db, 'family-rossi').catch(() => null);
  await expiredOffersQuery(db, new Date()).get();
  await readEventRoster(
    db,
    eventSchema.parse({
      id: 'camp',
      name: 'Campo',
      branches: ['Reparto'],
      starts_at: '2025-07-20T09:00:00+02:00',
      ends_at: '2025-07-30T17:00:00+02:00',
      place: 'Colle',
      places: 30,
      closes_on: '2025-07-01',
      products: [],
      required_documents: ['uscite-2025'],
      season: SEASON,
      created_at: new Date(),
    }),
  );
  // createDocument's `key ==` query runs in its transaction: an equality alone, as the guard below counts it.
  const shapes = recorded.map(({ collection, clauses }) => shapeOf(collection, clauses));
  return [...new Map(shapes.map((shape) => [describeShape(shape), shape])).values()];
}

/** The files the queries above come from: any other file of src/ or netlify/ that queries Firestore must be added. */
const QUERYING_FILES = [
  'netlify/lib/access/email-change-group.ts',
  'netlify/lib/accounts/accounts.ts',
  'netlify/lib/admissions/admission-decisions.ts',
  'netlify/lib/admissions/admission-interest.ts',
  'netlify/lib/admissions/admission-offer-expiry.ts',
  'netlify/lib/admissions/admission-place.ts',
  'netlify/lib/documents/document-status.ts',
  'netlify/lib/documents/family-documents.ts',
  'netlify/lib/documents/group-document-writes.ts',
  'netlify/lib/documents/signature-retention.ts',
  'netlify/lib/events/event-admin-view.ts',
  'netlify/lib/events/event-cancellation.ts',
  'netlify/lib/events/event-offer-expiry.ts',
  'netlify/lib/events/event-roster.ts',
  'netlify/lib/events/event-signups.ts',
  'netlify/lib/events/event-waiting-list.ts',
  'netlify/lib/events/family-events.ts',
  'netlify/lib/families/families.ts',
  'netlify/lib/families/family-contacts.ts',
  'netlify/lib/families/family-data.ts',
  'netlify/lib/families/family-reductions.ts',
  'netlify/lib/families/parent-edit-notice.ts',
  'netlify/lib/medical-forms/medical-form-deletion.ts',
  'netlify/lib/medical-forms/medical-form-openings.ts',
  'netlify/lib/platform/fiscal-code-budget.ts',
  'netlify/lib/platform/mail/outbox.ts',
  'netlify/lib/receipts/issue-receipt.ts',
  'netlify/lib/reminders/payment-reminders.ts',
  'netlify/lib/roster/roster-import-notices.ts',
  'netlify/lib/roster/roster-queries.ts',
  'netlify/lib/season/season-settings.ts',
  'netlify/lib/season/season-totals.ts',
  'netlify/lib/statement/open-transfers.ts',
  'src/features/admin/audit/api/audit-log.ts',
  'src/features/admin/enrolment/api/enrolment-status.ts',
  'src/features/admin/families/api/families.ts',
  'src/features/admin/medical-forms/api/medical-forms.ts',
  'src/features/admin/payments/api/admin-orders.ts',
  'src/features/admin/shell/api/mail-notices.ts',
];

async function readIndexes(): Promise<IndexDefinition[]> {
  const file = JSON.parse(await readFile(path.join(ROOT, 'firestore.indexes.json'), 'utf8')) as { indexes: IndexDefinition[] };
  return file.indexes;
}

describe('Firestore composite indexes', () => {
  it('firebase.json deploys firestore.indexes.json with the rules', async () => {
    const firebase = JSON.parse(await readFile(path.join(ROOT, 'firebase.json'), 'utf8')) as { firestore?: { indexes?: string } };
    expect(firebase.firestore?.indexes).toBe('firestore.indexes.json');
  });

  it('every query of the browser and the functions that needs a composite index has one', async () => {
    const shapes = await recordQueryShapes();
    // The orders desk alone reads 16 shapes of pages and 16 of counts: the recorder saw the real queries.
    expect(shapes.filter(needsCompositeIndex).length).toBeGreaterThanOrEqual(24);
    const missing = missingIndexes(shapes, await readIndexes());
    expect(missing.map(describeShape), `Add to firestore.indexes.json:\n${JSON.stringify(missing.map(indexFor), null, 2)}`).toEqual([]);
  });

  it('reports a planted query on payments ordered by another field than its filter, which has no index', async () => {
    const planted = shapeOf('payments', [
      { kind: 'where', field: 'season', op: '==' },
      { kind: 'orderBy', field: 'total_amount', direction: 'desc' },
    ]);
    const indexes = await readIndexes();
    expect(missingIndexes([planted], indexes).map(describeShape)).toEqual(['payments [season ==] order total_amount desc']);
    // …and stops reporting it once its index is in the file.
    expect(missingIndexes([planted], [...indexes, indexFor(planted)])).toEqual([]);
  });

  it('needs no index for equality-only queries or one ordered field alone', () => {
    expect(
      needsCompositeIndex(
        shapeOf('payments', [
          { kind: 'where', field: 'season', op: '==' },
          { kind: 'where', field: 'plan', op: '==' },
        ]),
      ),
    ).toBe(false);
    expect(needsCompositeIndex(shapeOf('payments', [{ kind: 'orderBy', field: 'created_at', direction: 'desc' }]))).toBe(false);
    expect(
      needsCompositeIndex(
        shapeOf('payments', [
          { kind: 'where', field: 'season', op: '==' },
          { kind: 'where', field: 'surname_key', op: '>=' },
        ]),
      ),
    ).toBe(true);
  });

  it('knows every file of src/ and netlify/ that queries Firestore', async () => {
    const files: string[] = [];
    for (const folder of ['src', 'netlify']) {
      const entries = await readdir(path.join(ROOT, folder), { recursive: true, withFileTypes: true });
      for (const entry of entries) {
        if (!entry.isFile() || !/\.tsx?$/.test(entry.name)) continue;
        const file = path.join(entry.parentPath, entry.name);
        if (/(^|[^\w])(where|orderBy)\(/.test(await readFile(file, 'utf8'))) files.push(path.relative(ROOT, file));
      }
    }
    expect(files.sort()).toEqual(QUERYING_FILES);
  });
});

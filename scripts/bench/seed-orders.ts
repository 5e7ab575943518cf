/**
 * The benchmark's data (docs/benchmarks.md): N orders of the current season
 * (`SEASON.campYear`, src/config/season.ts) spread over about N/3 families,
 * plus N/10 orders of the season before, each written as
 * netlify/lib/orders/record-order.ts writes it (docs/data-model.md, "Writing an
 * order"): one `order_items` document per child under its
 * `seasonItemId(season, plan, childId)`, one `payments` document carrying
 * season, plan, family, surname key, method, status and the summed total,
 * the `orders` document, and the order id in the family's `orders_id`.
 * Families come with their `sons` and `parents`.
 *
 * Deterministic (a seeded generator): the same size gives the same data.
 */
import { totalsOf } from '@domain/season/season-totals';
import { Timestamp, type DocumentData, type Firestore } from 'firebase-admin/firestore';
import type { z } from 'zod';
import { SEASON } from '@config/season';
import { surnameFilterKey } from '@domain/orders/admin-orders';
import { COLLECTION, parseDocument } from '@domain/collections';
import { DOCUMENT_SCHEMA, type CollectionName, type StoredDocument } from '@/lib/db/collection-schemas';
import { sumEuros } from '@domain/money';
import { PAYMENT_STATUS, type PaymentStatus } from '@domain/payments/payment-status';
import { SIZES } from '@domain/catalogue/sizes';
import type { Branch } from '@domain/branches';
import type { PaymentMethod } from '@domain/payments/payment-method';
import { priceOrder } from '@domain/catalogue/pricing';
import { findProduct, mayBuy } from '@domain/catalogue/product';
import { seasonItemId, seedCatalogue } from '@domain/catalogue/season-catalogue';
import { itemFieldsOf } from '@domain/orders/order-line-fields';
import type { SeedProductId } from '@domain/catalogue/seed';
import { DEMO_ADMIN } from '../../emulators/seed/demo-data';
import { defaultMedicalFormSettings } from '@domain/medical-forms/medical-form-settings';

const SURNAMES = [
  'Rossi', 'Russo', 'Ferrari', 'Esposito', 'Bianchi', 'Romano', 'Colombo', 'Ricci', 'Marino', 'Greco',
  'Bruno', 'Gallo', 'Conti', 'De Luca', 'Mancini', 'Costa', 'Giordano', 'Rizzo', 'Lombardi', 'Moretti',
  'Barbieri', 'Fontana', 'Santoro', 'Mariani', 'Rinaldi', 'Caruso', 'Ferrara', 'Galli', 'Martini', 'Leone',
  'Longo', 'Gentile', 'Martinelli', 'Vitale', 'Lombardo', 'Serra', 'Coppola', 'De Santis', "D'Angelo", 'Marchetti',
  'Parisi', 'Villa', 'Conte', 'Ferraro', 'Ferri', 'Fabbri', 'Bianco', 'Marini', 'Grasso', 'Valentini',
  'Di Stefano', 'Messina', 'Sala', 'Pellegrini', 'Palumbo', 'Sanna', 'Farina', 'Rizzi', 'Monti', 'Cattaneo',
]; // prettier-ignore
const NAMES = [
  'Marco', 'Giulia', 'Luca', 'Sara', 'Matteo', 'Sofia', 'Andrea', 'Chiara', 'Alessandro', 'Martina',
  'Francesco', 'Aurora', 'Lorenzo', 'Alice', 'Leonardo', 'Ginevra', 'Tommaso', 'Emma', 'Riccardo', 'Beatrice',
]; // prettier-ignore
const BRANCH_CYCLE: readonly Branch[] = ['Branco', 'Clan', 'Reparto'];
const PRODUCT_CYCLE: readonly SeedProductId[] = ['campo-acconto', 'maglietta', 'campo-saldo', 'felpa'];
/** Firestore's most writes per batch, and how many batches are committed at once. */
const BATCH_SIZE = 500;
const COMMITS_AT_ONCE = Number(process.env.BENCH_SEED_COMMITS ?? 4);
const DAY_MS = 24 * 60 * 60 * 1000;
/** Orders of a season are spread over its first 210 days (February to August). */
const SEASON_SPAN_MS = 210 * DAY_MS;

/** How many documents of each collection a seed wrote. */
export type SeedCounts = Record<CollectionName, number>;

/** What {@link seedOrders} wrote: orders of the current and previous season, documents per collection, time taken (ms). */
export interface SeedResult {
  currentSeasonOrders: number;
  previousSeasonOrders: number;
  families: number;
  counts: SeedCounts;
  documents: number;
  ms: number;
}

interface Child {
  id: string;
  name: string;
  branch: Branch;
}

interface Family {
  id: string;
  surname: string;
  children: Child[];
  orderIds: string[];
  updatedAt: Timestamp;
}

/** mulberry32: a small seeded generator, so a size always gives the same data. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A fiscal-code-shaped string (16 characters); the schema and the admin list take any string. */
function fakeFiscalCode(index: number, kind: 'P' | 'S'): string {
  return `BNC${kind}${String(index).padStart(8, '0')}H501X`.slice(0, 16);
}

/** The documents of a seed, by collection, each with its id. */
type SeedDocuments = { [C in CollectionName]: Array<StoredDocument<C> & { id: string }> };

/** What adding an order writes into and draws from: the documents so far, the database (for new ids) and the generator. */
interface OrderSeed {
  docs: SeedDocuments;
  db: Firestore;
  next: () => number;
}

/** `familyCount` families of one to four children, the first a Reparto one, named from the lists in turn. */
function buildFamilies(next: () => number, familyCount: number): Family[] {
  return Array.from({ length: familyCount }, (_, f) => {
    const surname = SURNAMES[f % SURNAMES.length] ?? 'Rossi';
    const childCount = 1 + Math.floor(next() * 4);
    const children = Array.from({ length: childCount }, (_, c) => ({
      id: `bench-son-${f}-${c}`,
      name: NAMES[(f * 7 + c * 3) % NAMES.length] ?? 'Marco',
      // The first child is Reparto, so every family may buy the Felpa Reparto.
      branch: c === 0 ? ('Reparto' as const) : (BRANCH_CYCLE[(f + c) % BRANCH_CYCLE.length] ?? 'Branco'),
    }));
    return { id: `bench-family-${f}`, surname, children, orderIds: [], updatedAt: Timestamp.fromMillis(0) };
  });
}

/** A payment's method and status, drawn: about 60 % Online (1 in 20 of them 'Da Verificare'), else Bonifico (1 in 3 'Da Verificare'). */
function drawPayment(next: () => number): { method: PaymentMethod; status: PaymentStatus } {
  const method: PaymentMethod = next() < 0.6 ? 'Online' : 'Bonifico';
  const status: PaymentStatus =
    method === 'Online'
      ? next() < 0.05
        ? PAYMENT_STATUS.toVerify
        : PAYMENT_STATUS.confirmed
      : next() < 1 / 3
        ? PAYMENT_STATUS.toVerify
        : PAYMENT_STATUS.confirmed;
  return { method, status };
}

/**
 * Order `k` of `season` for `family`: its `order_items`, `payments` and
 * `orders` documents, the order id in the family's, and the family's
 * `updated_at` moved to it when later.
 * @throws Error when `product` is not in the seeded catalogue.
 */
function addOrder(seed: OrderSeed, season: number, k: number, family: Family, product: SeedProductId, createdAtMs: number): void {
  const { docs, db, next } = seed;
  const entry = findProduct(seedCatalogue(), product);
  if (!entry) throw new Error(`No seeded product ${product}`);
  const plan = entry.plan;
  const eligible = family.children.filter((child) => mayBuy(entry, child.branch));
  // Products without sizes (the camp) take every child; those with sizes one or two of them.
  const chosen = entry.sizes ? eligible.slice(0, 1 + (k % 2)) : eligible;
  const lines = priceOrder(
    entry,
    chosen.map((child, index) => ({ ...child, surname: family.surname, size: SIZES[(k + index) % SIZES.length] })),
  );
  const { method, status } = drawPayment(next);
  const confirmed = method === 'Bonifico' && status === PAYMENT_STATUS.confirmed;
  const createdAt = Timestamp.fromMillis(createdAtMs);
  const orderId = `bench-order-${season}-${k}`;
  const paymentId = db.collection(COLLECTION.payments).doc().id;
  const itemIds = lines.map((line) => seasonItemId(season, line.plan, line.child.id));
  lines.forEach((line, index) => {
    docs.order_items.push({
      id: itemIds[index] ?? '',
      created_at: createdAt,
      season,
      family_id: family.id,
      payment_id: paymentId,
      ...itemFieldsOf(line),
    });
  });
  docs.payments.push({
    id: paymentId,
    created_at: createdAt,
    season,
    order_id: orderId,
    family_id: family.id,
    family_surname: family.surname,
    surname_key: surnameFilterKey(family.surname),
    plan,
    method,
    status,
    total_amount: sumEuros(lines.map((line) => line.priceEuros)),
    lines: lines.map((line, index) => ({
      item_id: itemIds[index] ?? '',
      child_id: line.child.id,
      name: line.child.name,
      surname: family.surname,
      note: line.size,
      price: line.priceEuros,
    })),
    confirmed_at: confirmed ? Timestamp.fromMillis(createdAtMs + 2 * DAY_MS) : null,
    confirmed_by: confirmed ? DEMO_ADMIN.email : null,
  });
  docs.orders.push({ id: orderId, created_at: createdAt, season, family_id: family.id, order_items: itemIds, payment_id: paymentId });
  family.orderIds.push(orderId);
  if (createdAtMs > family.updatedAt.toMillis()) family.updatedAt = createdAt;
}

/** The families' own documents once their orders are known: `families`, one or two `parents`, `sons` (a medical form for two in three). */
function addFamilyDocuments(docs: SeedDocuments, families: readonly Family[]): void {
  let parentIndex = 0;
  let childIndex = 0;
  for (const family of families) {
    docs.families.push({ id: family.id, surname: family.surname, orders_id: family.orderIds, updated_at: family.updatedAt });
    for (let p = 0; p < 1 + (Number(family.id.slice(-1)) % 2); p += 1) {
      parentIndex += 1;
      docs.parents.push({ id: `${family.id}-parent-${p}`, cf: fakeFiscalCode(parentIndex, 'P'), family_id: family.id });
    }
    for (const child of family.children) {
      childIndex += 1;
      const hasForm = childIndex % 3 !== 0;
      docs.sons.push({
        id: child.id,
        family_id: family.id,
        name: child.name,
        surname: family.surname,
        cf: fakeFiscalCode(childIndex, 'S'),
        branch: child.branch,
        medical_doc: hasForm
          ? `https://res.cloudinary.com/demo/image/authenticated/s--bench--/v1/${encodeURI(defaultMedicalFormSettings(SEASON.campYear).folder)}/${child.id}.pdf`
          : '',
        updated_at: family.updatedAt,
      });
    }
  }
}

/**
 * Builds the documents: families, then orders. Order k of the current season
 * goes to family k mod F (F = ceil(N/3)) with the (k div F)-th product of
 * that family's rotation, so no child holds a product twice in a season (the
 * `seasonItemId` rule). Methods about 60 % Online / 40 % Bonifico; Online
 * Confermato (1 in 20 'Da Verificare', a card payment for a product already
 * held), Bonifico one in three 'Da Verificare', the others confirmed by the
 * demo admin two days later.
 */
function buildDocuments(size: number, db: Firestore) {
  const next = random(size);
  const familyCount = Math.max(1, Math.ceil(size / 3));
  const previousCount = Math.round(size / 10);
  const docs: SeedDocuments = {
    families: [],
    parents: [],
    sons: [],
    orders: [],
    order_items: [],
    payments: [],
    audit_log: [],
  };
  const seed: OrderSeed = { docs, db, next };
  const families = buildFamilies(next, familyCount);

  const seasonStart = SEASON.startsAt.getTime();
  const previousStart = new Date(SEASON.startsAt).setFullYear(SEASON.startsAt.getFullYear() - 1);
  for (let k = 0; k < previousCount; k += 1) {
    const family = families[k % familyCount];
    if (family) {
      addOrder(seed, SEASON.campYear - 1, k, family, PRODUCT_CYCLE[k % 4] ?? 'campo-acconto', previousStart + next() * SEASON_SPAN_MS);
    }
  }
  for (let k = 0; k < size; k += 1) {
    const f = k % familyCount;
    const family = families[f];
    const product = PRODUCT_CYCLE[(f + Math.floor(k / familyCount)) % 4] ?? 'campo-acconto';
    if (family) addOrder(seed, SEASON.campYear, k, family, product, seasonStart + next() * SEASON_SPAN_MS);
  }
  addFamilyDocuments(docs, families);
  return { docs, families: familyCount, previous: previousCount };
}

/**
 * Seeds `size` orders of the current season (and size/10 of the previous
 * one) into an EMPTY database with firebase-admin, in batches of 500
 * committed four at a time (BENCH_SEED_COMMITS). The first document of each collection is parsed with its zod
 * schema first (src/lib/db/collection-schemas.ts), so the seed cannot drift from the
 * model; every document is typed with it.
 * @throws InvalidDocumentError when a document does not match its schema;
 * the commit's error when a batch cannot be written.
 */
export async function seedOrders(db: Firestore, size: number): Promise<SeedResult> {
  const started = performance.now();
  const { docs, families, previous } = buildDocuments(size, db);
  const collections = Object.keys(docs) as CollectionName[];
  for (const name of collections) {
    const first = docs[name][0];
    if (first) parseDocument(DOCUMENT_SCHEMA[name] as z.ZodType<unknown>, `${name}/${first.id}`, first);
  }
  const counts = {} as SeedCounts;
  const writes: Array<[string, DocumentData]> = [];
  for (const name of collections) {
    counts[name] = docs[name].length;
    for (const document of docs[name]) writes.push([`${name}/${document.id}`, document]);
  }
  // The seasons' totals, as the transactions that record payments keep them (src/domain/season/season-totals.ts).
  for (const season of new Set(docs.payments.map((payment) => payment.season))) {
    const rows = totalsOf(docs.payments.filter((payment) => payment.season === season));
    writes.push([`${COLLECTION.seasonTotals}/${season}`, { season, rows, updated_at: Timestamp.now() }]);
  }
  // Batches of 500 (Firestore's limit), COMMITS_AT_ONCE of them in flight.
  let nextBatch = 0;
  const commitBatches = async () => {
    for (let start = nextBatch * BATCH_SIZE; start < writes.length; start = nextBatch * BATCH_SIZE) {
      nextBatch += 1;
      const batch = db.batch();
      for (const [path, data] of writes.slice(start, start + BATCH_SIZE)) batch.set(db.doc(path), data);
      await batch.commit();
    }
  };
  await Promise.all(Array.from({ length: COMMITS_AT_ONCE }, commitBatches));
  return {
    currentSeasonOrders: size,
    previousSeasonOrders: previous,
    families,
    counts,
    documents: Object.values(counts).reduce((sum, count) => sum + count, 0),
    ms: Math.round(performance.now() - started),
  };
}

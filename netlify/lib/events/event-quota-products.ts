import type { Firestore, Timestamp, Transaction } from 'firebase-admin/firestore';
import { adminEventsContract } from '@contracts/admin-events';
import { productSlug } from '@domain/catalogue/product-slug';
import type { SeasonProduct } from '@domain/catalogue/season-catalogue';
import { seasonSettingsDocument } from '@domain/season/season-settings-schema';
import { quotaProductProblem } from '@domain/events/event-admin';
import type { GroupEvent } from '@domain/events/event';
import { italianDay, italianMidnight } from '@domain/italian-time';
import type { AuditActor } from '../platform/audit-log';
import { readSnapshot } from '../platform/snapshots';
import { HttpError } from '../platform/http';
import { defaultSeasonSettings, planHasOrders, settingsOf, type SeasonSettings } from '../season/season-settings';
import { seasonSettingsRef, writeSeasonSettings } from '../season/season-settings-write';

/**
 * An event's 'Quota' (docs/events.md, "The admin's side"): the season
 * product named after it, kept in `season_settings.products` and written
 * in the event's transaction, with its `settings.update` audit entry.
 */

const MESSAGES = adminEventsContract.messages;

/** The season's settings read in `transaction` (the defaults when never saved). */
export async function readSettings(db: Firestore, transaction: Transaction, season: number): Promise<SeasonSettings> {
  const saved = readSnapshot(seasonSettingsDocument, await transaction.get(seasonSettingsRef(db, season)));
  return saved ? settingsOf(saved) : defaultSeasonSettings(season);
}

/** The day before today in Italy: a product closed on it takes no new order. */
function yesterday(now: Date): string {
  return italianDay(new Date(italianMidnight(italianDay(now)).getTime() - 60_000));
}

/**
 * The season's products once an event's 'Quota' goes from `before` (the
 * event's product now, or null) to `after` (null: none), read in
 * `transaction`. A product families have paid is never dropped or renamed
 * (409 quotaPaid); with `closeIfPaid` (calling off) it is closed instead.
 * @throws HttpError 400 for a name the catalogue refuses, 409 productTaken, productLimit or quotaPaid.
 */
export async function planProducts(
  db: Firestore,
  transaction: Transaction,
  { season, products, before, after, closeIfPaid, now }: ProductChange,
): Promise<SeasonProduct[]> {
  let next = [...products];
  if (before && (!after || after.name !== before.name)) {
    const paid = await planHasOrders(db, transaction, season, before.name);
    if (paid && !closeIfPaid) throw new HttpError(409, MESSAGES.quotaPaid(before.name));
    next = paid
      ? next.map((product) => (product.name === before.name ? { ...product, closesOn: yesterday(now) } : product))
      : next.filter((product) => productSlug(product.name) !== productSlug(before.name));
  }
  if (!after) return next;
  const problem = quotaProductProblem(after);
  if (problem) throw new HttpError(400, problem);
  const slug = productSlug(after.name);
  const mine = before && productSlug(before.name) === slug;
  if (!mine && next.some((product) => productSlug(product.name) === slug)) throw new HttpError(409, MESSAGES.productTaken(after.name));
  next = mine ? next.map((product) => (productSlug(product.name) === slug ? after : product)) : [...next, after];
  if (next.length > 20) throw new HttpError(409, MESSAGES.productLimit);
  return next;
}

/** A change of an event's 'Quota': the season's products before it, the event's product `before` and `after` (null: none). */
export interface ProductChange {
  season: number;
  products: readonly SeasonProduct[];
  before: SeasonProduct | null;
  after: SeasonProduct | null;
  closeIfPaid: boolean;
  now: Date;
}

/** Writes the season's settings with `products` and their audit entry, when they changed. */
export function writeProducts(
  db: Firestore,
  transaction: Transaction,
  {
    season,
    settings,
    products,
    actor,
    now,
  }: { season: number; settings: SeasonSettings; products: SeasonProduct[]; actor: AuditActor; now: Timestamp },
): void {
  writeSeasonSettings(db, transaction, { season, before: settings, after: { ...settings, products }, actor, now });
}

/** The product of an event's quota as the season holds it (the season product its products name), or null. */
export function ownProduct(event: Pick<GroupEvent, 'products'>, products: readonly SeasonProduct[]): SeasonProduct | null {
  return products.find((product) => event.products.includes(productSlug(product.name))) ?? null;
}

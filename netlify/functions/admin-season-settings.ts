import type { Config } from '@netlify/functions';
import { Timestamp, type Firestore, type Transaction } from 'firebase-admin/firestore';
import { z } from 'zod';
import { SEASON } from '../../src/config/season';
import { AUDIT_ACTION } from '../../src/domain/audit-log';
import { COLLECTION, seasonSettingsDocument } from '../../src/domain/documents';
import type { SeasonProduct } from '../../src/domain/catalogue';
import { productSlug } from '../../src/domain/product-slug';
import type { SeasonPrices } from '../../src/domain/price-rule';
import { seasonProductsSchema } from '../../src/domain/catalogue-schema';
import { bankAccountSchema, type BankAccount } from '../../src/domain/bank-account';
import { priceRuleSchema } from '../../src/domain/price-rule-schema';
import { SPEC_PRODUCTS } from '../../src/domain/products';
import { settingsChangeSummary } from '../../src/domain/season-settings-change';
import { requireAdmin } from '../lib/admin-auth';
import { adminActor, recordAudit } from '../lib/audit-log';
import { readSnapshot } from '../lib/documents';
import { getDb, runTransaction } from '../lib/firestore';
import { HttpError, jsonFunction, jsonResponse } from '../lib/http';
import { parseBody } from '../lib/order-request';
import { DEFAULT_SEASON_SETTINGS, forgetSeasonSettings, planHasOrders, settingsOf } from '../lib/season-settings';

/** Italian messages of admin-season-settings. */
export const SEASON_SETTINGS_MESSAGES = {
  malformed: 'Richiesta non valida: serve "action" (read, o update con "cardFee", "prices", "products" o "bankAccount").',
  ordered: (name: string) => `«${name}» ha già degli ordini in questa stagione: non si può togliere.`,
} as const;

/**
 * Refuses to drop from the season a product that already has order items:
 * its orders would lose their page and a card payment under way its product.
 * Read in the transaction that writes the settings.
 * @throws HttpError 409 naming the product.
 */
async function refuseRemovingOrdered(
  db: Firestore,
  transaction: Transaction,
  season: number,
  before: readonly SeasonProduct[],
  after: readonly SeasonProduct[],
): Promise<void> {
  const kept = new Set(after.map((product) => productSlug(product.name)));
  for (const product of before.filter((each) => !kept.has(productSlug(each.name)))) {
    if (await planHasOrders(db, transaction, season, product.name))
      throw new HttpError(409, SEASON_SETTINGS_MESSAGES.ordered(product.name));
  }
}

const bodySchema = z.discriminatedUnion('action', [
  z.object({ action: z.literal('read') }),
  z.object({
    action: z.literal('update'),
    cardFee: z.boolean().optional(),
    prices: z.partialRecord(z.enum(SPEC_PRODUCTS), priceRuleSchema).optional(),
    products: seasonProductsSchema.optional(),
    bankAccount: bankAccountSchema.optional(),
  }),
]);

/** What the function answers: the season and its settings, and who changed them last (null: never changed, the spec's defaults). */
export interface SeasonSettingsAnswer {
  season: number;
  cardFee: boolean;
  /** Every product's price rule (the spec's where the treasurer set none). */
  prices: SeasonPrices;
  /** The treasurer's own products of the season. */
  products: SeasonProduct[];
  /** The account for the Bonifico (group.config.json's until the treasurer sets one). */
  bankAccount: BankAccount;
  updatedBy: string | null;
  updatedAt: string | null;
}

/**
 * POST /.netlify/functions/admin-season-settings with an admin's ID token
 * (docs/api.md, "admin-season-settings"; docs/admin.md, "Impostazioni
 * stagione"): `{ action: 'read' }`, or `{ action: 'update', cardFee?,
 * prices?, products?, bankAccount? }` for the current season (`SEASON.campYear`), `prices`
 * naming the spec's products whose rule changes (PriceRule, checked by
 * priceRuleSchema), `products` the season's own products, all of them
 * (SeasonProduct, checked by seasonProductsSchema; one with orders cannot
 * be removed: 409), `bankAccount` the account for the Bonifico (BankAccount,
 * the IBAN checked by bankAccountSchema).
 * An update writes `season_settings/{season}` and an audit entry
 * 'Impostazioni modificate' (what changed, before and after) in one
 * transaction; values equal to the stored ones write nothing. Orders made
 * after the change are priced with it (the functions keep the settings for
 * up to 30 s); orders already recorded keep their lines and amounts.
 * Answers 200 {@link SeasonSettingsAnswer}. 400 for a malformed body or a
 * wrong price (the Italian message names it), 401/403 without an admin
 * token, 405 other methods.
 */
export default jsonFunction('admin-season-settings', async (body, request) => {
  const token = await requireAdmin(request, 'admin-season-settings');
  const command = parseBody(bodySchema, body, SEASON_SETTINGS_MESSAGES.malformed);
  const db = getDb();
  const season = SEASON.campYear;
  const ref = db.collection(COLLECTION.seasonSettings).doc(String(season));
  const stored = await runTransaction(db, async (transaction) => {
    const current = readSnapshot(seasonSettingsDocument, await transaction.get(ref));
    if (command.action === 'read') return current;
    const before = current ? settingsOf(current) : DEFAULT_SEASON_SETTINGS;
    const after = {
      cardFee: command.cardFee ?? before.cardFee,
      prices: { ...before.prices, ...command.prices },
      products: command.products ?? before.products,
      bankAccount: command.bankAccount ?? before.bankAccount,
    };
    await refuseRemovingOrdered(db, transaction, season, before.products, after.products);
    const change = settingsChangeSummary(season, before, after);
    if (!change) return current;
    const actor = adminActor(token);
    const now = Timestamp.now();
    const written = {
      season,
      card_fee: after.cardFee,
      prices: after.prices,
      products: after.products,
      bank_account: after.bankAccount,
      updated_at: now,
      updated_by: actor.email,
    };
    transaction.set(ref, written);
    recordAudit(db, transaction, {
      actor,
      action: AUDIT_ACTION.settingsUpdate,
      target: { collection: COLLECTION.seasonSettings, id: ref.id },
      summary: change.summary,
      before: change.before,
      after: change.after,
    });
    return { ...written, updated_at: now.toDate() };
  });
  if (command.action === 'update') forgetSeasonSettings();
  const settings = stored ? settingsOf(stored) : DEFAULT_SEASON_SETTINGS;
  const answer: SeasonSettingsAnswer = {
    season,
    cardFee: settings.cardFee,
    prices: settings.prices,
    products: settings.products,
    bankAccount: settings.bankAccount,
    updatedBy: stored?.updated_by ?? null,
    updatedAt: stored?.updated_at.toISOString() ?? null,
  };
  return jsonResponse(200, answer);
});

/** A treasurer changes the settings a few times a season; the limit only stops a runaway loop. */
export const config: Config = { rateLimit: { windowLimit: 60, windowSize: 60, aggregateBy: ['ip', 'domain'] } };

import type { Config } from '@netlify/functions';
import { Timestamp, type Firestore, type Transaction } from 'firebase-admin/firestore';
import { z } from 'zod';
import { SEASON } from '@config/season';
import { AUDIT_ACTION } from '@domain/audit-log';
import { COLLECTION, seasonSettingsDocument } from '@domain/documents';
import type { SeasonProduct } from '@domain/catalogue';
import { productSlug } from '@domain/product-slug';
import type { SeasonPrices } from '@domain/price-rule';
import { seasonProductsSchema } from '@domain/catalogue-schema';
import { bankAccountSchema, type BankAccount } from '@domain/bank-account';
import { priceRuleSchema } from '@domain/price-rule-schema';
import { SPEC_PRODUCTS } from '@domain/products';
import { settingsChangeSummary } from '@domain/season-settings-change';
import { requireStaff } from '../lib/admin-auth';
import { adminActor, recordAudit } from '../lib/audit-log';
import { readSnapshot } from '../lib/documents';
import { getDb, runTransaction } from '../lib/firestore';
import { HttpError, jsonFunction, jsonResponse } from '../lib/http';
import { parseBody } from '../lib/order-request';
import {
  defaultSeasonSettings,
  forgetSeasonSettings,
  nextSeasonSettings,
  planHasOrders,
  settingsDocumentOf,
  settingsOf,
  type SeasonSettings,
} from '../lib/season-settings';
import type { MedicalFormSettings } from '@domain/medical-form-settings';
import { medicalFormSettingsSchema } from '@domain/medical-form-settings-schema';
import { paymentDeadlinesSchema, type PaymentDeadlines } from '@domain/season-settings';

/** Italian messages of admin-season-settings. */
export const SEASON_SETTINGS_MESSAGES = {
  malformed:
    'Richiesta non valida: serve "action" (read, newSeason, o update con "cardFee", "prices", "products", "bankAccount", "medicalForm" o "deadlines").',
  ordered: (name: string) => `«${name}» ha già degli ordini in questa stagione: non si può togliere.`,
  otherSeason: (current: number) => `Si possono modificare solo la stagione ${current} e la successiva, ${current + 1}.`,
  nextExists: (next: number) => `La stagione ${next} è già stata preparata: modificala da qui.`,
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

/** The seasons an admin may read and change: the portal's and the next, prepared with 'Nuova stagione'. */
const editableSeason = z.number().int().positive().optional();

const bodySchema = z.discriminatedUnion('action', [
  z.object({ action: z.literal('read'), season: editableSeason }),
  z.object({ action: z.literal('newSeason') }),
  z.object({
    action: z.literal('update'),
    season: editableSeason,
    cardFee: z.boolean().optional(),
    prices: z.partialRecord(z.enum(SPEC_PRODUCTS), priceRuleSchema).optional(),
    products: seasonProductsSchema.optional(),
    bankAccount: bankAccountSchema.optional(),
    medicalForm: medicalFormSettingsSchema.optional(),
    deadlines: paymentDeadlinesSchema.optional(),
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
  /** The medical form's cutoff day and Cloudinary folder. */
  medicalForm: MedicalFormSettings;
  /** The last day to pay each of the spec's products that has one. */
  deadlines: PaymentDeadlines;
  /** True when the next season has been prepared ('Nuova stagione'). */
  nextPrepared: boolean;
  updatedBy: string | null;
  updatedAt: string | null;
}

/**
 * POST /.netlify/functions/admin-season-settings with an admin's ID token
 * (docs/api.md, "admin-season-settings"; docs/admin.md, "Impostazioni
 * stagione"). `season` is the portal's (`SEASON.campYear`, the default) or
 * the next one; another is refused (400).
 * - `{ action: 'read', season? }`;
 * - `{ action: 'update', season?, cardFee?, prices?, products?, bankAccount?,
 *   medicalForm? }`: `prices` names the spec's products whose rule changes
 *   (PriceRule, priceRuleSchema), `products` the season's own products, all
 *   of them (SeasonProduct, seasonProductsSchema; one with orders cannot be
 *   removed: 409), `bankAccount` the account for the Bonifico (BankAccount,
 *   bankAccountSchema), `medicalForm` the form's cutoff day and folder
 *   (MedicalFormSettings, medicalFormSettingsSchema), `deadlines` the last
 *   day to pay each spec product, all of them (paymentDeadlinesSchema). It writes
 *   `season_settings/{season}` and an audit entry 'Impostazioni modificate'
 *   (what changed, before and after) in one transaction; values equal to the
 *   stored ones write nothing;
 * - `{ action: 'newSeason' }` ('Nuova stagione'): the next season's settings
 *   copied from the portal's (nextSeasonSettings), audited; 409 when the
 *   next season was already prepared.
 * Orders made after a change are priced with it (the functions keep the
 * settings for up to 30 s); orders already recorded keep their lines and
 * amounts. Answers 200 {@link SeasonSettingsAnswer} of the season read or
 * changed. 400 for a malformed body or a wrong value (the Italian message
 * names it), 401/403 without an admin token, 405 other methods.
 */
export default jsonFunction('admin-season-settings', async (body, request) => {
  const { token } = await requireStaff(request, 'admin-season-settings', 'settings');
  const command = parseBody(bodySchema, body, SEASON_SETTINGS_MESSAGES.malformed);
  const db = getDb();
  const current = SEASON.campYear;
  const season = command.action === 'newSeason' ? current + 1 : (command.season ?? current);
  if (season !== current && season !== current + 1) throw new HttpError(400, SEASON_SETTINGS_MESSAGES.otherSeason(current));
  const settingsRef = (year: number) => db.collection(COLLECTION.seasonSettings).doc(String(year));
  const ref = settingsRef(season);
  const stored = await runTransaction(db, async (transaction) => {
    const saved = readSnapshot(seasonSettingsDocument, await transaction.get(ref));
    if (command.action === 'read') return saved;
    const actor = adminActor(token);
    const now = Timestamp.now();
    if (command.action === 'newSeason') {
      if (saved) throw new HttpError(409, SEASON_SETTINGS_MESSAGES.nextExists(season));
      const last = readSnapshot(seasonSettingsDocument, await transaction.get(settingsRef(current)));
      const written = settingsDocumentOf(
        season,
        nextSeasonSettings(last ? settingsOf(last) : defaultSeasonSettings(current), current),
        actor.email,
        now,
      );
      transaction.create(ref, written);
      recordAudit(db, transaction, {
        actor,
        action: AUDIT_ACTION.settingsNewSeason,
        target: { collection: COLLECTION.seasonSettings, id: ref.id },
        summary: `Stagione ${season} preparata dalle impostazioni della stagione ${current}`,
        before: null,
        after: { season },
      });
      return { ...written, updated_at: now.toDate() };
    }
    const before = saved ? settingsOf(saved) : defaultSeasonSettings(season);
    const after: SeasonSettings = {
      cardFee: command.cardFee ?? before.cardFee,
      prices: { ...before.prices, ...command.prices },
      products: command.products ?? before.products,
      bankAccount: command.bankAccount ?? before.bankAccount,
      medicalForm: command.medicalForm ?? before.medicalForm,
      deadlines: command.deadlines ?? before.deadlines,
    };
    await refuseRemovingOrdered(db, transaction, season, before.products, after.products);
    const change = settingsChangeSummary(season, before, after);
    if (!change) return saved;
    const written = settingsDocumentOf(season, after, actor.email, now);
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
  if (command.action !== 'read') forgetSeasonSettings();
  const settings = stored ? settingsOf(stored) : defaultSeasonSettings(season);
  const nextPrepared = season > current || (await settingsRef(current + 1).get()).exists;
  const answer: SeasonSettingsAnswer = {
    season,
    cardFee: settings.cardFee,
    prices: settings.prices,
    products: settings.products,
    bankAccount: settings.bankAccount,
    medicalForm: settings.medicalForm,
    deadlines: settings.deadlines,
    nextPrepared,
    updatedBy: stored?.updated_by ?? null,
    updatedAt: stored?.updated_at.toISOString() ?? null,
  };
  return jsonResponse(200, answer);
});

/** A treasurer changes the settings a few times a season; the limit only stops a runaway loop. */
export const config: Config = { rateLimit: { windowLimit: 60, windowSize: 60, aggregateBy: ['ip', 'domain'] } };

import type { Firestore, Timestamp, Transaction } from 'firebase-admin/firestore';
import { COLLECTION } from '@domain/collections';
import { seasonSettingsDocument, type SeasonSettingsDocument } from '@domain/season/season-settings-schema';
import { seasonCatalogue, type SeasonProduct } from '@domain/catalogue/season-catalogue';
import type { CatalogueProduct, InstalmentPlan } from '@domain/catalogue/product';
import { SEED_PRICES, type SeasonPrices } from '@domain/catalogue/seed';
import { readSnapshot } from '../platform/snapshots';
import { GROUP } from '@config/group';
import type { BankAccount } from '@domain/payments/bank-account';
import type { PaymentDeadlines } from '@domain/season/season-settings';
import { defaultMedicalFormSettings, nextSeasonMedicalForm, type MedicalFormSettings } from '@domain/medical-forms/medical-form-settings';
import { dayYearLater } from '@domain/italian-time';

/**
 * The season's settings as the functions read them (docs/admin.md,
 * "Impostazioni stagione"): kept for a short while per warm function, so a
 * burst of orders reads Firestore once, and a change reaches every
 * function within {@link CACHE_MS}.
 */

/** What the functions need of a season's settings. */
export interface SeasonSettings {
  /** Card payments carry the 'Commissioni Servizio' (the spec's rule); false: the parent pays the items' total. */
  cardFee: boolean;
  /** Every product's price rule: the treasurer's where set, the spec's otherwise. */
  prices: SeasonPrices;
  /** The treasurer's own products of the season ('Uscita di Pasqua'). */
  products: SeasonProduct[];
  /** The account parents pay a Bonifico into: the treasurer's, or group.config.json's when none was set. */
  bankAccount: BankAccount;
  /** The medical form's cutoff day and folder: the treasurer's, or the spec's for the season. */
  medicalForm: MedicalFormSettings;
  /** The folders the season's forms were kept in before `medicalForm.folder` (writeSeasonSettings keeps them). */
  formerMedicalFormFolders: string[];
  /** The last day to pay each of the spec's products that has one, as the reminders print it. */
  deadlines: PaymentDeadlines;
  /** The products paid in rate, by product id (docs/product.md, "Instalments"). */
  instalments: Record<string, InstalmentPlan>;
}

/** The season's catalogue: the spec's four products at the season's prices, then the treasurer's own (seasonCatalogue). */
export function catalogueOf(
  settings: Pick<SeasonSettings, 'prices' | 'products'> & Partial<Pick<SeasonSettings, 'instalments'>>,
): CatalogueProduct[] {
  return seasonCatalogue(settings.prices, settings.products, settings.instalments);
}

/** The settings of `season` without its document: the spec's. */
export function defaultSeasonSettings(season: number): SeasonSettings {
  return {
    cardFee: true,
    prices: SEED_PRICES,
    products: [],
    bankAccount: GROUP.bankAccount,
    medicalForm: defaultMedicalFormSettings(season),
    formerMedicalFormFolders: [],
    deadlines: {},
    instalments: {},
  };
}

const CACHE_MS = 30_000;
const cache = new Map<number, { settings: SeasonSettings; until: number }>();

/** The settings of `season` (defaults when none were saved), at most {@link CACHE_MS} old. */
export async function readSeasonSettings(db: Firestore, season: number, now = Date.now()): Promise<SeasonSettings> {
  const cached = cache.get(season);
  if (cached && cached.until > now) return cached.settings;
  const stored = readSnapshot(seasonSettingsDocument, await db.collection(COLLECTION.seasonSettings).doc(String(season)).get());
  const settings = stored ? settingsOf(stored) : defaultSeasonSettings(season);
  cache.set(season, { settings, until: now + CACHE_MS });
  return settings;
}

/** The settings a stored document holds: its products' rules over the spec's. */
export function settingsOf(stored: SeasonSettingsDocument): SeasonSettings {
  return {
    cardFee: stored.card_fee,
    prices: { ...SEED_PRICES, ...stored.prices },
    products: stored.products,
    bankAccount: stored.bank_account ?? GROUP.bankAccount,
    medicalForm: stored.medical_form ?? defaultMedicalFormSettings(stored.season),
    formerMedicalFormFolders: stored.medical_form_former_folders,
    deadlines: stored.deadlines,
    instalments: stored.instalments,
  };
}

/**
 * The next season's settings from `season`'s ('Nuova stagione', docs/admin.md):
 * the same fee, prices, products, account and instalment plans; the products' closing days,
 * the rate's due days, the payment deadlines and the medical form's cutoff a year later, its
 * folder named after the new year.
 */
export function nextSeasonSettings(settings: SeasonSettings, season: number): SeasonSettings {
  return {
    ...settings,
    products: settings.products.map((product) => (product.closesOn ? { ...product, closesOn: dayYearLater(product.closesOn) } : product)),
    medicalForm: nextSeasonMedicalForm(settings.medicalForm, season),
    formerMedicalFormFolders: [],
    deadlines: Object.fromEntries(Object.entries(settings.deadlines).map(([product, day]) => [product, dayYearLater(day)])),
    instalments: Object.fromEntries(
      Object.entries(settings.instalments).map(([product, plan]) => [product, { due: plan.due.map((day) => day && dayYearLater(day)) }]),
    ),
  };
}

/** `settings` as `season_settings/{season}` keeps them, last changed by `email` at `now`. */
export function settingsDocumentOf(season: number, settings: SeasonSettings, email: string, now: Timestamp) {
  return {
    season,
    card_fee: settings.cardFee,
    prices: settings.prices,
    products: settings.products,
    bank_account: settings.bankAccount,
    medical_form: settings.medicalForm,
    medical_form_former_folders: settings.formerMedicalFormFolders,
    deadlines: settings.deadlines,
    instalments: settings.instalments,
    updated_at: now,
    updated_by: email,
  };
}

/** Forgets what this instance read: after this instance saved a change, and between tests. */
export function forgetSeasonSettings(): void {
  cache.clear();
}

/** True when `season` has an order item of `plan` (a product's name), read in `transaction`. */
export async function planHasOrders(db: Firestore, transaction: Transaction, season: number, plan: string): Promise<boolean> {
  const items = await transaction.get(
    db.collection(COLLECTION.orderItems).where('season', '==', season).where('plan', '==', plan).limit(1),
  );
  return !items.empty;
}

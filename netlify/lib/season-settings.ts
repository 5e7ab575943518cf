import type { Firestore } from 'firebase-admin/firestore';
import { COLLECTION, seasonSettingsDocument, type SeasonSettingsDocument } from '../../src/domain/documents';
import { SPEC_PRICES, type SeasonPrices } from '../../src/domain/price-rule';
import { readSnapshot } from './documents';

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
}

/** A season without its document: the spec's settings. */
export const DEFAULT_SEASON_SETTINGS: SeasonSettings = { cardFee: true, prices: SPEC_PRICES };

const CACHE_MS = 30_000;
const cache = new Map<number, { settings: SeasonSettings; until: number }>();

/** The settings of `season` (defaults when none were saved), at most {@link CACHE_MS} old. */
export async function readSeasonSettings(db: Firestore, season: number, now = Date.now()): Promise<SeasonSettings> {
  const cached = cache.get(season);
  if (cached && cached.until > now) return cached.settings;
  const stored = readSnapshot(seasonSettingsDocument, await db.collection(COLLECTION.seasonSettings).doc(String(season)).get());
  const settings = stored ? settingsOf(stored) : DEFAULT_SEASON_SETTINGS;
  cache.set(season, { settings, until: now + CACHE_MS });
  return settings;
}

/** The settings a stored document holds: its products' rules over the spec's. */
export function settingsOf(stored: SeasonSettingsDocument): SeasonSettings {
  return { cardFee: stored.card_fee, prices: { ...SPEC_PRICES, ...stored.prices } };
}

/** Forgets what this instance read: after this instance saved a change, and between tests. */
export function forgetSeasonSettings(): void {
  cache.clear();
}

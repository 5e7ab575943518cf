import type { Firestore } from 'firebase-admin/firestore';
import { COLLECTION, seasonSettingsDocument } from '../../src/domain/documents';
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
}

/** A season without its document: the spec's settings. */
export const DEFAULT_SEASON_SETTINGS: SeasonSettings = { cardFee: true };

const CACHE_MS = 30_000;
const cache = new Map<number, { settings: SeasonSettings; until: number }>();

/** The settings of `season` (defaults when none were saved), at most {@link CACHE_MS} old. */
export async function readSeasonSettings(db: Firestore, season: number, now = Date.now()): Promise<SeasonSettings> {
  const cached = cache.get(season);
  if (cached && cached.until > now) return cached.settings;
  const stored = readSnapshot(seasonSettingsDocument, await db.collection(COLLECTION.seasonSettings).doc(String(season)).get());
  const settings = stored ? { cardFee: stored.card_fee } : DEFAULT_SEASON_SETTINGS;
  cache.set(season, { settings, until: now + CACHE_MS });
  return settings;
}

/** Forgets what this instance read: after this instance saved a change, and between tests. */
export function forgetSeasonSettings(): void {
  cache.clear();
}

import type { Config } from '@netlify/functions';
import { seasonSettingsContract } from '@contracts/season-settings';
import { SEASON } from '@config/season';
import { contractFunction } from '../lib/platform/contract-function';
import { getDb } from '../lib/platform/firestore';
import { catalogueOf, readSeasonSettings } from '../lib/season/season-settings';

/**
 * GET /.netlify/functions/season-settings (seasonSettingsContract): the
 * current season's public settings, cached 30 s by the browser and the CDN.
 */
export default contractFunction(seasonSettingsContract, async () => {
  const season = SEASON.campYear;
  const settings = await readSeasonSettings(getDb(), season);
  return {
    body: { season, cardFee: settings.cardFee, catalogue: catalogueOf(settings), bankAccount: settings.bankAccount },
    headers: { 'cache-control': 'public, max-age=30' },
  };
});

/** Every payment screen reads it once per visit; the limit only stops a runaway loop. */
export const config: Config = { rateLimit: { windowLimit: 120, windowSize: 60, aggregateBy: ['ip', 'domain'] } };

import type { Config } from '@netlify/functions';
import { SEASON } from '../../src/config/season';
import type { PublicSeasonSettings } from '../../src/domain/season-settings';
import { getDb } from '../lib/firestore';
import { errorResponse, jsonResponse, responseForError } from '../lib/http';
import { catalogueOf, readSeasonSettings } from '../lib/season-settings';

/** 405 message: the settings are read with GET. */
export const SEASON_SETTINGS_METHOD_MESSAGE = 'Metodo non consentito: usa GET.';

/**
 * GET (or HEAD) /.netlify/functions/season-settings, public and read-only
 * (docs/api.md, "season-settings"): what the payment screens show of the
 * current season's settings, {@link PublicSeasonSettings} (the season, the
 * card fee on or off, the catalogue, the account for the Bonifico). Nothing personal, nothing
 * an admin alone may see; the functions price every order themselves.
 * 405 `{ error }` with `Allow: GET, HEAD` for other methods (a body is never read).
 */
export default async function seasonSettings(request: Request): Promise<Response> {
  if (request.method !== 'GET' && request.method !== 'HEAD') {
    return errorResponse(405, SEASON_SETTINGS_METHOD_MESSAGE, { allow: 'GET, HEAD' });
  }
  try {
    const season = SEASON.campYear;
    const settings = await readSeasonSettings(getDb(), season);
    const answer: PublicSeasonSettings = {
      season,
      cardFee: settings.cardFee,
      catalogue: catalogueOf(settings),
      bankAccount: settings.bankAccount,
    };
    return jsonResponse(200, answer, { 'cache-control': 'public, max-age=30' });
  } catch (error) {
    return responseForError(error, 'season-settings');
  }
}

/** Every payment screen reads it once per visit; the limit only stops a runaway loop. */
export const config: Config = { rateLimit: { windowLimit: 120, windowSize: 60, aggregateBy: ['ip', 'domain'] } };

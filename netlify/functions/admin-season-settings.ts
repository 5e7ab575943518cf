import type { Config } from '@netlify/functions';
import { Timestamp } from 'firebase-admin/firestore';
import { z } from 'zod';
import { SEASON } from '../../src/config/season';
import { AUDIT_ACTION } from '../../src/domain/audit-log';
import { COLLECTION, seasonSettingsDocument } from '../../src/domain/documents';
import { requireAdmin } from '../lib/admin-auth';
import { adminActor, recordAudit } from '../lib/audit-log';
import { readSnapshot } from '../lib/documents';
import { getDb, runTransaction } from '../lib/firestore';
import { jsonFunction, jsonResponse } from '../lib/http';
import { parseBody } from '../lib/order-request';
import { DEFAULT_SEASON_SETTINGS, forgetSeasonSettings } from '../lib/season-settings';

/** Italian messages of admin-season-settings. */
export const SEASON_SETTINGS_MESSAGES = {
  malformed: 'Richiesta non valida: serve "action" (read o update, con "cardFee" vero o falso).',
} as const;

const bodySchema = z.discriminatedUnion('action', [
  z.object({ action: z.literal('read') }),
  z.object({ action: z.literal('update'), cardFee: z.boolean() }),
]);

/** What the function answers: the season and its settings, and who changed them last (null: never changed, the spec's defaults). */
export interface SeasonSettingsAnswer {
  season: number;
  cardFee: boolean;
  updatedBy: string | null;
  updatedAt: string | null;
}

/**
 * POST /.netlify/functions/admin-season-settings with an admin's ID token
 * (docs/api.md, "admin-season-settings"; docs/admin.md, "Impostazioni
 * stagione"): `{ action: 'read' }` or `{ action: 'update', cardFee }` for
 * the current season (`SEASON.campYear`). An update writes
 * `season_settings/{season}` and an audit entry 'Impostazioni modificate'
 * (before and after) in one transaction; the same value again writes
 * nothing. Card payments made after the change are priced with it (the
 * functions keep the settings for up to 30 s); orders already recorded keep
 * their amounts. Answers 200 {@link SeasonSettingsAnswer}. 400 for a
 * malformed body, 401/403 without an admin token, 405 other methods.
 */
export default jsonFunction('admin-season-settings', async (body, request) => {
  const token = await requireAdmin(request, 'admin-season-settings');
  const command = parseBody(bodySchema, body, SEASON_SETTINGS_MESSAGES.malformed);
  const db = getDb();
  const season = SEASON.campYear;
  const ref = db.collection(COLLECTION.seasonSettings).doc(String(season));
  const stored = await runTransaction(db, async (transaction) => {
    const current = readSnapshot(seasonSettingsDocument, await transaction.get(ref));
    const cardFee = current?.card_fee ?? DEFAULT_SEASON_SETTINGS.cardFee;
    if (command.action === 'read' || command.cardFee === cardFee) return current;
    const actor = adminActor(token);
    const now = Timestamp.now();
    transaction.set(ref, { season, card_fee: command.cardFee, updated_at: now, updated_by: actor.email });
    recordAudit(db, transaction, {
      actor,
      action: AUDIT_ACTION.settingsUpdate,
      target: { collection: COLLECTION.seasonSettings, id: ref.id },
      summary: `Stagione ${season}: Commissioni Servizio sui pagamenti con carta ${command.cardFee ? 'attive' : 'disattivate'}`,
      before: { card_fee: cardFee },
      after: { card_fee: command.cardFee },
    });
    return { season, card_fee: command.cardFee, updated_at: now.toDate(), updated_by: actor.email };
  });
  if (command.action === 'update') forgetSeasonSettings();
  const answer: SeasonSettingsAnswer = {
    season,
    cardFee: stored?.card_fee ?? DEFAULT_SEASON_SETTINGS.cardFee,
    updatedBy: stored?.updated_by ?? null,
    updatedAt: stored?.updated_at.toISOString() ?? null,
  };
  return jsonResponse(200, answer);
});

/** A treasurer changes the settings a few times a season; the limit only stops a runaway loop. */
export const config: Config = { rateLimit: { windowLimit: 60, windowSize: 60, aggregateBy: ['ip', 'domain'] } };

import type { Firestore, Timestamp, Transaction } from 'firebase-admin/firestore';
import { AUDIT_ACTION } from '@domain/audit-log';
import { COLLECTION } from '@domain/collections';
import { settingsChangeSummary } from '@domain/season/season-settings-change';
import { recordAudit, type AuditActor } from '../platform/audit-log';
import { settingsDocumentOf, type SeasonSettings } from './season-settings';

/** `season_settings/{season}`. */
export const seasonSettingsRef = (db: Firestore, season: number) => db.collection(COLLECTION.seasonSettings).doc(String(season));

/**
 * Writes in `transaction` the season's settings `after` and their audit entry
 * (`settings.update`, worded by settingsChangeSummary), when they differ from
 * `before`. Both the treasurer's 'Impostazioni stagione' and an outing's quota
 * product write through here. A medical-form folder left for another is
 * kept in `formerMedicalFormFolders`, so the retention still lists its files
 * (medicalFormFolders, netlify/lib/medical-forms/medical-form-orphans.ts).
 * @returns the document written, or null when nothing changed (nothing written).
 */
export function writeSeasonSettings(
  db: Firestore,
  transaction: Transaction,
  {
    season,
    before,
    after,
    actor,
    now,
  }: { season: number; before: SeasonSettings; after: SeasonSettings; actor: AuditActor; now: Timestamp },
): ReturnType<typeof settingsDocumentOf> | null {
  const change = settingsChangeSummary(season, before, after);
  if (!change) return null;
  const leftFolder = before.medicalForm.folder !== after.medicalForm.folder ? [before.medicalForm.folder] : [];
  const formerMedicalFormFolders = [...new Set([...before.formerMedicalFormFolders, ...leftFolder])].filter(
    (folder) => folder !== after.medicalForm.folder,
  );
  const written = settingsDocumentOf(season, { ...after, formerMedicalFormFolders }, actor.email, now);
  transaction.set(seasonSettingsRef(db, season), written);
  recordAudit(db, transaction, {
    actor,
    action: AUDIT_ACTION.settingsUpdate,
    target: { collection: COLLECTION.seasonSettings, id: String(season) },
    summary: change.summary,
    before: change.before,
    after: change.after,
  });
  return written;
}

import type { Config } from '@netlify/functions';
import { Timestamp, type Firestore, type Transaction } from 'firebase-admin/firestore';
import { adminSeasonSettingsContract, type SeasonSettingsView } from '@contracts/admin-season-settings';
import type { ParsedRequestOf } from '@contracts/contract';
import { SEASON } from '@config/season';
import { AUDIT_ACTION } from '@domain/audit-log';
import { productSlug } from '@domain/catalogue/product-slug';
import { COLLECTION } from '@domain/collections';
import { seasonSettingsDocument, type SeasonSettingsDocument } from '@domain/season/season-settings-schema';
import { CAMP_PRODUCT_IDS, type SeasonProduct } from '@domain/catalogue/season-catalogue';
import { instalmentPlanProblems } from '@domain/payments/instalments';
import { scoutYearOfCamp } from '@domain/accounts/scout-year';
import { adminContractFunction } from '../lib/platform/admin-function';
import { adminActor, recordAudit, type AuditActor } from '../lib/platform/audit-log';
import { seasonSettingsRef, writeSeasonSettings } from '../lib/season/season-settings-write';
import { readSnapshot } from '../lib/platform/snapshots';
import { getDb, runTransaction } from '../lib/platform/firestore';
import { readCarriedDocuments, writeCarriedDocuments } from '../lib/documents/group-document-writes';
import { HttpError } from '../lib/platform/http';
import {
  catalogueOf,
  defaultSeasonSettings,
  forgetSeasonSettings,
  nextSeasonSettings,
  planHasOrders,
  settingsDocumentOf,
  settingsOf,
  type SeasonSettings,
} from '../lib/season/season-settings';

const MESSAGES = adminSeasonSettingsContract.messages;

type Command = ParsedRequestOf<typeof adminSeasonSettingsContract>;
type Update = Extract<Command, { action: 'update' }>;

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
    if (await planHasOrders(db, transaction, season, product.name)) throw new HttpError(409, MESSAGES.ordered(product.name));
  }
}

/**
 * Refuses an instalment plan on a product the season does not sell or on
 * the camp's Acconto and Saldo (paid as the spec has them), and one whose
 * due days fall outside the season's scout year (instalmentPlanProblems;
 * docs/product.md, "Instalments").
 * @throws HttpError 400 naming the product or the problem.
 */
function refuseBadPlans(season: number, settings: SeasonSettings): void {
  const ids = new Set(catalogueOf(settings).map((product) => product.id));
  const year = scoutYearOfCamp(season);
  for (const [id, plan] of Object.entries(settings.instalments)) {
    if (!ids.has(id) || CAMP_PRODUCT_IDS.includes(id)) throw new HttpError(400, MESSAGES.instalmentProduct(id));
    const problem = instalmentPlanProblems(plan, year)[0];
    if (problem) throw new HttpError(400, MESSAGES.instalmentPlan(problem));
  }
}

/** A stored season's settings as saved, with the server time they were written at. */
type Stored = SeasonSettingsDocument | (ReturnType<typeof settingsDocumentOf> & { updated_at: Date });

/**
 * 'Nuova stagione' in `transaction`: the next season's settings copied from
 * the portal's (nextSeasonSettings), audited; the season's live documents
 * to sign carried to it as version 1 (writeCarriedDocuments).
 * @throws HttpError 409 when the next season was already prepared.
 */
async function prepareNextSeason(
  db: Firestore,
  transaction: Transaction,
  { saved, season, current, actor }: { saved: Stored | null; season: number; current: number; actor: AuditActor },
): Promise<Stored> {
  if (saved) throw new HttpError(409, MESSAGES.nextExists(season));
  const last = readSnapshot(seasonSettingsDocument, await transaction.get(seasonSettingsRef(db, current)));
  const documents = await readCarriedDocuments(db, transaction, current, season);
  const now = Timestamp.now();
  const written = settingsDocumentOf(
    season,
    nextSeasonSettings(last ? settingsOf(last) : defaultSeasonSettings(current), current),
    actor.email,
    now,
  );
  transaction.create(seasonSettingsRef(db, season), written);
  recordAudit(db, transaction, {
    actor,
    action: AUDIT_ACTION.settingsNewSeason,
    target: { collection: COLLECTION.seasonSettings, id: String(season) },
    summary: `Stagione ${season} preparata dalle impostazioni della stagione ${current}`,
    before: null,
    after: { season },
  });
  writeCarriedDocuments(db, transaction, documents, { from: current, to: season, actor });
  return { ...written, updated_at: now.toDate() };
}

/**
 * An update in `transaction`: only what `command` sends changes (`prices`
 * merged over the saved rules, the rest replaced); a product the update
 * drops that already has orders is refused; nothing changed writes nothing.
 * Otherwise the settings and an audit entry 'Impostazioni modificate' (what
 * changed, before and after).
 * @throws HttpError 409 naming a dropped product with orders.
 */
async function updateSettings(
  db: Firestore,
  transaction: Transaction,
  { saved, season, command, actor }: { saved: Stored | null; season: number; command: Update; actor: AuditActor },
): Promise<Stored | null> {
  const before = saved ? settingsOf(saved) : defaultSeasonSettings(season);
  const after: SeasonSettings = {
    cardFee: command.cardFee ?? before.cardFee,
    prices: { ...before.prices, ...command.prices },
    products: command.products ?? before.products,
    bankAccount: command.bankAccount ?? before.bankAccount,
    medicalForm: command.medicalForm ?? before.medicalForm,
    formerMedicalFormFolders: before.formerMedicalFormFolders,
    deadlines: command.deadlines ?? before.deadlines,
    instalments: command.instalments ?? before.instalments,
  };
  if (command.instalments) refuseBadPlans(season, after);
  // A product dropped from the season takes its plan with it.
  const sold = new Set(catalogueOf(after).map((product) => product.id));
  after.instalments = Object.fromEntries(Object.entries(after.instalments).filter(([id]) => sold.has(id)));
  await refuseRemovingOrdered(db, transaction, season, before.products, after.products);
  const now = Timestamp.now();
  const written = writeSeasonSettings(db, transaction, { season, before, after, actor, now });
  if (!written) return saved;
  return { ...written, updated_at: now.toDate() };
}

/** The answer: `season`'s settings as stored (the defaults when never saved), whether the next season is prepared, who changed them last. */
function answerOf(season: number, stored: Stored | null, nextPrepared: boolean): SeasonSettingsView {
  const settings = stored ? settingsOf(stored) : defaultSeasonSettings(season);
  return {
    season,
    cardFee: settings.cardFee,
    prices: settings.prices,
    products: settings.products,
    bankAccount: settings.bankAccount,
    medicalForm: settings.medicalForm,
    deadlines: settings.deadlines,
    instalments: settings.instalments,
    nextPrepared,
    updatedBy: stored?.updated_by ?? null,
    updatedAt: stored?.updated_at.toISOString() ?? null,
  };
}

/**
 * admin-season-settings (adminSeasonSettingsContract; docs/api.md,
 * "admin-season-settings"; docs/admin.md, "Impostazioni stagione"): read,
 * update ({@link updateSettings}) or prepare ({@link prepareNextSeason}) the
 * settings of the portal's season (`SEASON.campYear`, the default) or the
 * next one, in one transaction with the audit entry. Orders made after a
 * change are priced with it (the functions keep the settings for up to
 * 30 s); recorded ones keep their lines and amounts.
 * @throws HttpError 400 for another season.
 */
export default adminContractFunction(adminSeasonSettingsContract, 'settings', async (command, { token }) => {
  const db = getDb();
  const current = SEASON.campYear;
  const season = command.action === 'newSeason' ? current + 1 : (command.season ?? current);
  if (season !== current && season !== current + 1) throw new HttpError(400, MESSAGES.otherSeason(current));
  const stored = await runTransaction(db, async (transaction): Promise<Stored | null> => {
    const saved = readSnapshot(seasonSettingsDocument, await transaction.get(seasonSettingsRef(db, season)));
    if (command.action === 'read') return saved;
    const actor = adminActor(token);
    if (command.action === 'newSeason') return prepareNextSeason(db, transaction, { saved, season, current, actor });
    return updateSettings(db, transaction, { saved, season, command, actor });
  });
  if (command.action !== 'read') forgetSeasonSettings();
  const nextPrepared = season > current || (await seasonSettingsRef(db, current + 1).get()).exists;
  return { body: answerOf(season, stored, nextPrepared) };
});

/** A treasurer changes the settings a few times a season; the limit only stops a runaway loop. */
export const config: Config = { rateLimit: { windowLimit: 60, windowSize: 60, aggregateBy: ['ip', 'domain'] } };

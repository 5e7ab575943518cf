import type { Config } from '@netlify/functions';
import { Timestamp, type Firestore } from 'firebase-admin/firestore';
import { adminRemindersContract } from '@contracts/admin-reminders';
import { pageOfProduct } from '@config/product-pages';
import { SEASON } from '@config/season';
import { AUDIT_ACTION } from '@domain/audit-log';
import { paymentReason } from '@domain/payments/bank-transfer';
import { findProduct, type CatalogueProduct } from '@domain/catalogue/product';
import { COLLECTION } from '@domain/collections';
import { reminderDocument } from '@domain/reminders/reminder-schema';
import {
  isRecentReminder,
  reminderId,
  reminderProductName,
  type FamilyReminder,
  type ReminderPlan,
} from '@domain/reminders/payment-reminders';
import { adminContractFunction } from '../lib/platform/admin-function';
import { adminActor, recordAudit, type AuditActor } from '../lib/platform/audit-log';
import { readSnapshot } from '../lib/platform/snapshots';
import { getDb, runTransaction } from '../lib/platform/firestore';
import { HttpError } from '../lib/platform/http';
import type { MailContext } from '../lib/platform/mail/layout';
import { reminderMail } from '../lib/reminders/reminder-mails';
import { enqueueMail, mailContext } from '../lib/platform/mail/outbox';
import { deliverMail } from '../lib/mail-delivery';
import { readReminderPlan, UnreadableSeasonError } from '../lib/reminders/payment-reminders';
import { catalogueOf, readSeasonSettings, type SeasonSettings } from '../lib/season/season-settings';

const MESSAGES = adminRemindersContract.messages;

/** How many families' transactions run at once: a season's hundred families in a few seconds, without crowding Firestore. */
const PARALLEL = 8;

/** What a reminder is about: the product's entry, the season and its settings (account, deadlines), and the messages' context. */
interface ReminderContext {
  product: CatalogueProduct;
  season: number;
  settings: SeasonSettings;
  mail: MailContext;
}

/**
 * The reminder e-mail of one family (docs/admin.md, "Reminders"): the
 * product's subject name, the children and prices, the deadline (the
 * season's for the product, else its closing day), the product's page and
 * the transfer's details.
 */
function familyMail({ product, season, settings, mail }: ReminderContext, family: FamilyReminder) {
  const deadline = (settings.deadlines as Partial<Record<string, string>>)[product.id] ?? product.closesOn ?? null;
  return reminderMail(
    {
      familySurname: family.familySurname,
      productName: reminderProductName(product, season),
      lines: family.lines,
      dueEuros: family.dueEuros,
      totalEuros: family.totalEuros,
      ...(family.instalments ? { instalments: family.instalments } : {}),
      deadline,
      iban: settings.bankAccount.iban,
      holder: settings.bankAccount.holder,
      reason: paymentReason(product.names, season, family.familySurname),
      paymentUrl: `${mail.siteUrl.replace(/\/+$/, '')}${pageOfProduct(product).path}`,
    },
    mail,
  );
}

/**
 * Sends one family its reminder, in ONE transaction: reads
 * `reminders/{season}_{product}_{familyId}`; when it was sent less than 7
 * days ago writes nothing and resolves null, otherwise writes it (the
 * children, now, the admin) and the e-mail to the outbox, and resolves the
 * message's id. Two admins at once: one writes, the other finds it recent.
 */
async function remindFamily(db: Firestore, context: ReminderContext, family: FamilyReminder, actor: AuditActor): Promise<string | null> {
  const { season, product } = context;
  const ref = db.collection(COLLECTION.reminders).doc(reminderId(season, product.id, family.familyId));
  const content = familyMail(context, family);
  return runTransaction(db, async (transaction) => {
    const previous = readSnapshot(reminderDocument, await transaction.get(ref));
    const now = Timestamp.now();
    if (previous && isRecentReminder(previous.sent_at, now.toDate())) return null;
    transaction.set(ref, {
      id: ref.id,
      season,
      product: product.id,
      family_id: family.familyId,
      child_ids: family.lines.map((line) => line.child.id),
      sent_at: now,
      sent_by: actor.email,
    });
    return enqueueMail(db, transaction, { kind: 'reminder', to: family.to, content, familyId: family.familyId }, now.toDate());
  });
}

/** What sending did: the families written to (with their e-mail's id), those found reminded meanwhile, those whose transaction failed. */
interface Sent {
  sent: Array<{ family: FamilyReminder; mailId: string }>;
  skipped: number;
  failed: number;
}

/** Sends the plan's families their reminders, {@link PARALLEL} transactions at a time; a failed one is logged and counted, the others go on. */
async function sendAll(db: Firestore, context: ReminderContext, plan: ReminderPlan, actor: AuditActor): Promise<Sent> {
  const result: Sent = { sent: [], skipped: 0, failed: 0 };
  for (let start = 0; start < plan.families.length; start += PARALLEL) {
    const group = plan.families.slice(start, start + PARALLEL);
    const outcomes = await Promise.allSettled(group.map((family) => remindFamily(db, context, family, actor)));
    outcomes.forEach((outcome, index) => {
      const family = group[index];
      if (outcome.status === 'rejected') {
        result.failed += 1;
        const reason = outcome.reason instanceof Error ? `${outcome.reason.name}: ${outcome.reason.message}` : String(outcome.reason);
        console.error(`admin-reminders: ${family?.familyId ?? '?'} not reminded: ${reason}`);
      } else if (outcome.value === null || !family) result.skipped += 1;
      else result.sent.push({ family, mailId: outcome.value });
    });
  }
  return result;
}

/** The `reminder.send` audit entry of what was sent: who, the product, how many families and children. */
async function auditSent(db: Firestore, context: ReminderContext, actor: AuditActor, plan: ReminderPlan, sent: Sent, children: number) {
  const { season, product } = context;
  const families = sent.sent.length;
  const batch = db.batch();
  recordAudit(db, batch, {
    actor,
    action: AUDIT_ACTION.reminderSend,
    target: { collection: COLLECTION.reminders, id: `${season}_${product.id}` },
    summary: `Promemoria ${product.names.short} inviati a ${families} ${families === 1 ? 'famiglia' : 'famiglie'} (${children} ${children === 1 ? 'figlio' : 'figli'})`,
    before: null,
    after: {
      season,
      product: product.id,
      families: sent.sent.map(({ family }) => family.familyId).sort(),
      children,
      recently_reminded: plan.recentlyReminded + sent.skipped,
      without_email: plan.withoutEmail.length,
    },
  });
  await batch.commit();
}

/**
 * admin-reminders (adminRemindersContract; docs/api.md, "admin-reminders";
 * docs/admin.md, "Reminders"): the reminders of a product of the current
 * season's catalogue, planned from the season's documents (readReminderPlan,
 * planReminders). 'preview' writes nothing; 'send' plans again (it never
 * trusts the browser's numbers), writes each family's reminder and e-mail
 * in its own transaction ({@link remindFamily}: never twice within 7
 * days, even with two admins at once), then one audit entry, and sends the
 * e-mails after the answer.
 */
export default adminContractFunction(
  adminRemindersContract,
  'payments',
  async ({ product: productId, action }, { token }, request, httpContext) => {
    const db = getDb();
    const season = SEASON.campYear;
    const settings = await readSeasonSettings(db, season);
    const catalogue = catalogueOf(settings);
    const product = findProduct(catalogue, productId);
    if (!product) throw new HttpError(400, MESSAGES.malformed);
    const plan = await readReminderPlan(db, season, { product, catalogue }, new Date()).catch((error: unknown) => {
      if (error instanceof UnreadableSeasonError) throw new HttpError(409, MESSAGES.unreadable(error.paths));
      throw error;
    });
    const { recentlyReminded, withoutEmail } = plan;
    if (action === 'preview') return { body: { families: plan.families.length, children: plan.children, recentlyReminded, withoutEmail } };

    const actor = adminActor(token);
    const context: ReminderContext = { product, season, settings, mail: mailContext(request) };
    const sent = await sendAll(db, context, plan, actor);
    const children = sent.sent.reduce((sum, { family }) => sum + family.lines.length, 0);
    if (sent.sent.length > 0) {
      // Queued first: the messages are owed whatever happens to the audit entry (the scheduled sender would send them anyway).
      httpContext.waitUntil(
        (async () => {
          for (const { mailId } of sent.sent) await deliverMail(db, mailId);
        })(),
      );
      await auditSent(db, context, actor, plan, sent, children);
    }
    if (sent.failed > 0) throw new HttpError(503, MESSAGES.partial(sent.sent.length, sent.failed));
    return { body: { sent: sent.sent.length, children, recentlyReminded: recentlyReminded + sent.skipped, withoutEmail } };
  },
);

/** An admin sends reminders a few times a season; the limit only stops a runaway loop. */
export const config: Config = { rateLimit: { windowLimit: 30, windowSize: 60, aggregateBy: ['ip', 'domain'] } };

import type { Config } from '@netlify/functions';
import { Timestamp, type Firestore } from 'firebase-admin/firestore';
import { z } from 'zod';
import { PAYMENT_SCREENS } from '@config/paths';
import { SEASON } from '@config/season';
import { AUDIT_ACTION } from '@domain/audit-log';
import { bankTransferPageOf, paymentReasonOf } from '@domain/bank-transfer';
import { COLLECTION, reminderDocument } from '@domain/documents';
import { planOf, SPEC_PRODUCTS, type SpecProduct } from '@domain/products';
import { isRecentReminder, REMINDER_PRODUCT_LABELS, reminderId, reminderProductName, type FamilyReminder } from '@domain/reminders';
import { requireStaff } from '../lib/admin-auth';
import { adminActor, recordAudit, type AuditActor } from '../lib/audit-log';
import { readSnapshot } from '../lib/documents';
import { getDb, runTransaction } from '../lib/firestore';
import { HttpError, jsonFunction, jsonResponse } from '../lib/http';
import type { MailContext } from '../lib/mail/layout';
import { reminderMail } from '../lib/mail/messages';
import { deliverMail, enqueueMail, mailContext } from '../lib/mail/outbox';
import { parseBody } from '../lib/order-request';
import { readReminderPlan, UnreadableSeasonError } from '../lib/reminders';
import { readSeasonSettings, type SeasonSettings } from '../lib/season-settings';

/** Italian messages of admin-reminders. */
export const REMINDER_MESSAGES = {
  malformed: 'Richiesta non valida: servono "product" (campo-acconto, campo-saldo, felpa o maglietta) e "action" (preview o send).',
  unreadable: (paths: readonly string[]) =>
    `Alcuni dati della stagione non sono leggibili (${paths.slice(0, 5).join(', ')}${paths.length > 5 ? '…' : ''}): nessun promemoria inviato. Correggili e riprova.`,
  partial: (sent: number, failed: number) =>
    `Promemoria inviati a ${sent} ${sent === 1 ? 'famiglia' : 'famiglie'}, ma non a ${failed}: riprova tra qualche istante (chi l'ha già ricevuto non lo riceverà di nuovo).`,
} as const;

const bodySchema = z.object({
  product: z.enum(SPEC_PRODUCTS),
  action: z.enum(['preview', 'send']),
});

/** How many families' transactions run at once: a season's hundred families in a few seconds, without crowding Firestore. */
const PARALLEL = 8;

/** The reminder e-mail of one family (docs/admin.md, "Reminders"). */
function familyMail(
  product: SpecProduct,
  season: number,
  family: FamilyReminder,
  { bankAccount: account, deadlines }: Pick<SeasonSettings, 'bankAccount' | 'deadlines'>,
  context: MailContext,
) {
  return reminderMail(
    {
      familySurname: family.familySurname,
      productName: reminderProductName(product, season),
      lines: family.lines.map((line) => ({ childName: line.name, plan: planOf(product), size: '', amountEuros: line.priceEuros })),
      totalEuros: family.totalEuros,
      deadline: deadlines[product] ?? null,
      iban: account.iban,
      holder: account.holder,
      reason: paymentReasonOf(planOf(product), season, family.familySurname),
      paymentUrl: `${context.siteUrl.replace(/\/+$/, '')}${PAYMENT_SCREENS[bankTransferPageOf(product)].path}`,
    },
    context,
  );
}

/**
 * Sends one family its reminder, in ONE transaction: reads
 * `reminders/{season}_{product}_{familyId}`; when it was sent less than 7
 * days ago writes nothing and resolves null, otherwise writes it (the
 * children, now, the admin) and the e-mail to the outbox, and resolves the
 * message's id. Two admins at once: one writes, the other finds it recent.
 */
async function remindFamily(
  db: Firestore,
  input: {
    season: number;
    product: SpecProduct;
    family: FamilyReminder;
    settings: SeasonSettings;
    actor: AuditActor;
    context: MailContext;
  },
): Promise<string | null> {
  const { season, product, family, actor } = input;
  const ref = db.collection(COLLECTION.reminders).doc(reminderId(season, product, family.familyId));
  const content = familyMail(product, season, family, input.settings, input.context);
  return runTransaction(db, async (transaction) => {
    const previous = readSnapshot(reminderDocument, await transaction.get(ref));
    const now = Timestamp.now();
    if (previous && isRecentReminder(previous.sent_at, now.toDate())) return null;
    transaction.set(ref, {
      id: ref.id,
      season,
      product,
      family_id: family.familyId,
      child_ids: family.lines.map((line) => line.childId),
      sent_at: now,
      sent_by: actor.email,
    });
    return enqueueMail(db, transaction, { kind: 'reminder', to: family.to, content, familyId: family.familyId }, now.toDate());
  });
}

/**
 * POST /.netlify/functions/admin-reminders `{ product, action }` with
 * `Authorization: Bearer <Firebase ID token>` of an admin (docs/api.md,
 * "admin-reminders"; docs/admin.md, "Reminders"). Plans the reminders of
 * `product` ('campo-acconto', 'campo-saldo', 'felpa', 'maglietta') for the
 * current season (`SEASON.campYear`) from the season's documents
 * (readReminderPlan, planReminders).
 *
 * 'preview' answers 200 `{ families, children, recentlyReminded,
 * withoutEmail: [{ familySurname, parent, phone }] }`: the families and
 * children that would be written to, the families skipped as reminded of
 * the product in the last 7 days, the parents without an e-mail to phone.
 *
 * 'send' plans again (it never trusts the browser's numbers) and writes each
 * family's reminder and e-mail in one transaction (a family reminded less
 * than 7 days ago, even by another admin a moment before, is skipped and
 * counted in `recentlyReminded`); then one `audit_log` entry
 * `reminder.send` (who, the product, how many families and children) when
 * any was written, and the e-mails are sent after the answer. Answers 200
 * `{ sent, children, recentlyReminded, withoutEmail }`: `sent` 0 when there
 * was nothing to send, `recentlyReminded` saying why when that is the reason.
 *
 * Errors `{ error }` in Italian: 400 for a malformed body, 401/403 without
 * an admin token, 409 when a document of the season does not match its
 * schema (nothing sent), 503 when some families' transactions failed (the
 * others were sent; pressing again sends only the missing ones) or without
 * Firebase, 405 for other methods.
 */
export default jsonFunction('admin-reminders', async (body, request, context) => {
  const { token } = await requireStaff(request, 'admin-reminders', 'payments');
  const { product, action } = parseBody(bodySchema, body, REMINDER_MESSAGES.malformed);
  const db = getDb();
  const season = SEASON.campYear;
  const plan = await readReminderPlan(db, season, product, new Date()).catch((error: unknown) => {
    if (error instanceof UnreadableSeasonError) throw new HttpError(409, REMINDER_MESSAGES.unreadable(error.paths));
    throw error;
  });
  if (action === 'preview') {
    const { recentlyReminded, withoutEmail } = plan;
    return jsonResponse(200, { families: plan.families.length, children: plan.children, recentlyReminded, withoutEmail });
  }

  const actor = adminActor(token);
  const mail = mailContext(request);
  const settings = await readSeasonSettings(db, season);
  const sent: Array<{ family: FamilyReminder; mailId: string }> = [];
  let skipped = 0;
  let failed = 0;
  for (let start = 0; start < plan.families.length; start += PARALLEL) {
    const group = plan.families.slice(start, start + PARALLEL);
    const outcomes = await Promise.allSettled(
      group.map((family) => remindFamily(db, { season, product, family, settings, actor, context: mail })),
    );
    outcomes.forEach((outcome, index) => {
      const family = group[index];
      if (outcome.status === 'rejected') {
        failed += 1;
        const reason = outcome.reason instanceof Error ? `${outcome.reason.name}: ${outcome.reason.message}` : String(outcome.reason);
        console.error(`admin-reminders: ${family?.familyId ?? '?'} not reminded: ${reason}`);
      } else if (outcome.value === null || !family) skipped += 1;
      else sent.push({ family, mailId: outcome.value });
    });
  }

  const children = sent.reduce((sum, { family }) => sum + family.lines.length, 0);
  if (sent.length > 0) {
    // Queued first: the messages are owed whatever happens to the audit entry (the scheduled sender would send them anyway).
    context.waitUntil(
      (async () => {
        for (const { mailId } of sent) await deliverMail(db, mailId);
      })(),
    );
    const batch = db.batch();
    const label = REMINDER_PRODUCT_LABELS[product];
    recordAudit(db, batch, {
      actor,
      action: AUDIT_ACTION.reminderSend,
      target: { collection: COLLECTION.reminders, id: `${season}_${product}` },
      summary: `Promemoria ${label} inviati a ${sent.length} ${sent.length === 1 ? 'famiglia' : 'famiglie'} (${children} ${children === 1 ? 'figlio' : 'figli'})`,
      before: null,
      after: {
        season,
        product,
        families: sent.map(({ family }) => family.familyId).sort(),
        children,
        recently_reminded: plan.recentlyReminded + skipped,
        without_email: plan.withoutEmail.length,
      },
    });
    await batch.commit();
  }
  if (failed > 0) throw new HttpError(503, REMINDER_MESSAGES.partial(sent.length, failed));
  return jsonResponse(200, {
    sent: sent.length,
    children,
    recentlyReminded: plan.recentlyReminded + skipped,
    withoutEmail: plan.withoutEmail,
  });
});

/** An admin sends reminders a few times a season; the limit only stops a runaway loop. */
export const config: Config = { rateLimit: { windowLimit: 30, windowSize: 60, aggregateBy: ['ip', 'domain'] } };

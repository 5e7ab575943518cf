import type { OrderLine } from '../catalogue/order-line';
import { priceOrder } from '../catalogue/pricing';
import { mayBuy, withYear, type CatalogueProduct } from '../catalogue/product';
import type { ParentDocument } from '@domain/roster/parent-schema';
import type { ReminderDocument } from '@domain/reminders/reminder-schema';
import { cellOf, type EnrolmentRow } from '../enrolment/enrolment-status';
import { isUnpaidAfter } from '../enrolment/enrolment-filters';
import { italianDayText } from '../italian-time';
import { sumEuros } from '../money';

/**
 * Reminders of what is still to pay (docs/admin.md, "Reminders"): who gets
 * one for a product, what each child still owes, and the sentences the
 * admin's dialog shows. Pure: admin-reminders (netlify/functions) reads the
 * documents, plans with {@link planReminders} and writes the e-mails.
 */

/** A family reminded of a product less than this long ago (7 days, in ms) is not reminded of it again. */
export const REMINDER_INTERVAL_MS = 7 * 24 * 60 * 60 * 1000;

/** What a reminder's subject names, its `names.subject` in the camp year: 'Saldo Campo Estivo {season}', 'Felpa Reparto'. */
export function reminderProductName(product: Pick<CatalogueProduct, 'names'>, season: number): string {
  return withYear(product.names.subject, season);
}

/** The id of a family's reminder of a product in a season: `{season}_{product}_{familyId}` (one document, replaced by the next reminder). */
export function reminderId(season: number, productId: string, familyId: string): string {
  return `${season}_${productId}_${familyId}`;
}

/** What the reminders read of a catalogue entry. */
export type RemindedProduct = Pick<CatalogueProduct, 'id' | 'plan' | 'sizes' | 'price' | 'branches' | 'after'>;

/**
 * True when the child of `row` is to be reminded of `product`: its cell is
 * 'none' (no item, or only refunded ones) and its branch may buy it
 * (`mayBuy`: the Felpa is for Reparto); for a product paid after another
 * (the Saldo after the Acconto), only a child holding that one
 * ({@link isUnpaidAfter}).
 */
export function isToRemind(row: EnrolmentRow, product: RemindedProduct): boolean {
  if (cellOf(row, product.id).state !== 'none' || !mayBuy(product, row.branch)) return false;
  return product.after === undefined || isUnpaidAfter(row, product);
}

/** True when a reminder sent at `sentAt` is less than {@link REMINDER_INTERVAL_MS} before `now` (one dated after `now` too). */
export function isRecentReminder(sentAt: Date, now: Date): boolean {
  return now.getTime() - sentAt.getTime() < REMINDER_INTERVAL_MS;
}

/** A parent as the plan reads it: family, name, and contacts (null when not given). */
export type ReminderParent = Pick<ParentDocument, 'family_id' | 'name' | 'surname' | 'email' | 'phone'>;

/** What {@link planReminders} works on. */
export interface ReminderSource {
  /** The product's entry in the season's catalogue (its price: what a family would pay now). */
  product: RemindedProduct;
  /** The season's rows (`buildEnrolmentRows`), in their order. */
  rows: readonly EnrolmentRow[];
  /** Children archived in the roster: never reminded (a parent cannot pay for them), though their state still counts. */
  archivedChildIds?: ReadonlySet<string>;
  /** The parents of the season's families. */
  parents: readonly ReminderParent[];
  /** When each family was last reminded of `product` this season, by family id. */
  lastSent: ReadonlyMap<string, Date>;
  now: Date;
}

/** One family to write to: its children to remind in row order, priced as the family would pay now, their total in euros, and the parents' addresses. */
export interface FamilyReminder {
  familyId: string;
  familySurname: string;
  lines: OrderLine[];
  /** What the family owes besides the lines after a cancelled or refunded order (docs/product.md, "A family's balance"); 0 when nothing. */
  dueEuros: number;
  /** The lines and `dueEuros`. */
  totalEuros: number;
  /** A product paid in rate: the rate past their day, in words ('Rata 2 di 3 di Felpa Reparto: 33,33 € entro il 15/03'); none otherwise. */
  instalments?: string[];
  /** Every parent's e-mail, trimmed; never empty. */
  to: string[];
}

/** A parent without an e-mail in a family due a reminder, for the treasurer to phone. */
export interface ParentToCall {
  familySurname: string;
  /** Name and surname. */
  parent: string;
  /** null when not given either. */
  phone: string | null;
}

/** The plan: the families to write to, their children, and who is left out and why. */
export interface ReminderPlan {
  families: FamilyReminder[];
  /** Children named in {@link families}. */
  children: number;
  /** Families due a reminder but reminded of the product less than 7 days ago. */
  recentlyReminded: number;
  /** Parents without an e-mail of the families due a reminder (reminded recently or not), by family in row order. */
  withoutEmail: ParentToCall[];
}

const hasAddress = (email: string | null): email is string => email !== null && email.includes('@');

/**
 * Plans the reminders of `source.product` (docs/admin.md, "Reminders"): the
 * rows are grouped by family; a family with any child whose cell of the
 * product is 'toVerify' (a Bonifico awaiting confirmation) is skipped, and
 * so is one with no child {@link isToRemind}. Of the others (the families
 * due), one reminded of the product less than 7 days before `now` is
 * counted in `recentlyReminded`; one none of whose parents has an e-mail
 * gets no message; their parents without an e-mail are listed in
 * `withoutEmail` either way, unless the family was reminded recently. Each
 * child is priced as the family would pay now: `priceOrder(the product,
 * the children to remind in row order, the siblings who hold it already)`;
 * a family that owes a difference for the product (a row's `dueEuros`, its
 * balance after a cancelled or refunded order) is reminded of it too, even
 * with no child left to pay for.
 */
export function planReminders(source: ReminderSource): ReminderPlan {
  const { product, now } = source;
  const archived = source.archivedChildIds ?? new Set<string>();
  const byFamily = new Map<string, EnrolmentRow[]>();
  for (const row of source.rows) byFamily.set(row.familyId, [...(byFamily.get(row.familyId) ?? []), row]);

  const plan: ReminderPlan = { families: [], children: 0, recentlyReminded: 0, withoutEmail: [] };
  for (const [familyId, rows] of byFamily) {
    if (rows.some((row) => cellOf(row, product.id).state === 'toVerify')) continue;
    const due = rows.filter((row) => !archived.has(row.childId) && isToRemind(row, product));
    const familySurname = rows[0]?.familySurname ?? '';
    // What the family owes after a cancelled or refunded order of the product ('Da saldare', buildEnrolmentRows' dues).
    const dueEuros = sumEuros(rows.map((row) => cellOf(row, product.id).dueEuros ?? 0));
    if (due.length === 0 && dueEuros === 0) continue;
    const lastSent = source.lastSent.get(familyId);
    if (lastSent && isRecentReminder(lastSent, now)) {
      plan.recentlyReminded += 1;
      continue;
    }
    const parents = source.parents.filter((parent) => parent.family_id === familyId);
    for (const parent of parents.filter((each) => !hasAddress(each.email))) {
      plan.withoutEmail.push({ familySurname, parent: `${parent.name} ${parent.surname}`.trim(), phone: parent.phone });
    }
    const to = parents.flatMap((parent) => (hasAddress(parent.email) ? [parent.email.trim()] : []));
    if (to.length === 0) continue;
    const holding = rows.filter((row) => cellOf(row, product.id).state === 'paid').length;
    const lines = priceOrder(
      product,
      due.map((row) => ({ id: row.childId, name: row.name, surname: row.surname, branch: row.branch })),
      holding,
    ).map(({ child, plan, size, priceEuros }) => ({
      child: { id: child.id, name: child.name, surname: child.surname },
      plan,
      size,
      priceEuros,
    }));
    const totalEuros = sumEuros([...lines.map((line) => line.priceEuros), dueEuros]);
    plan.families.push({ familyId, familySurname, lines, dueEuros, totalEuros, to });
    plan.children += lines.length;
  }
  return plan;
}

/** The deadline line of a reminder: 'Da pagare entro il dd/mm/yyyy' (Europe/Rome). */
export function deadlineSentence(deadline: string): string {
  return `Da pagare entro il ${italianDayText(deadline)}`;
}

const DOCUMENT_REMINDER_PREFIX = 'documento-';

/** A document's reminders' `product` ('Invia promemoria' in 'Documenti'): its key, apart from the catalogue's ids. */
export function documentReminderProduct(key: string): string {
  return `${DOCUMENT_REMINDER_PREFIX}${key}`;
}

/**
 * The newest payment reminder naming each child (any product of the
 * catalogue; a document's reminders are the leaders' view's, not the
 * payments'): child id → `sent_at`. The row's 'Ultimo promemoria:
 * dd/mm/yyyy' (italianDate).
 */
export function lastReminderByChild(
  reminders: ReadonlyArray<Pick<ReminderDocument, 'child_ids' | 'sent_at' | 'product'>>,
): Map<string, Date> {
  const last = new Map<string, Date>();
  for (const reminder of reminders) {
    if (reminder.product.startsWith(DOCUMENT_REMINDER_PREFIX)) continue;
    for (const childId of reminder.child_ids) {
      const known = last.get(childId);
      if (!known || known < reminder.sent_at) last.set(childId, reminder.sent_at);
    }
  }
  return last;
}

/** The counts a preview or a send answers (admin-reminders, docs/api.md). */
export interface ReminderCounts {
  /** Families written to (a preview: to be written to). */
  families: number;
  children: number;
  recentlyReminded: number;
  withoutEmail: readonly ParentToCall[];
}

const familiesWord = (count: number) => (count === 1 ? '1 famiglia' : `${count} famiglie`);
const childrenWord = (count: number) => (count === 1 ? '1 figlio' : `${count} figli`);

/** 'Scriveremo a 3 famiglie (4 figli).' */
export function previewSentence(counts: Pick<ReminderCounts, 'families' | 'children'>): string {
  return `Scriveremo a ${familiesWord(counts.families)} (${childrenWord(counts.children)}).`;
}

/** '2 famiglie saltate: hanno ricevuto un promemoria negli ultimi 7 giorni.' ('' for none). */
export function recentlyRemindedSentence(count: number): string {
  if (count === 0) return '';
  return count === 1
    ? '1 famiglia saltata: ha ricevuto un promemoria negli ultimi 7 giorni.'
    : `${count} famiglie saltate: hanno ricevuto un promemoria negli ultimi 7 giorni.`;
}

/** 'Promemoria inviati a 3 famiglie.' ('Promemoria inviato a 1 famiglia.'). */
export function sentSentence(families: number): string {
  return families === 1 ? 'Promemoria inviato a 1 famiglia.' : `Promemoria inviati a ${families} famiglie.`;
}

/**
 * Why nothing is (or was) sent, when `counts.families` is 0: the families
 * reminded in the last 7 days, else the parents without an e-mail, else
 * that no child has the product to pay.
 */
export function nothingToSendSentence(product: Pick<CatalogueProduct, 'names'>, counts: ReminderCounts): string {
  const why =
    counts.recentlyReminded > 0
      ? `${counts.recentlyReminded === 1 ? '1 famiglia ha' : `${counts.recentlyReminded} famiglie hanno`} già ricevuto un promemoria negli ultimi 7 giorni.`
      : counts.withoutEmail.length > 0
        ? `nessun genitore delle famiglie con ${product.names.inSentence} da pagare ha un indirizzo e-mail.`
        : `nessun figlio ha ${product.names.inSentence} da pagare.`;
  return `Nessun promemoria da inviare: ${why}`;
}

import { z } from 'zod';
import { BRANCHES, type Branch } from '../branches';
import { priceRuleSchema } from '../catalogue/price-rule-schema';
import type { PriceRule } from '../catalogue/price-rule';
import { productSlug } from '../catalogue/product-slug';
import type { SeasonProduct } from '../catalogue/season-catalogue';
import { seasonProductSchema } from '../catalogue/season-product-schema';
import { isoDay } from '../documents/group-document';
import { textDigest } from '../documents/document-text';
import type { GroupEvent } from './event';

/**
 * The admin's side of an event ('Uscite e campi', docs/events.md, "The
 * admin's side"): the fields of 'Nuovo evento', what it costs, the catalogue
 * product an outing's 'Quota' creates, the event's id and revision. Pure.
 */

/** The camp's products an event of kind 'Campo estivo' names (the seeded Acconto and Saldo). */
export const CAMP_PRODUCTS = ['campo-acconto', 'campo-saldo'] as const;

/** At most this many places: a whole group with room to spare. */
export const MAX_PLACES = 500;

/** 'YYYY-MM-DDTHH:mm', as an `<input type="datetime-local">` gives it, read as Italian time. */
const localDateTime = z.string().regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/, { error: 'Data e ora non valide.' });

/**
 * What it costs: nothing, a 'Quota' (a season product named after the
 * event, priced per child by its price rule, PriceRule), or the summer
 * camp's Acconto and Saldo ({@link CAMP_PRODUCTS}).
 */
export const eventCostSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('free') }),
  z.object({ kind: z.literal('quota'), price: priceRuleSchema }),
  z.object({ kind: z.literal('camp') }),
]);
export type EventCost = z.infer<typeof eventCostSchema>;

/** The fields of an event as the admin's screen shows them (unchecked across fields: what is stored); start and end as Italian local times. */
export const eventFieldsObject = z.object({
  name: z
    .string()
    .trim()
    .min(3, { error: "Scrivi il nome dell'evento (almeno 3 caratteri)." })
    .max(60, { error: "Il nome dell'evento ha al massimo 60 caratteri." })
    .refine((name) => productSlug(name).length >= 3, { error: "Il nome dell'evento deve contenere lettere o numeri." })
    .refine((name) => !name.includes('|'), { error: 'Il nome non può contenere il carattere «|».' }),
  branches: z.array(z.enum(BRANCHES)).min(1, { error: 'Scegli almeno una branca.' }),
  startsAt: localDateTime,
  endsAt: localDateTime,
  place: z.string().trim().min(1, { error: 'Scrivi il luogo.' }).max(120, { error: 'Il luogo ha al massimo 120 caratteri.' }),
  meetingPoint: z.string().trim().max(120, { error: 'Il ritrovo ha al massimo 120 caratteri.' }),
  places: z
    .number({ error: 'Scrivi quanti posti ci sono.' })
    .int({ error: 'I posti sono un numero intero.' })
    .min(1, { error: 'Serve almeno un posto.' })
    .max(MAX_PLACES, { error: `Al massimo ${MAX_PLACES} posti.` }),
  closesOn: isoDay,
  cost: eventCostSchema,
  requiredDocuments: z.array(z.string().min(1).max(128)).max(20),
});

/** The fields of 'Nuovo evento' as the admin sends them: {@link eventFieldsObject}, the end after the start, sign-ups closing by the first day. */
export const eventFieldsSchema = eventFieldsObject
  .refine((fields) => fields.endsAt > fields.startsAt, { error: "La fine dell'evento viene dopo l'inizio.", path: ['endsAt'] })
  .refine((fields) => fields.closesOn <= fields.startsAt.slice(0, 10), {
    error: "La chiusura delle iscrizioni è al più tardi il giorno d'inizio.",
    path: ['closesOn'],
  });
export type EventFields = z.infer<typeof eventFieldsSchema>;

/** The instant of an Italian local time 'YYYY-MM-DDTHH:mm' as ISO with its offset ('…T08:30:00+02:00'): summer time or not, as Rome's clock reads. */
export function italianLocalToIso(local: string): string {
  for (const offset of ['+02:00', '+01:00']) {
    const iso = `${local}:00${offset}`;
    if (isoToItalianLocal(iso) === local) return iso;
  }
  // The hour skipped when the clocks go forward: read it as winter time (it shows an hour later).
  return `${local}:00+01:00`;
}

/** An ISO instant as Rome's clock reads it, 'YYYY-MM-DDTHH:mm' (what the edit form shows). */
export function isoToItalianLocal(iso: string): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-CA', {
      timeZone: 'Europe/Rome',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(new Date(iso))
      .map((part) => [part.type, part.value]),
  );
  return `${parts.year}-${parts.month}-${parts.day}T${parts.hour}:${parts.minute}`;
}

/** The id of an event from its name and season: 'uscita-di-primavera-{season}', '-2', '-3' for a later one of the same name (`attempt`). No '_' (event_signups ids). */
export function eventIdOf(name: string, season: number, attempt = 1): string {
  const base = `${productSlug(name).slice(0, 60).replace(/-+$/, '')}-${season}`;
  return attempt === 1 ? base : `${base}-${attempt}`;
}

/** The season product of an outing's 'Quota': named after the event, for its branches, closing with its sign-ups; null for a free event or the camp. */
export function quotaProductOf(fields: Pick<EventFields, 'name' | 'branches' | 'closesOn' | 'cost'>): SeasonProduct | null {
  if (fields.cost.kind !== 'quota') return null;
  return { name: fields.name, price: fields.cost.price, branches: [...fields.branches], sizes: false, closesOn: fields.closesOn };
}

/** The message of a 'Quota' product the catalogue would refuse (a reserved name: the camp's or the group's), or null. */
export function quotaProductProblem(product: SeasonProduct): string | null {
  const parsed = seasonProductSchema.safeParse(product);
  return parsed.success ? null : (parsed.error.issues[0]?.message ?? 'Quota non valida.');
}

/** The catalogue ids an event with `cost` names: its own product's slug, the camp's two, or none. */
export function eventProductIds(name: string, cost: EventCost): string[] {
  if (cost.kind === 'camp') return [...CAMP_PRODUCTS];
  return cost.kind === 'quota' ? [productSlug(name)] : [];
}

/** What a stored event costs, from its products and the season's products (its 'Quota' is the season product of its name). */
export function costOf(event: Pick<GroupEvent, 'name' | 'products'>, seasonProducts: readonly SeasonProduct[]): EventCost {
  if (CAMP_PRODUCTS.every((id) => event.products.includes(id))) return { kind: 'camp' };
  const own = seasonProducts.find((product) => event.products.includes(productSlug(product.name)));
  return own ? { kind: 'quota', price: own.price } : { kind: 'free' };
}

/** The form's fields of a stored event (cost: {@link costOf}). */
export function fieldsOfEvent(event: GroupEvent, cost: EventCost): EventFields {
  return {
    name: event.name,
    branches: [...event.branches],
    startsAt: isoToItalianLocal(event.starts_at),
    endsAt: isoToItalianLocal(event.ends_at),
    place: event.place,
    meetingPoint: event.meeting_point,
    places: event.places,
    closesOn: event.closes_on,
    cost,
    requiredDocuments: [...event.required_documents],
  };
}

/** Whether two sets of fields describe the same event (branches and documents in any order). */
export function sameEventFields(a: EventFields, b: EventFields): boolean {
  const canonical = (fields: EventFields) =>
    JSON.stringify({
      ...fields,
      branches: [...fields.branches].sort(),
      requiredDocuments: [...fields.requiredDocuments].sort(),
      cost: fields.cost.kind === 'quota' ? { kind: 'quota', price: canonicalRule(fields.cost.price) } : fields.cost,
    });
  return canonical(a) === canonical(b);
}

/** A price rule with its keys in one order and unset parts left out. */
function canonicalRule(rule: PriceRule) {
  const branchEuros = rule.branchEuros
    ? Object.fromEntries(
        BRANCHES.flatMap((branch) => (rule.branchEuros?.[branch] === undefined ? [] : [[branch, rule.branchEuros[branch]]])),
      )
    : undefined;
  return { euros: rule.euros, branchEuros, siblingEuros: rule.siblingEuros, freeFromChild: rule.freeFromChild };
}

/**
 * The revision an edit names (the form's copy of the event): a digest of
 * its fields and whether it was called off, so an edit started from an
 * older copy (another volunteer saved first) is refused rather than
 * overwriting theirs.
 */
export async function eventRevision(fields: EventFields, cancelled: boolean): Promise<string> {
  const canonical = { ...fields, branches: [...fields.branches].sort(), requiredDocuments: [...fields.requiredDocuments].sort() };
  return textDigest(
    JSON.stringify({
      ...canonical,
      cost: fields.cost.kind === 'quota' ? { kind: 'quota', price: canonicalRule(fields.cost.price) } : fields.cost,
      cancelled,
    }),
  );
}

/** Whether a capo whose branches are `own` may change an event of `branches`: all of them theirs (as a document, docs/security.md, "Roles"). */
export function ownsEvent(own: readonly Branch[], branches: readonly Branch[]): boolean {
  return branches.every((branch) => own.includes(branch));
}

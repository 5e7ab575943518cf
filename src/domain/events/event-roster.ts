import type { Branch } from '../branches';
import { childDocumentStatus, type DocumentSignature, type SignatureState } from '../documents/document-signature';
import type { GroupDocument } from '../documents/group-document';
import { ageOn } from '../fiscal-code-birth';
import { italianDay } from '../italian-time';
import { seasonMedicalForms } from '../medical-forms/medical-form';
import { PAYMENT_STATUS, type PaymentStatus } from '../payments/payment-status';
import { documentReminderProduct } from '../reminders/payment-reminders';
import type { GroupEvent } from './event';
import { waitingRank, type EventSignup } from './event-signup';

/**
 * The leaders' list of an event (docs/events.md, "The leaders' list"):
 * each child holding a place (confirmed, or offered and not yet taken) and
 * each child waiting, with what the capi need away from any network: the
 * branch, the age at the start, the parents' phones, whether each of the
 * event's products is paid, the medical form, each required document. Pure:
 * netlify/lib/events/event-roster.ts reads the documents.
 */

/** Whether a child paid one of the event's products: 'paid' (Confermato, Contestato), 'toVerify' (a Bonifico still to check), 'unpaid'. */
export type PaidState = 'paid' | 'toVerify' | 'unpaid';

export const PAID_STATE_LABELS: Record<PaidState, string> = {
  paid: 'Pagato',
  toVerify: 'Da verificare',
  unpaid: 'Non pagato',
};

/** A parent as the list shows them: name and phone (null when not given). */
export interface RosterParent {
  name: string;
  phone: string | null;
}

/** One row of the list. */
export interface EventRosterRow {
  childId: string;
  familyId: string;
  name: string;
  surname: string;
  branch: Branch;
  /** Whole years on the event's first day (from the fiscal code: fiscal-code-birth.ts); null when unreadable. */
  age: number | null;
  /** 'confirmed' and 'offered' hold a place; 'waiting' is in line. */
  state: 'confirmed' | 'offered' | 'waiting';
  /** The place in line of a waiting child (waitingRank); null otherwise. */
  rank: number | null;
  parents: RosterParent[];
  /** Each of the event's products, in the event's order. */
  payments: Array<{ productId: string; state: PaidState }>;
  /** A medical form received for the event's season. */
  medicalForm: boolean;
  /** Each required document with a live version, in the event's order. */
  documents: Array<{ key: string; state: SignatureState }>;
}

/** A child as the list reads it (`sons/{id}`). */
export interface RosterSourceChild {
  id: string;
  family_id: string;
  name: string;
  surname: string;
  cf: string;
  branch: Branch;
  medical_doc: string;
  medical_forms: ReadonlyArray<{ public_id: string; season: number; received_at: Date }>;
  updated_at: Date;
}

/** What {@link eventRosterRows} reads. */
export interface EventRosterSource {
  event: Pick<GroupEvent, 'products' | 'required_documents' | 'season' | 'starts_at'>;
  /** Every sign-up of the event (any state). */
  signups: readonly EventSignup[];
  /** The children signed up (others are ignored; a child no longer on record is left out). */
  children: readonly RosterSourceChild[];
  parents: ReadonlyArray<{ family_id: string; name: string; surname: string; phone: string | null }>;
  /** The season's order items of the children, with their payment's status (undefined: no payment found). */
  orderItems: ReadonlyArray<{ childId: string; plan: string; status: PaymentStatus | undefined }>;
  /** The catalogue's plan of each of the event's products (a product no longer in the catalogue is absent). */
  planOf: ReadonlyMap<string, string>;
  /** The live versions of the required documents. */
  documents: ReadonlyArray<Pick<GroupDocument, 'id' | 'key' | 'signers'>>;
  signatures: readonly DocumentSignature[];
  /** When the event's season began (seasonStart): a form recorded before the history counts from then. */
  seasonStartsAt: Date;
}

const collator = new Intl.Collator('it', { sensitivity: 'base' });

const PAID_RANK: Record<PaidState, number> = { unpaid: 0, toVerify: 1, paid: 2 };

/** A payment's status as {@link PaidState}: refunded and cancelled ones hold nothing. */
function paidStateOf(status: PaymentStatus | undefined): PaidState {
  if (status === PAYMENT_STATUS.confirmed || status === PAYMENT_STATUS.disputed) return 'paid';
  if (status === PAYMENT_STATUS.toVerify) return 'toVerify';
  return 'unpaid';
}

/**
 * The rows of the list: the children holding a place first, by surname and
 * name (Italian collation), then those waiting in line order; cancelled
 * sign-ups are left out. A product counts as paid when one of the child's
 * order items of the season carries its plan with a payment 'Confermato' or
 * 'Contestato' ('Da verificare' for a Bonifico not yet checked); a document
 * by childDocumentStatus over the parents on record.
 */
export function eventRosterRows(source: EventRosterSource): EventRosterRow[] {
  const startDay = italianDay(new Date(source.event.starts_at));
  const childById = new Map(source.children.map((child) => [child.id, child]));
  const parentsOf = new Map<string, RosterParent[]>();
  for (const parent of source.parents) {
    const list = parentsOf.get(parent.family_id) ?? [];
    list.push({ name: `${parent.name} ${parent.surname}`.trim(), phone: parent.phone });
    parentsOf.set(parent.family_id, list);
  }
  const active = source.signups.filter((signup) => signup.state !== 'cancelled');
  const rows = active.flatMap((signup): EventRosterRow[] => {
    const child = childById.get(signup.child_id);
    if (!child || signup.state === 'cancelled') return [];
    const parents = parentsOf.get(child.family_id) ?? [];
    const items = source.orderItems.filter((item) => item.childId === child.id);
    return [
      {
        childId: child.id,
        familyId: child.family_id,
        name: child.name,
        surname: child.surname,
        branch: child.branch,
        age: ageOn(child.cf, startDay),
        state: signup.state,
        rank: waitingRank(signup, active),
        parents,
        payments: source.event.products.map((productId) => {
          const plan = source.planOf.get(productId);
          const best = items
            .filter((item) => plan !== undefined && item.plan === plan)
            .map((item) => paidStateOf(item.status))
            .reduce<PaidState>((a, b) => (PAID_RANK[b] > PAID_RANK[a] ? b : a), 'unpaid');
          return { productId, state: best };
        }),
        medicalForm: seasonMedicalForms(child, source.event.season, source.seasonStartsAt).length > 0,
        documents: source.documents.map((document) => ({
          key: document.key,
          state: childDocumentStatus(document, child.id, source.signatures, parents.length).state,
        })),
      },
    ];
  });
  const holding = rows
    .filter((row) => row.state !== 'waiting')
    .sort((a, b) => collator.compare(a.surname, b.surname) || collator.compare(a.name, b.name));
  const waiting = rows.filter((row) => row.state === 'waiting').sort((a, b) => (a.rank ?? 0) - (b.rank ?? 0));
  return [...holding, ...waiting];
}

/** The reminders' `product` of the medical form asked for an event (`reminders/{season}_{product}_{familyId}`), apart from the catalogue's ids and the documents' keys. */
export const MEDICAL_FORM_REMINDER_PRODUCT = documentReminderProduct('scheda-medica');

/** One paper a family still owes for an event: a required document (its key) or the medical form. */
export type MissingPaper = { kind: 'document'; key: string } | { kind: 'medicalForm' };

/** The `product` of a paper's reminders: a document's shared with 'Documenti' (documentReminderProduct), so the 7 days count across both screens. */
export function paperReminderProduct(paper: MissingPaper): string {
  return paper.kind === 'document' ? documentReminderProduct(paper.key) : MEDICAL_FORM_REMINDER_PRODUCT;
}

/**
 * What 'Invia promemoria' chases for a row holding a place (waiting
 * children are not reminded): each required document missing or signed by
 * one parent of two, and the medical form when `asksMedicalForm` (one of
 * the event's products asks for it) and none was received.
 */
export function missingPapers(row: Pick<EventRosterRow, 'state' | 'documents' | 'medicalForm'>, asksMedicalForm: boolean): MissingPaper[] {
  if (row.state === 'waiting') return [];
  const papers: MissingPaper[] = row.documents
    .filter((document) => document.state === 'missing' || document.state === 'partial')
    .map((document) => ({ kind: 'document', key: document.key }));
  if (asksMedicalForm && !row.medicalForm) papers.push({ kind: 'medicalForm' });
  return papers;
}

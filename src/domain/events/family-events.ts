import type { CatalogueProduct } from '../catalogue/product';
import { priceOrder } from '../catalogue/pricing';
import type { Branch } from '../branches';
import { childDocumentStatus, type DocumentSignature, type SignatureState } from '../documents/document-signature';
import type { GroupDocument } from '../documents/group-document';
import { placesLeft, signupsClosed, type EventCounter, type GroupEvent } from './event';
import { waitingRank, type EventSignup, type SignupState } from './event-signup';

/**
 * What 'La mia famiglia' shows of an event for each child of the family
 * (docs/events.md, "On 'La mia famiglia'"), built from what the server read:
 * pure, so the rules are tested without Firestore.
 */

/** A child of the family as the events' view needs them. */
export interface FamilyEventChild {
  id: string;
  name: string;
  branch: Branch;
  /** The catalogue ids of the products the child holds this season (an order item whose payment holds it). */
  heldProducts: readonly string[];
  /** Whether a medical form of the season was received for the child (seasonMedicalForms). */
  medicalFormOnFile: boolean;
}

/** One child's standing on one event. */
export interface FamilyEventChildView {
  childId: string;
  childName: string;
  signup: { state: SignupState; position: number | null; offeredUntil: string | null } | null;
  /** When the place offered to the child ran out unconfirmed (ISO), while they are not signed up again; else null. */
  offerExpiredAt: string | null;
  products: Array<{ id: string; name: string; priceEuros: number; paid: boolean }>;
  missing: {
    documents: Array<{ id: string; key: string; title: string; state: Exclude<SignatureState, 'signed'> }>;
    medicalForm: boolean;
    products: string[];
  };
}

/** One event as the family sees it. */
export interface FamilyEventView {
  id: string;
  name: string;
  branches: Branch[];
  startsAt: string;
  endsAt: string;
  place: string;
  meetingPoint: string;
  places: number;
  placesLeft: number;
  closesOn: string;
  closed: boolean;
  children: FamilyEventChildView[];
}

/** What {@link familyEventViews} reads. */
export interface FamilyEventsInput {
  /** The season's events (any state): those called off, ended at `now`, or of none of the children's branches are left out. */
  events: readonly GroupEvent[];
  counters: ReadonlyMap<string, EventCounter>;
  /** The family's children, not archived. */
  children: readonly FamilyEventChild[];
  /** The family's sign-ups, every state. */
  signups: readonly EventSignup[];
  /** Per event where a child of the family waits, the event's waiting sign-ups (for `waitingRank`). */
  waiting: ReadonlyMap<string, readonly EventSignup[]>;
  /** The season's catalogue (catalogueOf). */
  catalogue: readonly CatalogueProduct[];
  /** The season's live group documents. */
  documents: readonly GroupDocument[];
  /** The family's signatures. */
  signatures: readonly DocumentSignature[];
  /** The family's parents on record (a document signed by both asks for two when there are two). */
  parentsOnRecord: number;
  now: Date;
  /** Today in Italy, 'YYYY-MM-DD'. */
  today: string;
}

/**
 * The price of `product` for `child`: the catalogue's rule (priceOrder) at
 * the sibling rank after the family's other children who hold it this
 * season, as the order would price it.
 */
function priceFor(product: CatalogueProduct, child: FamilyEventChild, family: readonly FamilyEventChild[]): number {
  const othersHolding = family.filter((other) => other.id !== child.id && other.heldProducts.includes(product.id)).length;
  return priceOrder(product, [{ id: child.id, name: child.name, surname: '', branch: child.branch }], othersHolding)[0]!.priceEuros;
}

/**
 * The family's view of the season's events, soonest first: each event not
 * called off and not ended whose branches include a child's, with its
 * places left and, for each such child, their sign-up (not cancelled; the
 * place in line shown, `waitingRank`), each product's price for them and
 * whether they hold it (a product the catalogue no longer has is left
 * out), and what is still needed: each required document the child's
 * parents have not signed (`childDocumentStatus`; a key without a live
 * version asks nothing), the medical form when a product asks for one
 * (`asksMedicalForm`) and none is on file, the products not held.
 */
export function familyEventViews(input: FamilyEventsInput): FamilyEventView[] {
  const views: FamilyEventView[] = [];
  const events = input.events
    .filter((event) => event.cancelled_at === null && new Date(event.ends_at).getTime() > input.now.getTime())
    .sort((a, b) => new Date(a.starts_at).getTime() - new Date(b.starts_at).getTime() || a.name.localeCompare(b.name, 'it'));
  for (const event of events) {
    const children = input.children.filter((child) => event.branches.includes(child.branch));
    if (children.length === 0) continue;
    const products = event.products.flatMap((id) => {
      const product = input.catalogue.find((entry) => entry.id === id);
      return product ? [product] : [];
    });
    const documents = event.required_documents.flatMap((key) => {
      const document = input.documents.find((candidate) => candidate.key === key);
      return document ? [document] : [];
    });
    const waiting = input.waiting.get(event.id) ?? [];
    views.push({
      id: event.id,
      name: event.name,
      branches: [...event.branches],
      startsAt: event.starts_at,
      endsAt: event.ends_at,
      place: event.place,
      meetingPoint: event.meeting_point,
      places: event.places,
      placesLeft: placesLeft(event, input.counters.get(event.id) ?? null),
      closesOn: event.closes_on,
      closed: signupsClosed(event, input.today),
      children: children.map((child) => {
        const signup = input.signups.find((candidate) => candidate.event_id === event.id && candidate.child_id === child.id);
        const live = signup && signup.state !== 'cancelled' ? signup : null;
        const priced = products.map((product) => ({
          id: product.id,
          name: product.plan,
          priceEuros: priceFor(product, child, input.children),
          paid: child.heldProducts.includes(product.id),
        }));
        const unsigned = documents.flatMap((document) => {
          const { state } = childDocumentStatus(document, child.id, input.signatures, input.parentsOnRecord);
          return state === 'signed' ? [] : [{ id: document.id, key: document.key, title: document.title, state }];
        });
        return {
          childId: child.id,
          childName: child.name,
          signup: live && {
            state: live.state,
            position: waitingRank(live, waiting),
            offeredUntil: live.state === 'offered' && live.offered_until ? live.offered_until.toISOString() : null,
          },
          offerExpiredAt: signup?.state === 'cancelled' && signup.offer_expired_at ? signup.offer_expired_at.toISOString() : null,
          products: priced,
          missing: {
            documents: unsigned,
            medicalForm: products.some((product) => product.asksMedicalForm === true) && !child.medicalFormOnFile,
            products: priced.filter((product) => !product.paid).map((product) => product.id),
          },
        };
      }),
    });
  }
  return views;
}

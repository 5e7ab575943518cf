import type { FamilyLookup } from '@domain/families/family-lookup';

/**
 * The router states of 'Paga la rata' (docs/product.md, "Instalments"):
 * 'La mia famiglia' opens the product's payment screen for the family's
 * next rata, and the screen, once the rata is paid or its Bonifico
 * recorded, leads back to 'La mia famiglia', which reads the family again.
 * History state, never the address: a fiscal code stays out of logs (as
 * the sign-in link's state, src/features/family-lookup/access-link-state.ts).
 */

/**
 * The state that opens a payment screen on a rata: the payment screen's own
 * snapshot shape (`orderFlow`: the lookup form's values and the family, read
 * again on arrival; OrderFlowSnapshot, src/app/payment/order-flow-reducer.ts)
 * and the child who pays it (a holder of the product: the server checks).
 */
export interface PayInstalmentState {
  orderFlow: { values: { fiscalCode: string; quota: string; method: string }; lookup: FamilyLookup };
  instalment: { childId: string };
}

/** The state for the payment screen of `lookup`'s next rata, paid for `childId`. */
export function payInstalmentState(fiscalCode: string, lookup: FamilyLookup, childId: string): PayInstalmentState {
  return { orderFlow: { values: { fiscalCode, quota: '', method: '' }, lookup }, instalment: { childId } };
}

/** The child a rata is paid for in router `state` ({@link PayInstalmentState}), or null for an ordinary order. */
export function instalmentChildId(state: unknown): string | null {
  const childId = (state as Partial<PayInstalmentState> | null)?.instalment?.childId;
  return typeof childId === 'string' && childId ? childId : null;
}

/** The state that brings a parent back to 'La mia famiglia' after a rata: the fiscal code to read the family with, and what to say. */
export interface FamilyReturnState {
  familyReturn: { fiscalCode: string; notice: string };
}

/** The state for 'La mia famiglia' after paying a rata. */
export function familyReturnState(fiscalCode: string, notice: string): FamilyReturnState {
  return { familyReturn: { fiscalCode, notice } };
}

/** The family to read again and the notice in router `state` ({@link FamilyReturnState}), or null. */
export function readFamilyReturn(state: unknown): FamilyReturnState['familyReturn'] | null {
  const back = (state as Partial<FamilyReturnState> | null)?.familyReturn;
  if (typeof back?.fiscalCode !== 'string' || !back.fiscalCode || typeof back.notice !== 'string') return null;
  return back;
}

/** What 'La mia famiglia' says after a rata paid by card, and after one whose Bonifico was recorded. */
export const INSTALMENT_RETURN_NOTICES = {
  card: 'Rata pagata: riceverai la ricevuta via e-mail.',
  transfer: 'Rata registrata: risulterà «In verifica» finché il gruppo non riceve il bonifico.',
} as const;

import { findProduct } from '@domain/catalogue/product';
import type { FamilyLookup } from '@domain/families/family-lookup';
import { heldProduct } from '@domain/families/held-products';
import type { PaymentMethod } from '@domain/payments/payment-method';
import type { Size } from '@domain/catalogue/sizes';
import { toggleInTickOrder } from '@domain/orders/selection';
import type { LookupFormValues, ValidLookup } from '@/features/family-lookup/lookup-messages';

/**
 * The state every payment screen shares (docs/product.md, "Order flow").
 * Pure data: {@link orderFlowReducer} is its only writer.
 */
export interface OrderFlowState {
  /** The family found by 'Trova'; null before, and after the fiscal code changes. */
  lookup: FamilyLookup | null;
  /** The fiscal code 'Trova' found, normalised (normalizeFiscalCode); '' before. */
  cf: string;
  /** The live 'Metodo di Pagamento'; null when nothing valid is chosen. */
  method: PaymentMethod | null;
  /** The choices of a page that offers several products ('Quota da Pagare': the Acconto, the Saldo); none for a page of one product. */
  options: readonly ProductOption[];
  /** The live choice between them (an option's value: 'Acconto'); null when nothing valid is chosen or the page offers one product. */
  quota: string | null;
  /** The chosen children's ids in tick order (the camp price depends on it, docs/product.md "Rules"). */
  selectedIds: string[];
  /** The size per child id of a product with sizes (merchandise screens); kept when a child is unticked. */
  sizes: Readonly<Record<string, Size | undefined>>;
  /** Show 'Scegli la taglia' under chosen children without a size (set by a refused submit). */
  showMissingSizes: boolean;
  /** The Online checkout panel is open. */
  checkoutOpen: boolean;
  /**
   * The idempotency key (a UUID) of the current order attempt, sent to
   * create-order and create-payment-intent (docs/api.md, "Order request").
   * Replaced by the key carried by every action that changes the order;
   * kept across a retry, so a double click or a retried request records one order.
   */
  idempotencyKey: string;
}

/** A product a page offers in the lookup form's choice: the option's value (its short name, 'Acconto') and the product's id. */
export interface ProductOption {
  value: string;
  productId: string;
}

/**
 * What can happen on a payment screen. Every action that changes the order
 * carries `key`, the idempotency key of the new attempt (a fresh UUID made
 * by the caller, so the reducer stays pure); those actions also close the
 * checkout, which must show the new order.
 */
export type OrderFlowAction =
  /** 'Trova' found a family: show it with nothing chosen. */
  | { type: 'found'; lookup: FamilyLookup; values: ValidLookup; key: string }
  /** A field of the lookup form changed; `values` are the form's raw values after the change. */
  | { type: 'edited'; field: keyof LookupFormValues; values: LookupFormValues; key: string }
  /** A child ticked (appended last) or unticked (removed). */
  | { type: 'toggled'; childId: string; key: string }
  /** A size chosen for a child. */
  | { type: 'sizeChosen'; childId: string; size: Size; key: string }
  /** Something else of the order changed. */
  | { type: 'orderChanged'; key: string }
  /** A submit was refused because a chosen child has no size. */
  | { type: 'sizesMissing' }
  /** 'Vai al Pagamento' pressed with method Online: open the checkout panel. */
  | { type: 'checkoutOpened' }
  /** A fresh read of the family shown (after Back from a transfer page): what each child holds may have changed. */
  | { type: 'lookupRefreshed'; lookup: FamilyLookup };

/**
 * What a payment screen keeps in its own history entry when it opens a
 * transfer page, so Back shows the same family and choices (docs/product.md,
 * "Order flow"): the lookup form's values (validated), the family found.
 * The children ordered are not kept ticked: they now hold the product.
 */
export interface OrderFlowSnapshot {
  values: ValidLookup;
  lookup: FamilyLookup;
}

/** The snapshot of a screen whose order was just recorded. */
export function snapshotOf(state: OrderFlowState): OrderFlowSnapshot | null {
  if (!state.lookup) return null;
  return { values: { fiscalCode: state.cf, quota: state.quota ?? '', method: state.method ?? '' }, lookup: state.lookup };
}

/**
 * Reads a snapshot back from router location state, or null when there is
 * none (a first visit) or it is not ours. The family is read again by the
 * caller, so only the shape is checked here.
 */
export function readOrderFlowSnapshot(state: unknown): OrderFlowSnapshot | null {
  const snapshot = (state as { orderFlow?: Partial<OrderFlowSnapshot> } | null)?.orderFlow;
  const values = snapshot?.values;
  const lookup = snapshot?.lookup;
  if (typeof values?.fiscalCode !== 'string' || typeof values.quota !== 'string' || typeof values.method !== 'string') return null;
  // A snapshot kept by an earlier version of the screen (no catalogue) is not restored: the family is looked up again.
  if (typeof lookup?.family?.id !== 'string' || !Array.isArray(lookup.children) || !Array.isArray(lookup.catalogue)) return null;
  return { values, lookup };
}

/** 'Online' or 'Bonifico', null for anything else ('' = nothing chosen). */
export const asMethod = (value: string): PaymentMethod | null => (value === 'Online' || value === 'Bonifico' ? value : null);
/** One of the page's choices (`options`), null for anything else ('' = nothing chosen or no choice on the page). */
const asQuota = (options: readonly ProductOption[], value: string): string | null =>
  options.some((option) => option.value === value) ? value : null;

/**
 * The state of a screen just opened: nothing found, nothing chosen, `key`
 * the first attempt's idempotency key; `options` the page's choice between
 * its products (none for a page of one product).
 */
export function initialOrderFlow(key: string, options: readonly ProductOption[] = []): OrderFlowState {
  return {
    lookup: null,
    cf: '',
    method: null,
    options,
    quota: null,
    selectedIds: [],
    sizes: {},
    showMissingSizes: false,
    checkoutOpen: false,
    idempotencyKey: key,
  };
}

/** The state of a screen reopened by Back from its transfer page: the family and choices of `snapshot`, nobody ticked. */
export function restoredOrderFlow(snapshot: OrderFlowSnapshot, key: string, options: readonly ProductOption[] = []): OrderFlowState {
  return {
    ...initialOrderFlow(key, options),
    lookup: snapshot.lookup,
    cf: snapshot.values.fiscalCode,
    method: asMethod(snapshot.values.method),
    quota: asQuota(options, snapshot.values.quota),
  };
}

/**
 * The product the order is for: the one the choice names, else the page's
 * first (`products`: the page's ids; a page of one product has no choice).
 */
export function chosenProductId(state: Pick<OrderFlowState, 'options' | 'quota'>, products: readonly string[]): string | undefined {
  return state.options.find((option) => option.value === state.quota)?.productId ?? products[0];
}

/** The chosen ids without the children who already hold the product of the choice `quota`. */
function withoutHolders(state: OrderFlowState, quota: string): string[] {
  const productId = state.options.find((option) => option.value === quota)?.productId ?? '';
  const product = findProduct(state.lookup?.catalogue ?? [], productId);
  if (!product) return state.selectedIds;
  const holders = new Set(
    (state.lookup?.children ?? []).filter((child) => heldProduct(child.paid, product) !== null).map((child) => child.id),
  );
  return holders.size === 0 ? state.selectedIds : state.selectedIds.filter((id) => !holders.has(id));
}

/**
 * The order flow's transitions (docs/product.md, "Order flow"), pure:
 * - `found`: the family, the normalised fiscal code, method and quota from
 *   the form; the choice, sizes and missing-size hints cleared;
 * - `edited`: changing the fiscal code clears the family, the choice and the
 *   sizes; changing method or the choice takes the new value; a new choice
 *   unticks the children who already hold its product this season (the
 *   Saldo for one ticked for the Acconto, or the other way round:
 *   heldProduct, src/domain/families/held-products.ts);
 * - `toggled`: ticking appends in tick order, unticking removes;
 * - `found`, `edited`, `toggled`, `sizeChosen`, `orderChanged` make a new
 *   attempt: `idempotencyKey` becomes the action's `key` and the checkout closes;
 * - `checkoutOpened` opens the checkout only for method Online;
 * - `sizesMissing` shows the missing-size hints;
 * - `lookupRefreshed` replaces the family shown by a fresh read of the same
 *   family (ignored for another family or none), unticking children no longer listed.
 * Unchanged state is returned as is (same object).
 */
export function orderFlowReducer(state: OrderFlowState, action: OrderFlowAction): OrderFlowState {
  switch (action.type) {
    case 'found':
      return {
        ...state,
        lookup: action.lookup,
        cf: action.values.fiscalCode,
        method: asMethod(action.values.method),
        quota: asQuota(state.options, action.values.quota),
        selectedIds: [],
        sizes: {},
        showMissingSizes: false,
        checkoutOpen: false,
        idempotencyKey: action.key,
      };
    case 'edited': {
      const attempt = { ...state, checkoutOpen: false, idempotencyKey: action.key };
      if (action.field === 'fiscalCode') return { ...attempt, lookup: null, selectedIds: [], sizes: {}, showMissingSizes: false };
      if (action.field === 'method') return { ...attempt, method: asMethod(action.values.method) };
      const quota = asQuota(state.options, action.values.quota);
      return { ...attempt, quota, selectedIds: quota ? withoutHolders(state, quota) : state.selectedIds };
    }
    case 'toggled':
      return {
        ...state,
        selectedIds: toggleInTickOrder(state.selectedIds, action.childId),
        checkoutOpen: false,
        idempotencyKey: action.key,
      };
    case 'sizeChosen':
      return { ...state, sizes: { ...state.sizes, [action.childId]: action.size }, checkoutOpen: false, idempotencyKey: action.key };
    case 'orderChanged':
      return { ...state, checkoutOpen: false, idempotencyKey: action.key };
    case 'sizesMissing':
      return state.showMissingSizes ? state : { ...state, showMissingSizes: true };
    case 'checkoutOpened':
      return state.method !== 'Online' || state.checkoutOpen ? state : { ...state, checkoutOpen: true };
    case 'lookupRefreshed': {
      if (state.lookup?.family.id !== action.lookup.family.id) return state;
      const listed = new Set(action.lookup.children.map((child) => child.id));
      return { ...state, lookup: action.lookup, selectedIds: state.selectedIds.filter((id) => listed.has(id)) };
    }
  }
}

import { seedCatalogue } from '@domain/catalogue/season-catalogue';
import { describe, expect, it } from 'vitest';
import {
  initialOrderFlow,
  orderFlowReducer,
  readOrderFlowSnapshot,
  restoredOrderFlow,
  snapshotOf,
  type OrderFlowAction,
  type OrderFlowState,
} from '@/app/payment/order-flow-reducer';
import type { FamilyLookup } from '@domain/families/family-lookup';

const child = (id: string, name: string, branch: 'Branco' | 'Reparto' | 'Clan') => ({
  id,
  name,
  surname: 'Rossi',
  cf: 'RSSMRC12E03H501X',
  branch,
  paid: [],
  medicalForm: { eligible: false, uploaded: false },
});

const ROSSI: FamilyLookup = {
  family: { id: 'family-rossi', surname: 'Rossi' },
  receipts: [],
  catalogue: seedCatalogue(),
  children: [child('marco', 'Marco', 'Reparto'), child('giulia', 'Giulia', 'Clan'), child('luca', 'Luca', 'Branco')],
};
const CF = 'RSSMRA80C12H501E';
/** The camp page's choice (pageOptions of /campo-estivo). */
const CAMP = [
  { value: 'Acconto', productId: 'campo-acconto' },
  { value: 'Saldo', productId: 'campo-saldo' },
];

/** Applies `actions` in order from `state`. */
const run = (state: OrderFlowState, ...actions: OrderFlowAction[]) => actions.reduce(orderFlowReducer, state);

const found = (method = 'Online', quota = 'Acconto', key = 'k-found'): OrderFlowAction => ({
  type: 'found',
  lookup: ROSSI,
  values: { fiscalCode: CF, method, quota },
  key,
});
const toggled = (childId: string, key = `k-${childId}`): OrderFlowAction => ({ type: 'toggled', childId, key });

/** A Rossi family found, method Online, Marco then Giulia ticked. */
const withChoice = () => run(initialOrderFlow('k0', CAMP), found(), toggled('marco'), toggled('giulia'));

describe('initialOrderFlow', () => {
  it('has nothing found, nothing chosen, the checkout closed and the given key', () => {
    expect(initialOrderFlow('k0', CAMP)).toEqual({
      lookup: null,
      cf: '',
      method: null,
      options: CAMP,
      quota: null,
      selectedIds: [],
      sizes: {},
      showMissingSizes: false,
      checkoutOpen: false,
      idempotencyKey: 'k0',
    });
  });
});

describe('found', () => {
  it('shows the family with the fiscal code, method and quota of the form, and a new key', () => {
    const state = run(initialOrderFlow('k0', CAMP), found('Bonifico', 'Saldo', 'k1'));
    expect(state).toMatchObject({ lookup: ROSSI, cf: CF, method: 'Bonifico', quota: 'Saldo', selectedIds: [], idempotencyKey: 'k1' });
  });

  it('takes fields the screen does not show (empty) or unknown values as null', () => {
    expect(run(initialOrderFlow('k0', CAMP), found('', '')).quota).toBeNull();
    expect(run(initialOrderFlow('k0', CAMP), found('Contanti', 'Tutto'))).toMatchObject({ method: null, quota: null });
  });

  it('clears the previous choice, sizes, missing-size hints and checkout', () => {
    const before = run(
      withChoice(),
      { type: 'sizeChosen', childId: 'marco', size: 'M', key: 'k-size' },
      { type: 'sizesMissing' },
      { type: 'checkoutOpened' },
    );
    expect(before).toMatchObject({ selectedIds: ['marco', 'giulia'], sizes: { marco: 'M' }, showMissingSizes: true, checkoutOpen: true });
    expect(run(before, found('Online', 'Acconto', 'k9'))).toMatchObject({
      selectedIds: [],
      sizes: {},
      showMissingSizes: false,
      checkoutOpen: false,
      idempotencyKey: 'k9',
    });
  });
});

describe('edited', () => {
  const values = { fiscalCode: 'BNCNNA84L45B114C', method: 'Bonifico', quota: 'Saldo' };

  it('changing the fiscal code clears the family, the choice and the sizes (docs/product.md "Order flow")', () => {
    const before = run(withChoice(), { type: 'sizeChosen', childId: 'marco', size: 'L', key: 'k-size' });
    const state = orderFlowReducer(before, { type: 'edited', field: 'fiscalCode', values, key: 'k2' });
    expect(state).toMatchObject({ lookup: null, selectedIds: [], sizes: {}, idempotencyKey: 'k2', method: 'Online', quota: 'Acconto' });
  });

  it('changing the method keeps the family and the choice, takes the new method and closes the checkout', () => {
    const open = run(withChoice(), { type: 'checkoutOpened' });
    expect(open.checkoutOpen).toBe(true);
    const state = orderFlowReducer(open, { type: 'edited', field: 'method', values, key: 'k3' });
    expect(state).toMatchObject({
      lookup: ROSSI,
      selectedIds: ['marco', 'giulia'],
      method: 'Bonifico',
      quota: 'Acconto',
      checkoutOpen: false,
      idempotencyKey: 'k3',
    });
  });

  it('changing the quota keeps the choice, takes the new quota and closes the checkout', () => {
    const open = run(withChoice(), { type: 'checkoutOpened' });
    const state = orderFlowReducer(open, { type: 'edited', field: 'quota', values, key: 'k4' });
    expect(state).toMatchObject({
      selectedIds: ['marco', 'giulia'],
      method: 'Online',
      quota: 'Saldo',
      checkoutOpen: false,
      idempotencyKey: 'k4',
    });
  });

  it('a new quota unticks the children who already hold its product, and keeps the others in tick order', () => {
    const held = (plan: 'Campo Estivo - Acconto' | 'Campo Estivo - Saldo') => [
      { plan, status: 'Da Verificare' as const, date: '2025-03-10T09:30:00.000Z', note: '' },
    ];
    const lookup: FamilyLookup = {
      ...ROSSI,
      children: [
        { ...child('marco', 'Marco', 'Reparto'), paid: held('Campo Estivo - Saldo') },
        { ...child('giulia', 'Giulia', 'Clan'), paid: held('Campo Estivo - Acconto') },
        child('luca', 'Luca', 'Branco'),
      ],
    };
    const chosen = run(
      initialOrderFlow('k0', CAMP),
      { type: 'found', lookup, values: { fiscalCode: CF, method: 'Bonifico', quota: 'Acconto' }, key: 'k1' },
      toggled('luca'),
      toggled('marco'),
    );
    const onSaldo = orderFlowReducer(chosen, { type: 'edited', field: 'quota', values, key: 'k6' });
    expect(onSaldo.selectedIds).toEqual(['luca']);
    const onAcconto = run(onSaldo, toggled('giulia'), toggled('marco'), {
      type: 'edited',
      field: 'quota',
      values: { ...values, quota: 'Acconto' },
      key: 'k7',
    });
    expect(onAcconto.selectedIds).toEqual(['luca', 'marco']);
  });

  it('a method cleared in the form is null', () => {
    const state = orderFlowReducer(withChoice(), { type: 'edited', field: 'method', values: { ...values, method: '' }, key: 'k5' });
    expect(state.method).toBeNull();
  });
});

describe('toggled', () => {
  it('appends in tick order and removes on untick, later children moving up', () => {
    const state = run(initialOrderFlow('k0', CAMP), found(), toggled('luca'), toggled('marco'), toggled('giulia'));
    expect(state.selectedIds).toEqual(['luca', 'marco', 'giulia']);
    expect(orderFlowReducer(state, toggled('marco')).selectedIds).toEqual(['luca', 'giulia']);
    expect(run(state, toggled('luca'), toggled('luca')).selectedIds).toEqual(['marco', 'giulia', 'luca']);
  });

  it('makes a new attempt: the action key, the checkout closed', () => {
    const open = run(withChoice(), { type: 'checkoutOpened' });
    expect(orderFlowReducer(open, toggled('luca', 'k7'))).toMatchObject({ checkoutOpen: false, idempotencyKey: 'k7' });
  });
});

describe('sizes', () => {
  it('sizeChosen sets one child size, keeps the others and makes a new attempt', () => {
    const state = run(
      withChoice(),
      { type: 'sizeChosen', childId: 'marco', size: 'M', key: 'k-a' },
      { type: 'sizeChosen', childId: 'giulia', size: '2XL', key: 'k-b' },
      { type: 'sizeChosen', childId: 'marco', size: 'XS', key: 'k-c' },
    );
    expect(state).toMatchObject({ sizes: { marco: 'XS', giulia: '2XL' }, idempotencyKey: 'k-c' });
  });

  it('a size is kept when its child is unticked, and sizesMissing shows the hints once', () => {
    const state = run(withChoice(), { type: 'sizeChosen', childId: 'marco', size: 'S', key: 'k-s' }, toggled('marco'));
    expect(state.sizes).toEqual({ marco: 'S' });
    const hinted = orderFlowReducer(state, { type: 'sizesMissing' });
    expect(hinted.showMissingSizes).toBe(true);
    expect(orderFlowReducer(hinted, { type: 'sizesMissing' })).toBe(hinted);
  });
});

describe('the idempotency key', () => {
  it('stays the same while the order does not change (a retry reuses it)', () => {
    const state = withChoice();
    const after = run(state, { type: 'sizesMissing' }, { type: 'checkoutOpened' });
    expect(after.idempotencyKey).toBe(state.idempotencyKey);
  });

  it('orderChanged takes the new key and closes the checkout, nothing else', () => {
    const open = run(withChoice(), { type: 'checkoutOpened' });
    expect(orderFlowReducer(open, { type: 'orderChanged', key: 'k8' })).toEqual({ ...open, checkoutOpen: false, idempotencyKey: 'k8' });
  });
});

describe('checkoutOpened', () => {
  it('opens the checkout for Online', () => {
    expect(run(withChoice(), { type: 'checkoutOpened' }).checkoutOpen).toBe(true);
  });

  it('is ignored for Bonifico and with no method', () => {
    const bonifico = run(initialOrderFlow('k0', CAMP), found('Bonifico'), toggled('marco'));
    expect(orderFlowReducer(bonifico, { type: 'checkoutOpened' })).toBe(bonifico);
    const none = run(initialOrderFlow('k0', CAMP), found(''));
    expect(orderFlowReducer(none, { type: 'checkoutOpened' })).toBe(none);
  });
});

describe('purity', () => {
  it('never changes the state it is given', () => {
    const state = Object.freeze(withChoice());
    const copy = structuredClone(state);
    run(
      state,
      toggled('luca'),
      { type: 'sizeChosen', childId: 'marco', size: 'M', key: 'k' },
      { type: 'edited', field: 'fiscalCode', values: { fiscalCode: '', method: '', quota: '' }, key: 'k' },
    );
    expect(state).toEqual(copy);
  });
});

describe('Back from a transfer page (snapshot, restore, refresh)', () => {
  it('keeps the fiscal code, method, quota and family of a recorded order, and nothing before a family is found', () => {
    expect(snapshotOf(initialOrderFlow('k0', CAMP))).toBeNull();
    const snapshot = snapshotOf(withChoice());
    expect(snapshot).toEqual({ values: { fiscalCode: CF, quota: 'Acconto', method: 'Online' }, lookup: ROSSI });
  });

  it('reads its own snapshot back from router state and nothing else', () => {
    const snapshot = snapshotOf(withChoice());
    expect(readOrderFlowSnapshot({ orderFlow: snapshot })).toEqual(snapshot);
    for (const state of [null, undefined, 'x', {}, { orderFlow: {} }, { orderFlow: { values: { fiscalCode: 1 } } }, { order: {} }]) {
      expect(readOrderFlowSnapshot(state)).toBeNull();
    }
    expect(readOrderFlowSnapshot({ orderFlow: { ...snapshot, lookup: { family: {}, children: [] } } })).toBeNull();
    // Kept before the season's catalogue came with the lookup: looked up again rather than priced without it.
    const { catalogue: _, ...olderLookup } = ROSSI;
    expect(readOrderFlowSnapshot({ orderFlow: { ...snapshot, lookup: olderLookup } })).toBeNull();
  });

  it('reopens with the family and choices of the snapshot, nobody ticked (they hold the product now), a new key', () => {
    const snapshot = snapshotOf(withChoice());
    if (!snapshot) throw new Error('no snapshot');
    expect(restoredOrderFlow(snapshot, 'k-back', CAMP)).toEqual({
      ...initialOrderFlow('k-back', CAMP),
      lookup: ROSSI,
      cf: CF,
      method: 'Online',
      quota: 'Acconto',
    });
  });

  it('lookupRefreshed replaces the same family and unticks children no longer listed; another family is ignored', () => {
    const marcoHolds: FamilyLookup = {
      ...ROSSI,
      children: ROSSI.children
        .filter((son) => son.id !== 'giulia')
        .map((son) =>
          son.id === 'marco'
            ? {
                ...son,
                paid: [
                  { plan: 'Campo Estivo - Acconto' as const, status: 'Da Verificare' as const, date: '2025-03-01T10:00:00Z', note: '' },
                ],
              }
            : son,
        ),
    };
    const refreshed = run(withChoice(), { type: 'lookupRefreshed', lookup: marcoHolds });
    expect(refreshed.lookup).toBe(marcoHolds);
    expect(refreshed.selectedIds).toEqual(['marco']);
    const other: FamilyLookup = {
      family: { id: 'family-verdi', surname: 'Verdi' },
      receipts: [],
      catalogue: seedCatalogue(),
      children: [],
    };
    const state = withChoice();
    expect(run(state, { type: 'lookupRefreshed', lookup: other })).toBe(state);
    const empty = initialOrderFlow('k0', CAMP);
    expect(run(empty, { type: 'lookupRefreshed', lookup: ROSSI })).toBe(empty);
  });
});

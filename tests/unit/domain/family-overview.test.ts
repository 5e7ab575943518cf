import { describe, expect, it } from 'vitest';
import { seedCatalogue } from '@domain/catalogue/season-catalogue';
import type { CatalogueProduct } from '@domain/catalogue/product';
import {
  CHILD_PRODUCT_STATE_LABELS,
  childProducts,
  familyDues,
  familyInstalmentPlans,
  instalmentLabel,
  medicalFormState,
  productsToPay,
} from '@domain/families/family-overview';
import type { LookupChild } from '@domain/families/family-lookup';

const CATALOGUE = seedCatalogue();
const TODAY = '2025-04-01';
type Paid = LookupChild['paid'][number];
const entry = (plan: string, status: Paid['status'], method?: Paid['method'], note = ''): Paid => ({
  plan,
  status,
  date: '2025-03-01T10:00:00.000Z',
  note,
  ...(method ? { method } : {}),
});
const states = (child: Pick<LookupChild, 'branch' | 'paid'>, catalogue: readonly CatalogueProduct[] = CATALOGUE) =>
  childProducts(child, catalogue, TODAY).map((row) => [row.plan, row.state]);

describe('childProducts', () => {
  it('offers a Reparto child without anything the Acconto, the Felpa and the Maglietta, not the Saldo before the Acconto', () => {
    expect(states({ branch: 'Reparto', paid: [] })).toEqual([
      ['Campo Estivo - Acconto', 'toPay'],
      ['Felpa Reparto', 'toPay'],
      ['Maglietta Gruppo', 'toPay'],
    ]);
  });

  it('offers the Saldo once the Acconto is held, and never the Felpa outside Reparto', () => {
    expect(states({ branch: 'Branco', paid: [entry('Campo Estivo - Acconto', 'Confermato', 'Online')] })).toEqual([
      ['Campo Estivo - Acconto', 'paid'],
      ['Campo Estivo - Saldo', 'toPay'],
      ['Maglietta Gruppo', 'toPay'],
    ]);
  });

  it('tells a Bonifico awaited from a card payment to verify and a disputed one; confirmed wins over a second entry', () => {
    const rows = childProducts(
      {
        branch: 'Reparto',
        paid: [
          entry('Campo Estivo - Acconto', 'Da Verificare', 'Bonifico'),
          entry('Felpa Reparto', 'Da Verificare', 'Online'),
          entry('Maglietta Gruppo', 'Contestato', 'Online'),
          entry('Campo Estivo - Saldo', 'Da Verificare', 'Bonifico'),
          entry('Campo Estivo - Saldo', 'Confermato', 'Contanti'),
        ],
      },
      CATALOGUE,
      TODAY,
    );
    expect(rows.map((row) => [row.plan, row.state])).toEqual([
      ['Campo Estivo - Acconto', 'awaitingTransfer'],
      ['Campo Estivo - Saldo', 'paid'],
      ['Felpa Reparto', 'toVerify'],
      ['Maglietta Gruppo', 'toVerify'],
    ]);
  });

  it("shows a SEPA debit the bank has not answered as 'In elaborazione'", () => {
    const [acconto] = childProducts(
      { branch: 'Reparto', paid: [entry('Campo Estivo - Acconto', 'In elaborazione', 'Online')] },
      CATALOGUE,
      TODAY,
    );
    expect(acconto).toMatchObject({ plan: 'Campo Estivo - Acconto', state: 'processing' });
    expect(CHILD_PRODUCT_STATE_LABELS.processing).toBe('In elaborazione');
  });

  it('treats an item without its payment as a transfer awaited, and keeps the size', () => {
    const [felpa] = childProducts(
      { branch: 'Reparto', paid: [entry('Felpa Reparto', 'Da Verificare', undefined, 'M')] },
      CATALOGUE,
      TODAY,
    ).filter((row) => row.plan === 'Felpa Reparto');
    expect(felpa).toMatchObject({ state: 'awaitingTransfer', note: 'M' });
  });

  it('leaves out a product closed before today unless held, and lists a held plan the catalogue no longer has', () => {
    const closed = CATALOGUE.map((product) => (product.id === 'maglietta' ? { ...product, closesOn: '2025-03-31' } : product));
    expect(states({ branch: 'Clan', paid: [entry('Uscita di Pasqua', 'Confermato', 'Online')] }, closed)).toEqual([
      ['Campo Estivo - Acconto', 'toPay'],
      ['Uscita di Pasqua', 'paid'],
    ]);
    expect(states({ branch: 'Clan', paid: [entry('Maglietta Gruppo', 'Confermato', 'Online')] }, closed)).toContainEqual([
      'Maglietta Gruppo',
      'paid',
    ]);
  });

  it('productsToPay lists what the child still has to pay', () => {
    expect(
      productsToPay({ branch: 'Clan', paid: [entry('Campo Estivo - Acconto', 'Confermato', 'Online')] }, CATALOGUE, TODAY).map((p) => p.id),
    ).toEqual(['campo-saldo', 'maglietta']);
  });
});

describe('medicalFormState', () => {
  it('is received with its date, missing when eligible, not required otherwise', () => {
    expect(medicalFormState({ eligible: true, uploaded: true, receivedAt: '2025-05-02T08:00:00.000Z' })).toEqual({
      state: 'received',
      receivedAt: '2025-05-02T08:00:00.000Z',
    });
    expect(medicalFormState({ eligible: false, uploaded: true })).toEqual({ state: 'received', receivedAt: null });
    expect(medicalFormState({ eligible: true, uploaded: false })).toEqual({ state: 'missing' });
    expect(medicalFormState({ eligible: false, uploaded: false })).toEqual({ state: 'notRequired' });
  });
});

describe('the rate on the family page', () => {
  const maglietta = {
    ...CATALOGUE.find((product) => product.id === 'maglietta')!,
    instalments: { due: [null, '2025-03-15', '2025-05-15'] },
  };
  const rata = (number: number, state: 'paid' | 'toVerify' | 'due', overdue = false) => ({
    number,
    of: 3,
    amountEuros: 5,
    dueEuros: state === 'due' ? 5 : 0,
    dueOn: number === 1 ? null : `2025-0${number * 2 - 1}-15`,
    state,
    overdue,
  });
  const balance = (instalments: Array<ReturnType<typeof rata>>) => ({
    product: 'maglietta',
    holderIds: ['marco', 'giulia'],
    accountedEuros: 5,
    reduction: null,
    dueEuros: 10,
    instalments,
  });

  it("names each rata's state: 'Pagata', 'In verifica', 'Scaduta', 'Da pagare'", () => {
    expect([rata(1, 'paid'), rata(2, 'toVerify'), rata(2, 'due', true), rata(3, 'due')].map(instalmentLabel)).toEqual([
      'Pagata',
      'In verifica',
      'Scaduta',
      'Da pagare',
    ]);
  });

  it('gives the next rata with euros due and the first holder to pay it; none once every rata is paid or in verifica', () => {
    const lookup = { catalogue: [maglietta], balances: [balance([rata(1, 'paid'), rata(2, 'toVerify'), rata(3, 'due')])] };
    expect(familyInstalmentPlans(lookup).map((plan) => [plan.product.id, plan.next?.number, plan.payerId])).toEqual([
      ['maglietta', 3, 'marco'],
    ]);
    const settled = { catalogue: [maglietta], balances: [balance([rata(1, 'paid'), rata(2, 'paid'), rata(3, 'toVerify')])] };
    expect(familyInstalmentPlans(settled)[0]?.next).toBeUndefined();
  });

  it("leaves a product paid in rate out of 'Da saldare': what it owes is its rate", () => {
    const lookup = { catalogue: [maglietta], balances: [balance([rata(1, 'paid'), rata(2, 'due'), rata(3, 'due')])] };
    expect(familyDues(lookup)).toEqual([]);
    expect(familyDues({ ...lookup, balances: [{ ...balance([]), instalments: undefined }] })).toEqual([
      { plan: 'Maglietta Gruppo', dueEuros: 10 },
    ]);
  });
});

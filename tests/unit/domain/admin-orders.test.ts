import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import {
  buildOrderRow,
  describeOrderQuery,
  ORDER_CSV_HEADER,
  orderCsvFileName,
  orderCsvRows,
  readOrderFilters,
  seasonPlans,
  summarizeOrders,
  historyLines,
  surnameFilterKey,
  transferAction,
  writeOrderFilters,
  type OrderFilters,
  type RowPayment,
} from '@domain/orders/admin-orders';
import { seedCatalogue } from '@domain/catalogue/season-catalogue';
import { PLAN } from '@domain/catalogue/seed';
import { toSpreadsheetCsv } from '@/lib/csv';

// Typed with the documents' own types (src/domain/payments/payment-schema.ts): a field renamed there breaks this test at compile time.
const payment: RowPayment = {
  id: 'p1',
  order_id: 'o1',
  family_surname: 'De Rossi',
  created_at: new Date(2025, 4, 1, 10, 0),
  plan: PLAN.felpa,
  method: 'Bonifico',
  status: 'Confermato',
  total_amount: 60,
  lines: [
    { item_id: 'i1', child_id: 'son-i1', name: 'Matteo', surname: 'De Rossi', note: 'M', price: 30 },
    { item_id: 'i2', child_id: 'son-i2', name: 'Sofia', surname: 'De Rossi', note: 'M', price: 30 },
  ],
  confirmed_at: new Date(2025, 4, 3, 9, 30),
  confirmed_by: 'admin@example.com',
  refunded_amount: 0,
  refund_requested: 0,
  history: [{ at: new Date(2025, 4, 3, 9, 30), action: 'payment.confirm', by: 'admin@example.com' }],
  receipt: null,
  reference: 'FR25-7K3Q',
};
const NO_FILTERS: OrderFilters = { surname: '', plan: null, method: null, status: null };

describe('the filters in the address', () => {
  it('reads known values and treats missing or unknown ones as Tutti', () => {
    const params = new URLSearchParams('stagione=2024&cognome=De%20Ro&prodotto=Felpa%20Reparto&metodo=Bonifico&stato=Pagato');
    expect(readOrderFilters(params)).toEqual({ surname: 'De Ro', plan: PLAN.felpa, method: 'Bonifico', status: null });
    expect(readOrderFilters(new URLSearchParams())).toEqual(NO_FILTERS);
  });

  it('writes a change, removes Tutti and a blank surname, and keeps the season', () => {
    const start = new URLSearchParams('stagione=2024&metodo=Online&cognome=ros');
    const next = writeOrderFilters(start, { method: 'Bonifico', status: 'Da Verificare', surname: '  ' });
    expect(next.toString()).toBe('stagione=2024&metodo=Bonifico&stato=Da+Verificare');
    expect(writeOrderFilters(next, { method: '', status: null }).toString()).toBe('stagione=2024');
    expect(start.toString()).toBe('stagione=2024&metodo=Online&cognome=ros');
  });
});

describe('describeOrderQuery', () => {
  it('without filters: the season, newest first', () => {
    expect(describeOrderQuery(2025, NO_FILTERS)).toEqual({
      equals: [{ field: 'season', value: 2025 }],
      surnamePrefix: null,
      orderBy: [{ field: 'created_at', direction: 'desc' }],
    });
  });

  it('adds one equality per chosen plan, method and status', () => {
    const query = describeOrderQuery(2024, { ...NO_FILTERS, plan: PLAN.campSaldo, method: 'Online', status: 'Confermato' });
    expect(query.equals).toEqual([
      { field: 'season', value: 2024 },
      { field: 'plan', value: PLAN.campSaldo },
      { field: 'method', value: 'Online' },
      { field: 'status', value: 'Confermato' },
    ]);
  });

  it('turns a surname into a prefix range on surname_key, ignoring spaces and case, ordered by it first', () => {
    const query = describeOrderQuery(2025, { ...NO_FILTERS, surname: ' De RO ' });
    expect(query.surnamePrefix).toEqual({ atLeast: 'dero', atMost: 'dero\uf8ff' });
    expect(query.orderBy).toEqual([
      { field: 'surname_key', direction: 'asc' },
      { field: 'created_at', direction: 'desc' },
    ]);
    // The range holds every key starting with the prefix and nothing else.
    const inRange = (key: string) => key >= 'dero' && key <= 'dero\uf8ff';
    expect(['dero', 'derossi', 'deroma'].every(inRange)).toBe(true);
    expect(['der', 'desantis', 'rossi'].some(inRange)).toBe(false);
    expect(surnameFilterKey('De  Rossi')).toBe('derossi');
  });

  it('describes the same query for two spellings of one surname (one cache entry)', () => {
    expect(describeOrderQuery(2025, { ...NO_FILTERS, surname: 'ROS si' })).toEqual(
      describeOrderQuery(2025, { ...NO_FILTERS, surname: 'rossi' }),
    );
  });
});

describe('buildOrderRow', () => {
  it('builds the row from the payment, its lines as the children in tick order', () => {
    const row = buildOrderRow({ ...payment, lines: [...payment.lines].reverse() });
    expect(row).toMatchObject({
      paymentId: 'p1',
      orderId: 'o1',
      familySurname: 'De Rossi',
      method: 'Bonifico',
      status: 'Confermato',
      totalAmount: 60,
      confirmedBy: 'admin@example.com',
    });
    expect(row.lines.map((line) => `${line.itemId} ${line.child.name} ${line.size} ${line.priceEuros}`)).toEqual([
      'i2 Sofia M 30',
      'i1 Matteo M 30',
    ]);
    expect(row.lines.every((line) => line.plan === PLAN.felpa)).toBe(true);
  });

  it('keeps a payment without lines, with no child lines', () => {
    expect(buildOrderRow({ ...payment, lines: [] }).lines).toEqual([]);
  });
});

describe('transferAction', () => {
  it('confirms a Bonifico to verify, undoes a confirmed one, nothing for Online', () => {
    expect(transferAction({ method: 'Bonifico', status: 'Da Verificare' })).toBe('confirm');
    expect(transferAction({ method: 'Bonifico', status: 'Confermato' })).toBe('undo');
    expect(transferAction({ method: 'Online', status: 'Confermato' })).toBeNull();
    expect(transferAction({ method: 'Online', status: 'Da Verificare' })).toBeNull();
  });
});

describe('summarizeOrders', () => {
  const zero = { count: 0, total: 0 };

  it('fills every plan and status, sums per plan and overall, rounded to cents; refunded, cancelled and failed orders stay out of the held total, a debit in progress counts', () => {
    const summary = summarizeOrders(
      [
        { plan: PLAN.felpa, status: 'Annullato', count: 1, total: 30 },
        { plan: PLAN.felpa, status: 'Confermato', count: 2, total: 60.1 },
        { plan: PLAN.felpa, status: 'Da Verificare', count: 1, total: 30.2 },
        { plan: PLAN.felpa, status: 'Rimborsato', count: 1, total: 30 },
        { plan: PLAN.felpa, status: 'Contestato', count: 1, total: 30 },
        { plan: PLAN.felpa, status: 'In elaborazione', count: 1, total: 30 },
        { plan: PLAN.felpa, status: 'Non riuscito', count: 1, total: 30 },
        { plan: PLAN.campAcconto, status: 'Confermato', count: 1, total: 100 },
      ],
      seasonPlans(seedCatalogue()),
    );
    expect(summary.rows.map((row) => row.plan)).toEqual([PLAN.campAcconto, PLAN.campSaldo, PLAN.felpa, PLAN.maglietta]);
    expect(summary.rows[2]).toEqual({
      plan: PLAN.felpa,
      cells: {
        Confermato: { count: 2, total: 60.1 },
        'Da Verificare': { count: 1, total: 30.2 },
        Rimborsato: { count: 1, total: 30 },
        Contestato: { count: 1, total: 30 },
        Annullato: { count: 1, total: 30 },
        'In elaborazione': { count: 1, total: 30 },
        'Non riuscito': { count: 1, total: 30 },
      },
      held: { count: 5, total: 150.3 },
    });
    expect(summary.rows[1]?.held).toEqual(zero);
    expect(summary.totals).toEqual({
      cells: {
        Confermato: { count: 3, total: 160.1 },
        'Da Verificare': { count: 1, total: 30.2 },
        Rimborsato: { count: 1, total: 30 },
        Contestato: { count: 1, total: 30 },
        Annullato: { count: 1, total: 30 },
        'In elaborazione': { count: 1, total: 30 },
        'Non riuscito': { count: 1, total: 30 },
      },
      held: { count: 6, total: 250.3 },
    });
    expect(summary.contributions).toBeNull();
  });

  it("keeps the 'Contributo al fondo di solidarietà' out of the products and their total, in a row of its own", () => {
    const summary = summarizeOrders(
      [
        { plan: PLAN.felpa, status: 'Confermato', count: 2, total: 60 },
        { plan: PLAN.felpa, status: 'Confermato', count: 1, total: 12.5, contribution: true },
        { plan: PLAN.campAcconto, status: 'Confermato', count: 1, total: 100 },
        { plan: PLAN.campAcconto, status: 'Confermato', count: 1, total: 7.5, contribution: true },
        { plan: PLAN.campAcconto, status: 'Rimborsato', count: 1, total: 5, contribution: true },
      ],
      seasonPlans(seedCatalogue()),
    );
    expect(summary.rows[2]?.cells.Confermato).toEqual({ count: 2, total: 60 });
    expect(summary.totals.cells.Confermato).toEqual({ count: 3, total: 160 });
    expect(summary.contributions?.cells.Confermato).toEqual({ count: 2, total: 20 });
    expect(summary.contributions?.cells.Rimborsato).toEqual({ count: 1, total: 5 });
    expect(summary.contributions?.held).toEqual({ count: 2, total: 20 });
  });
});

describe("a payment's history", () => {
  it('reads as the row says it, oldest first', () => {
    const row = buildOrderRow({
      ...payment,
      history: [
        { at: new Date(2025, 4, 3, 9, 30), action: 'payment.confirm', by: 'admin@example.com' },
        { at: new Date(2025, 4, 4, 9, 30), action: 'payment.unconfirm', by: 'tesoriere@example.com' },
        { at: new Date(2025, 4, 5, 9, 30), action: 'payment.refunded', by: 'Stripe' },
      ],
    });
    expect(historyLines(row)).toEqual([
      'Confermato da admin@example.com il 03/05/2025',
      'Conferma annullata da tesoriere@example.com il 04/05/2025',
      'Rimborso registrato da Stripe il 05/05/2025',
    ]);
  });
});

describe('the CSV export', () => {
  it('writes one line per child line, the order repeated, and parses back to the same fields', () => {
    const confirmed = buildOrderRow(payment);
    const pending = buildOrderRow({
      ...payment,
      id: 'p3',
      family_surname: 'Verdi; Bianchi',
      status: 'Da Verificare',
      confirmed_at: null,
      confirmed_by: null,
      total_amount: 1234.5,
      lines: [],
    });
    const lines = orderCsvRows([confirmed, pending]);
    expect(lines).toEqual([
      [
        'De Rossi',
        '01/05/2025',
        'Bonifico',
        'Confermato',
        '60,00',
        'De Rossi',
        'Matteo',
        PLAN.felpa,
        'M',
        '30,00',
        'admin@example.com',
        '03/05/2025',
        '',
        'FR25-7K3Q',
        '',
      ],
      [
        'De Rossi',
        '01/05/2025',
        'Bonifico',
        'Confermato',
        '60,00',
        'De Rossi',
        'Sofia',
        PLAN.felpa,
        'M',
        '30,00',
        'admin@example.com',
        '03/05/2025',
        '',
        'FR25-7K3Q',
        '',
      ],
      ['Verdi; Bianchi', '01/05/2025', 'Bonifico', 'Da Verificare', '1234,50', '', '', '', '', '', '', '', '', 'FR25-7K3Q', ''],
    ]);
    const refunded = orderCsvRows([buildOrderRow({ ...payment, method: 'Online', refunded_amount: 50, reference: null })]);
    expect(refunded[0]?.slice(-3)).toEqual(['50,00', '', '']);
    // The contribution is its own column, apart from the order's total and the lines' prices.
    const contributed = orderCsvRows([buildOrderRow({ ...payment, method: 'Online', solidarity_contribution: 12.5, reference: null })]);
    expect(contributed[0]?.[4]).toBe('60,00');
    expect(contributed[0]?.at(-1)).toBe('12,50');
    expect(ORDER_CSV_HEADER.at(-1)).toBe('Contributo solidarietà');
    const parsed = Papa.parse<string[]>(toSpreadsheetCsv(ORDER_CSV_HEADER, lines).replace(/^\uFEFF/, ''), { delimiter: ';' });
    expect(parsed.data).toEqual([[...ORDER_CSV_HEADER], ...lines]);
  });

  it("writes a debit's status as the list shows it: 'In elaborazione', then 'Non riuscito' when the bank refused it", () => {
    const debit = { ...payment, method: 'Online' as const, reference: null, confirmed_at: null, confirmed_by: null };
    expect(orderCsvRows([buildOrderRow({ ...debit, status: 'In elaborazione' })]).map((line) => line[3])).toEqual([
      'In elaborazione',
      'In elaborazione',
    ]);
    expect(orderCsvRows([buildOrderRow({ ...debit, status: 'Non riuscito' })])[0]?.slice(2, 4)).toEqual(['Online', 'Non riuscito']);
  });

  it('names the file after the season', () => {
    expect(orderCsvFileName(2025)).toBe('pagamenti-2025.csv');
  });
});

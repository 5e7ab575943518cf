import { describe, expect, it } from 'vitest';
import { PLAN } from '@/domain/plans';
import { filterBySurname, joinAdminOrders, type AdminSource } from '@/domain/admin-orders';

describe('admin list', () => {
  // Typed with the documents' own types (src/domain/documents.ts): a field renamed there breaks this test at compile time.
  const source: AdminSource = {
    orders: [
      { id: 'o2', created_at: new Date('2026-05-02'), family_id: 'f2', order_items: ['i3'], payment_id: 'p2' },
      { id: 'o1', created_at: new Date('2026-05-01'), family_id: 'f1', order_items: ['i1', 'i2', 'missing'], payment_id: 'p1' },
    ],
    families: [
      { id: 'f1', surname: 'De Rossi' },
      { id: 'f2', surname: 'Bianchi' },
    ],
    payments: [
      { id: 'p1', created_at: new Date('2026-05-01T10:00:00Z'), method: 'Bonifico', status: 'Da Verificare', total_amount: 250 },
      { id: 'p2', created_at: new Date('2026-05-02T10:00:00Z'), method: 'Online', status: 'Confermato', total_amount: 30 },
    ],
    orderItems: [
      { id: 'i1', plan: PLAN.campAcconto, note: '', price: 100, son_info: { id: 's1', name: 'Marco', surname: 'De Rossi' } },
      { id: 'i2', plan: PLAN.campAcconto, note: '', price: 150, son_info: { id: 's2', name: 'Giulia', surname: 'De Rossi' } },
      { id: 'i3', plan: PLAN.felpa, note: 'M', price: 30, son_info: { id: 's3', name: 'Sara', surname: 'Bianchi' } },
    ],
  };

  it('joins each order with its family, payment and children, keeping the read order', () => {
    const rows = joinAdminOrders(source);
    expect(rows.map((row) => [row.familySurname, row.method, row.status, row.totalAmount])).toEqual([
      ['Bianchi', 'Online', 'Confermato', 30],
      ['De Rossi', 'Bonifico', 'Da Verificare', 250],
    ]);
    expect(rows[1]?.children.map((c) => `${c.surname} ${c.name} ${c.plan} ${c.price}`)).toEqual([
      'De Rossi Marco Campo Estivo - Acconto 100',
      'De Rossi Giulia Campo Estivo - Acconto 150',
    ]);
    expect(rows[0]?.children[0]?.note).toBe('M');
  });

  it('keeps an order whose payment is missing, with empty payment fields', () => {
    const rows = joinAdminOrders({ ...source, payments: [] });
    expect(rows).toHaveLength(2);
    expect(rows[0]).toMatchObject({ familySurname: 'Bianchi', method: null, status: null, totalAmount: null });
  });

  it("keeps an order whose items or family are missing, and falls back to the order's date without a payment", () => {
    const rows = joinAdminOrders({ ...source, payments: [], families: [], orderItems: [] });
    expect(rows[1]).toMatchObject({ orderId: 'o1', familySurname: '', paymentDate: new Date('2026-05-01'), children: [] });
  });

  it('filters by surname ignoring spaces and case', () => {
    const rows = joinAdminOrders(source);
    expect(filterBySurname(rows, ' deros ').map((r) => r.familySurname)).toEqual(['De Rossi']);
    expect(filterBySurname(rows, 'DE ROSSI').map((r) => r.familySurname)).toEqual(['De Rossi']);
    expect(filterBySurname(rows, '')).toHaveLength(2);
    expect(filterBySurname(rows, 'verdi')).toEqual([]);
  });
});

import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PLAN } from '@/domain/plans';
import { adminOrdersQueryOptions, type AdminOrders } from '@/features/admin/api/admin-orders';
import { OrdersList } from '@/features/admin/OrdersList';
import { createQueryClient } from '@/lib/query-client';
import { renderWithProviders } from '../support/render';

/**
 * The admin list reads Firestore (no msw): the test hands the query what the
 * fetcher answers (fetchAdminOrders; its reading of bad documents is tested
 * in tests/unit/domain/documents.test.ts), fresh, so nothing is fetched.
 */
function showList(answer: AdminOrders) {
  const queryClient = createQueryClient({ retry: false });
  queryClient.setQueryData(adminOrdersQueryOptions().queryKey, answer);
  return renderWithProviders(<OrdersList />, { queryClient });
}

const rossi: AdminOrders['rows'][number] = {
  orderId: 'o1',
  familySurname: 'De Rossi',
  paymentDate: new Date('2026-05-01T10:00:00Z'),
  method: 'Bonifico',
  status: 'Da Verificare',
  totalAmount: 250,
  children: [{ id: 'i1', surname: 'De Rossi', name: 'Marco', plan: PLAN.campAcconto, note: '', price: 100 }],
};
const bianchi: AdminOrders['rows'][number] = {
  ...rossi,
  orderId: 'o2',
  familySurname: 'Bianchi',
  method: 'Online',
  status: 'Confermato',
  totalAmount: 30,
  children: [],
};

describe('OrdersList', () => {
  it('shows the readable orders and a warning counting the documents that could not be read', () => {
    showList({ rows: [bianchi, rossi], unreadable: ['orders/o3', 'payments/p9'] });
    const rows = screen.getAllByTestId('order-row');
    expect(rows.map((row) => within(row).getAllByRole('cell')[0]?.textContent)).toEqual(['Bianchi', 'De Rossi']);
    expect(screen.getByText('2 documenti non leggibili: segnalati nella console.')).toBeInTheDocument();
  });

  it('shows no warning when every document was read', () => {
    showList({ rows: [rossi], unreadable: [] });
    expect(screen.getAllByTestId('order-row')).toHaveLength(1);
    expect(screen.queryByText(/non leggibil/)).not.toBeInTheDocument();
  });

  it('still warns when no order could be read at all', () => {
    showList({ rows: [], unreadable: ['orders/o1'] });
    expect(screen.getByText('1 documento non leggibile: segnalato nella console.')).toBeInTheDocument();
    expect(screen.getByText('Nessun ordine trovato.')).toBeInTheDocument();
  });
});

import { seedCatalogue } from '@domain/catalogue/season-catalogue';
import { specPageOf } from '@config/product-pages';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { useOrderFlow } from '@/app/payment/use-order-flow';
import type { FamilyLookup } from '@domain/families/family-lookup';
import type { OrderRequest } from '@contracts/order-request';
import { fn, setupFunctionsServer } from '../support/functions';

const server = setupFunctionsServer();

const ROSSI: FamilyLookup = {
  family: { id: 'family-rossi', surname: 'Rossi' },
  receipts: [],
  catalogue: seedCatalogue(),
  children: [
    {
      id: 'marco',
      name: 'Marco',
      surname: 'Rossi',
      cf: 'X',
      branch: 'Reparto',
      paid: [],
      medicalForm: { eligible: false, uploaded: false },
    },
    {
      id: 'giulia',
      name: 'Giulia',
      surname: 'Rossi',
      cf: 'Y',
      branch: 'Clan',
      paid: [],
      medicalForm: { eligible: false, uploaded: false },
    },
  ],
};
const CF = 'RSSMRA80C12H501E';
const CREATED = {
  orderId: 'order-1',
  totalEuros: 100,
  paymentReason: 'Acconto Campo Scout 2026 - Rossi',
  lines: [{ childId: 'marco', name: 'Marco', plan: 'Campo Estivo - Acconto', size: '', priceEuros: 100 }],
};

function renderFlow() {
  const client = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>
      <MemoryRouter>{children}</MemoryRouter>
    </QueryClientProvider>
  );
  return renderHook(() => useOrderFlow(specPageOf('campo-acconto')!), { wrapper });
}

/** The request a screen would build from the flow. */
const requestOf = (flow: ReturnType<typeof useOrderFlow>): OrderRequest => ({
  cf: flow.cf,
  product: 'campo-acconto',
  children: flow.selectedIds.map((id) => ({ id })),
  idempotencyKey: flow.idempotencyKey,
});

/** Finds Rossi with `method` and ticks Marco. */
function findAndTick(result: { current: ReturnType<typeof useOrderFlow> }, method: 'Online' | 'Bonifico') {
  act(() => result.current.found(ROSSI, { fiscalCode: CF, method, quota: 'Acconto' }));
  act(() => result.current.toggle('marco'));
}

describe('useOrderFlow', () => {
  it('a retry after a failed Bonifico save sends the same key; changing the order makes a new one and clears the error', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const calls: Array<{ idempotencyKey: string }> = [];
    let fail = true;
    server.use(
      fn(
        'create-order',
        () =>
          fail ? { status: 503, json: { error: 'Il servizio non è configurato. Contatta il gruppo.' } } : { status: 201, json: CREATED },
        calls,
      ),
    );
    const { result } = renderFlow();
    findAndTick(result, 'Bonifico');

    act(() => result.current.submit(requestOf(result.current)));
    await waitFor(() => expect(result.current.saveBankTransfer.status).toBe('error'));
    const firstKey = result.current.idempotencyKey;

    fail = false;
    act(() => result.current.submit(requestOf(result.current)));
    await waitFor(() => expect(result.current.saveBankTransfer.status).toBe('success'));
    expect(calls.map((call) => call.idempotencyKey)).toEqual([firstKey, firstKey]);

    act(() => result.current.toggle('giulia'));
    expect(result.current.idempotencyKey).not.toBe(firstKey);
    expect(result.current.saveBankTransfer.status).toBe('idle');
  });

  it('ignores a second submit while the save is running', async () => {
    const calls: unknown[] = [];
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    server.use(fn('create-order', async () => (await held, { status: 201, json: CREATED }), calls));
    const { result } = renderFlow();
    findAndTick(result, 'Bonifico');

    act(() => result.current.submit(requestOf(result.current)));
    await waitFor(() => expect(result.current.saveBankTransfer.isPending).toBe(true));
    act(() => result.current.submit(requestOf(result.current)));
    release();
    await waitFor(() => expect(result.current.saveBankTransfer.status).toBe('success'));
    expect(calls).toHaveLength(1);
  });

  it('two submits in the same instant (no render between them) send one request', async () => {
    const calls: unknown[] = [];
    server.use(fn('create-order', () => ({ status: 201, json: CREATED }), calls));
    const { result } = renderFlow();
    findAndTick(result, 'Bonifico');

    act(() => {
      result.current.submit(requestOf(result.current));
      result.current.submit(requestOf(result.current));
    });
    await waitFor(() => expect(result.current.saveBankTransfer.status).toBe('success'));
    expect(calls).toHaveLength(1);
  });

  it('a change of the order while a save runs leaves the next submit free to save the new order', async () => {
    const calls: Array<{ idempotencyKey: string }> = [];
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    server.use(
      fn(
        'create-order',
        async () => (calls.length === 1 ? (await held, { status: 201, json: CREATED }) : { status: 201, json: CREATED }),
        calls,
      ),
    );
    const { result } = renderFlow();
    findAndTick(result, 'Bonifico');

    act(() => result.current.submit(requestOf(result.current)));
    await waitFor(() => expect(calls).toHaveLength(1));
    act(() => result.current.toggle('giulia'));
    act(() => result.current.submit(requestOf(result.current)));
    await waitFor(() => expect(calls).toHaveLength(2));
    expect(calls[1]?.idempotencyKey).not.toBe(calls[0]?.idempotencyKey);
    release();
  });

  it('Online opens the checkout; changing the method or quota closes it with a new key', () => {
    const { result } = renderFlow();
    findAndTick(result, 'Online');
    act(() => result.current.submit(requestOf(result.current)));
    expect(result.current.checkoutOpen).toBe(true);
    const key = result.current.idempotencyKey;

    act(() => result.current.edited('quota', { fiscalCode: CF, method: 'Online', quota: 'Saldo' }));
    expect(result.current).toMatchObject({ checkoutOpen: false, quota: 'Saldo', selectedIds: ['marco'] });
    expect(result.current.idempotencyKey).not.toBe(key);
  });

  it('changing the fiscal code clears the family and the choice', () => {
    const { result } = renderFlow();
    findAndTick(result, 'Online');
    act(() => result.current.chooseSize('marco', 'M'));
    act(() => result.current.edited('fiscalCode', { fiscalCode: 'BNCNNA84L45B114C', method: 'Online', quota: 'Acconto' }));
    expect(result.current).toMatchObject({ lookup: null, selectedIds: [], sizes: {} });
  });
});

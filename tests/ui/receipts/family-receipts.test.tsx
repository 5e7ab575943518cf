import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FamilyReceipts } from '@/features/receipts/FamilyReceipts';
import { FamilyReceiptsSection } from '@/features/receipts/FamilyReceiptsSection';
import { fn, setupFunctionsServer } from '../support/functions';
import { renderWithProviders } from '../support/render';

// The receipt function is faked at the network edge (msw); the download is the browser's (an object URL clicked).
const server = setupFunctionsServer();

const document = { kind: 'receipt' as const, annulled: false, remark: '' };
const RECEIPTS = [
  { ...document, paymentId: 'payment-2', season: 2025, number: '2025/42', amountEuros: 284.97, issuedAt: '2025-06-01T10:00:00.000Z' },
  { ...document, paymentId: 'payment-1', season: 2024, number: '2024/7', amountEuros: 100, issuedAt: '2024-03-01T10:00:00.000Z' },
];

/** Payment 3, refunded in full: its credit note, newest, and its receipt, annulled. */
const REFUNDED = [
  {
    paymentId: 'payment-3',
    season: 2025,
    kind: 'credit-note' as const,
    number: '2025/3',
    amountEuros: 183.45,
    issuedAt: '2025-07-01T10:00:00.000Z',
    annulled: false,
    remark: 'storna la ricevuta n. 2025/50',
  },
  {
    paymentId: 'payment-3',
    season: 2025,
    kind: 'receipt' as const,
    number: '2025/50',
    amountEuros: 183.45,
    issuedAt: '2025-06-20T10:00:00.000Z',
    annulled: true,
    remark: 'annullata dalla nota di credito n. 2025/3',
  },
];

let saved: string[] = [];
beforeEach(() => {
  saved = [];
  vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:receipt');
  vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push(this.download);
  });
});
afterEach(() => vi.restoreAllMocks());

describe("'Le tue ricevute'", () => {
  it('lists each receipt with its number, season and amount', () => {
    renderWithProviders(<FamilyReceipts receipts={RECEIPTS} />);
    expect(screen.getByRole('heading', { name: 'Le tue ricevute' })).toBeInTheDocument();
    expect(screen.getByText('Ricevuta n. 2025/42')).toBeInTheDocument();
    expect(screen.getByText(/Stagione 2025 · 284,97 €/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Scarica la ricevuta n. 2024/7' })).toBeInTheDocument();
  });

  it("'Scarica' asks for that payment's receipt and saves it under the server's file name", async () => {
    const calls: unknown[] = [];
    server.use(
      fn(
        'receipt',
        () =>
          new HttpResponse('%PDF-1.7', {
            headers: { 'content-type': 'application/pdf', 'content-disposition': 'attachment; filename="Ricevuta-2025-42.pdf"' },
          }),
        calls,
      ),
    );
    renderWithProviders(<FamilyReceipts receipts={RECEIPTS} />);
    await userEvent.click(screen.getByRole('button', { name: 'Scarica la ricevuta n. 2025/42' }));
    await waitFor(() => expect(saved).toEqual(['Ricevuta-2025-42.pdf']));
    expect(calls).toEqual([{ paymentId: 'payment-2', kind: 'receipt', number: '2025/42' }]);
  });

  it('says in Italian why a download failed, and the button works again', async () => {
    server.use(fn('receipt', () => ({ status: 401, json: { error: 'Sessione scaduta: inserisci di nuovo il codice fiscale.' } })));
    renderWithProviders(<FamilyReceipts receipts={RECEIPTS} />);
    const button = screen.getByRole('button', { name: 'Scarica la ricevuta n. 2025/42' });
    await userEvent.click(button);
    expect(await screen.findByRole('alert')).toHaveTextContent('Sessione scaduta: inserisci di nuovo il codice fiscale.');
    expect(button).toBeEnabled();
    expect(saved).toEqual([]);
  });

  it('lists a credit note beside the receipt it annulled, and downloads it by its number', async () => {
    const calls: unknown[] = [];
    server.use(
      fn(
        'receipt',
        () =>
          new HttpResponse('%PDF-1.7', {
            headers: { 'content-type': 'application/pdf', 'content-disposition': 'attachment; filename="Nota-di-credito-2025-3.pdf"' },
          }),
        calls,
      ),
    );
    renderWithProviders(<FamilyReceipts receipts={REFUNDED} />);
    const items = screen.getAllByRole('listitem');
    expect(items[0]).toHaveTextContent('Nota di credito n. 2025/3 · Stagione 2025 · 183,45 €storna la ricevuta n. 2025/50');
    expect(items[1]).toHaveTextContent('Ricevuta n. 2025/50 · Stagione 2025 · 183,45 €ANNULLATAannullata dalla nota di credito n. 2025/3');
    await userEvent.click(screen.getByRole('button', { name: 'Scarica la nota di credito n. 2025/3' }));
    await waitFor(() => expect(saved).toEqual(['Nota-di-credito-2025-3.pdf']));
    expect(calls).toEqual([{ paymentId: 'payment-3', kind: 'credit-note', number: '2025/3' }]);
  });

  it('shows nothing for a family without receipts', () => {
    const { container } = renderWithProviders(<FamilyReceiptsSection receipts={[]} />);
    expect(container).toBeEmptyDOMElement();
  });
});

import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { downloadReceipt, resendReceipt } from '@/features/admin/payments/api/receipts';
import { ReceiptActions } from '@/features/admin/payments/ReceiptActions';
import { UserFacingError } from '@/lib/api/functions-client';
import { renderWithProviders } from '../support/render';

/**
 * A payment row's receipt (docs/admin.md, "Receipts") against a fake of its
 * two calls (src/features/admin/payments/api/receipts.ts; admin-receipt itself runs
 * against the emulators in tests/unit/receipts/receipts.test.ts).
 */
vi.mock('@/features/admin/payments/api/receipts', () => ({ downloadReceipt: vi.fn(), resendReceipt: vi.fn() }));

beforeEach(() => vi.clearAllMocks());

describe('ReceiptActions', () => {
  it("shows the number, downloads the PDF with 'Ricevuta' and says where 'Invia di nuovo' sent it", async () => {
    vi.mocked(downloadReceipt).mockResolvedValue();
    vi.mocked(resendReceipt).mockResolvedValue(['mario.rossi@example.com']);
    renderWithProviders(<ReceiptActions paymentId="payment-1" receiptNumber="2025/7" />);
    expect(screen.getByText('Ricevuta n. 2025/7')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Scarica la ricevuta n. 2025/7' }));
    expect(downloadReceipt).toHaveBeenCalledWith('payment-1', '2025/7');
    await userEvent.click(screen.getByRole('button', { name: 'Invia di nuovo' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Ricevuta inviata a mario.rossi@example.com.');
  });

  it('says in Italian why it could not send, and both buttons work again', async () => {
    vi.mocked(resendReceipt).mockRejectedValue(
      new UserFacingError('Nessun genitore della famiglia ha un indirizzo e-mail: aggiungilo in Famiglie e riprova.', 422),
    );
    renderWithProviders(<ReceiptActions paymentId="payment-1" receiptNumber="2025/7" />);
    await userEvent.click(screen.getByRole('button', { name: 'Invia di nuovo' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Nessun genitore della famiglia ha un indirizzo e-mail');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Invia di nuovo' })).toBeEnabled());
  });

  it('marks a receipt a credit note annulled, and downloads the note and an earlier receipt by number', async () => {
    vi.mocked(downloadReceipt).mockResolvedValue();
    const documents = [
      { kind: 'receipt' as const, number: '2025/3', amountEuros: 30, annulled: true },
      { kind: 'receipt' as const, number: '2025/7', amountEuros: 30, annulled: false },
      { kind: 'credit-note' as const, number: '2025/1', amountEuros: 30, annulled: false },
    ];
    renderWithProviders(<ReceiptActions paymentId="payment-1" receiptNumber="2025/7" documents={documents} />);
    expect(screen.getByText('Ricevuta n. 2025/7')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Scarica la nota di credito n. 2025/1' }));
    expect(downloadReceipt).toHaveBeenCalledWith('payment-1', '2025/1', 'credit-note');
    expect(screen.getByRole('button', { name: 'Scarica la ricevuta n. 2025/3' })).toHaveTextContent('Ricevuta n. 2025/3 (annullata)');
  });

  it('shows nothing for a payment without a receipt', () => {
    const { container } = renderWithProviders(<ReceiptActions paymentId="payment-1" receiptNumber={null} />);
    expect(container).toBeEmptyDOMElement();
  });
});

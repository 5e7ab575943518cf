import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { OrderSummary } from '@/features/checkout/OrderSummary';
import { renderWithProviders } from '../support/render';

const LINES = [
  { plan: 'Campo Estivo - Saldo', size: '' as const, priceEuros: 180 },
  { plan: 'Campo Estivo - Saldo', size: '' as const, priceNote: '2° figlio', priceEuros: 155 },
];

describe("'Riepilogo Ordine'", () => {
  it("shows 'Commissioni Servizio' as the server priced it, and why a sibling pays less", () => {
    renderWithProviders(
      <OrderSummary lines={LINES} figures={{ amountEuros: 335, contributionEuros: 0, feeEuros: 6.56, totalEuros: 341.56 }} />,
    );
    expect(screen.getByText('Commissioni Servizio')).toBeInTheDocument();
    expect(screen.getByTestId('summary-fee')).toHaveTextContent('6,56 €');
    expect(screen.getByText('2° figlio')).toBeInTheDocument();
    expect(screen.queryByText('Contributo al fondo di solidarietà')).not.toBeInTheDocument();
  });

  it("shows the parent's 'Contributo al fondo di solidarietà' on its own line, apart from the subtotal", () => {
    renderWithProviders(
      <OrderSummary lines={LINES} figures={{ amountEuros: 335, contributionEuros: 20, feeEuros: 6.96, totalEuros: 361.96 }} />,
    );
    expect(screen.getByTestId('summary-amount')).toHaveTextContent('335,00 €');
    expect(screen.getByText('Contributo al fondo di solidarietà')).toBeInTheDocument();
    expect(screen.getByTestId('summary-contribution')).toHaveTextContent('20,00 €');
    expect(screen.getByTestId('summary-total')).toHaveTextContent('361,96 €');
  });

  it('has no fee line when the season has the card fee off (the server answered 0)', () => {
    renderWithProviders(<OrderSummary lines={LINES} figures={{ amountEuros: 335, contributionEuros: 0, feeEuros: 0, totalEuros: 335 }} />);
    expect(screen.queryByText('Commissioni Servizio')).not.toBeInTheDocument();
    expect(screen.getByTestId('summary-total')).toHaveTextContent('335,00 €');
  });
});

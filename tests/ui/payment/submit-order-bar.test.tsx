import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { FirebaseError } from 'firebase/app';
import { describe, expect, it, vi } from 'vitest';
import { SubmitOrderBar } from '@/app/payment/SubmitOrderBar';

describe('SubmitOrderBar', () => {
  it("shows the total and the method's button", async () => {
    const onSubmit = vi.fn();
    const { rerender } = render(<SubmitOrderBar method="Bonifico" totalEuros={250} saving={false} saveError={null} onSubmit={onSubmit} />);
    expect(screen.getByTestId('order-total')).toHaveTextContent('250,00 €');
    await userEvent.click(screen.getByRole('button', { name: 'Visualizza Dati Bonifico' }));
    expect(onSubmit).toHaveBeenCalledTimes(1);
    rerender(<SubmitOrderBar method="Online" totalEuros={250} saving={false} saveError={null} onSubmit={onSubmit} />);
    expect(screen.getByRole('button', { name: 'Vai al Pagamento' })).toBeInTheDocument();
  });

  it('explains a failed save in Italian and offers to retry', async () => {
    const onSubmit = vi.fn();
    render(
      <SubmitOrderBar
        method="Bonifico"
        totalEuros={250}
        saving={false}
        saveError={new FirebaseError('unavailable', 'offline')}
        onSubmit={onSubmit}
      />,
    );
    expect(screen.getByRole('alert')).toHaveTextContent("Non è stato possibile registrare l'ordine. Il servizio non è raggiungibile.");
    await userEvent.click(screen.getByRole('button', { name: 'Riprova' }));
    expect(onSubmit).toHaveBeenCalledTimes(1);
  });

  it('cannot be pressed twice while saving', () => {
    render(<SubmitOrderBar method="Bonifico" totalEuros={250} saving saveError={null} onSubmit={vi.fn()} />);
    expect(screen.getByRole('button', { name: /Visualizza Dati Bonifico/ })).toBeDisabled();
  });
});

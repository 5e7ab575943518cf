import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { previewReminders, sendReminders } from '@/features/admin/enrolment/api/reminders';
import { ReminderSection } from '@/features/admin/enrolment/ReminderSection';
import { seedCatalogue } from '@domain/catalogue/season-catalogue';
import { UserFacingError } from '@/lib/api/functions-client';
import { renderWithProviders } from '../support/render';

/**
 * 'Promemoria di pagamento' of 'Situazione iscritti' against a fake of the
 * admin-reminders calls (src/features/admin/enrolment/api/reminders.ts): the sentences
 * (src/domain/reminders/payment-reminders.ts), the query and the mutation are real.
 */
vi.mock('@/features/admin/enrolment/api/reminders', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@/features/admin/enrolment/api/reminders')>()),
  previewReminders: vi.fn(),
  sendReminders: vi.fn(),
}));

const TO_CALL = [
  { familySurname: 'Rossi', parent: 'Mario Rossi', phone: '+39 333 100 0001' },
  { familySurname: 'Esposito', parent: 'Luigi Esposito', phone: null },
];

afterEach(() => {
  vi.mocked(previewReminders).mockReset();
  vi.mocked(sendReminders).mockReset();
});

describe('ReminderSection', () => {
  it("previews the Saldo's reminders, sends them on 'Invia' and says to how many families", async () => {
    vi.mocked(previewReminders).mockResolvedValue({ families: 3, children: 4, recentlyReminded: 1, withoutEmail: TO_CALL });
    vi.mocked(sendReminders).mockResolvedValue({ sent: 3, children: 4, recentlyReminded: 1, withoutEmail: TO_CALL });
    const { user } = renderWithProviders(<ReminderSection catalogue={seedCatalogue()} />);
    expect(screen.getByLabelText('Prodotto')).toHaveValue('campo-saldo');
    await user.click(screen.getByRole('button', { name: 'Invia promemoria' }));

    const dialog = await screen.findByRole('dialog', { name: 'Promemoria Saldo' });
    expect(await within(dialog).findByText('Scriveremo a 3 famiglie (4 figli).')).toBeInTheDocument();
    expect(within(dialog).getByText('1 famiglia saltata: ha ricevuto un promemoria negli ultimi 7 giorni.')).toBeInTheDocument();
    const toCall = within(dialog).getByRole('region', { name: 'Senza e-mail (da chiamare)' });
    expect(
      within(toCall)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Famiglia Rossi: Mario Rossi — +39 333 100 0001', 'Famiglia Esposito: Luigi Esposito — nessun telefono']);
    expect(within(toCall).getByRole('link', { name: '+39 333 100 0001' })).toHaveAttribute('href', 'tel:+393331000001');
    expect(previewReminders).toHaveBeenCalledWith('campo-saldo');
    expect(sendReminders).not.toHaveBeenCalled();

    await user.click(within(dialog).getByRole('button', { name: 'Invia' }));
    expect(await within(dialog).findByText('Promemoria inviati a 3 famiglie.')).toBeInTheDocument();
    expect(vi.mocked(sendReminders).mock.calls[0]?.[0]).toBe('campo-saldo');
    expect(within(dialog).queryByRole('button', { name: 'Invia' })).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Chiudi' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it("says why there is nothing to send and offers only 'Chiudi'", async () => {
    vi.mocked(previewReminders).mockResolvedValue({ families: 0, children: 0, recentlyReminded: 2, withoutEmail: [] });
    const { user } = renderWithProviders(<ReminderSection catalogue={seedCatalogue()} />);
    await user.selectOptions(screen.getByLabelText('Prodotto'), 'Felpa');
    await user.click(screen.getByRole('button', { name: 'Invia promemoria' }));

    const dialog = await screen.findByRole('dialog', { name: 'Promemoria Felpa' });
    expect(
      await within(dialog).findByText('Nessun promemoria da inviare: 2 famiglie hanno già ricevuto un promemoria negli ultimi 7 giorni.'),
    ).toBeInTheDocument();
    expect(
      within(dialog)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['Chiudi']);
    expect(previewReminders).toHaveBeenCalledWith('felpa');
  });

  it("shows a failed preview in Italian with 'Riprova', and a failed send keeping 'Invia'", async () => {
    vi.mocked(previewReminders)
      .mockRejectedValueOnce(new UserFacingError('Il servizio non è raggiungibile. Controlla la connessione e riprova.', 0))
      .mockResolvedValue({ families: 1, children: 1, recentlyReminded: 0, withoutEmail: [] });
    vi.mocked(sendReminders).mockRejectedValue(new UserFacingError('Accesso admin richiesto.', 401));
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const { user } = renderWithProviders(<ReminderSection catalogue={seedCatalogue()} />);
    await user.click(screen.getByRole('button', { name: 'Invia promemoria' }));

    const dialog = await screen.findByRole('dialog', { name: 'Promemoria Saldo' });
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Il servizio non è raggiungibile.');
    await user.click(within(dialog).getByRole('button', { name: 'Riprova' }));
    expect(await within(dialog).findByText('Scriveremo a 1 famiglia (1 figlio).')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Invia' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Invio non riuscito. Accesso admin richiesto.');
    expect(within(dialog).getByRole('button', { name: 'Invia' })).toBeEnabled();
  });
});

import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { adminSeasonSettingsContract } from '@contracts/admin-season-settings';
import { callAdminContract } from '@/features/admin/shell/api/admin-functions';
import { SeasonSettings } from '@/features/admin/settings/SeasonSettings';
import { SEED_PRICES } from '@domain/catalogue/seed';
import { UserFacingError } from '@/lib/api/functions-client';
import { renderWithProviders } from '../support/render';

/** 'Impostazioni stagione' against a fake of its admin-function call (the function runs against the emulators in tests/unit/functions/admin-season-settings.test.ts). */
vi.mock('@/features/admin/shell/api/admin-functions', () => ({ callAdminContract: vi.fn() }));

const ON = {
  season: 2025,
  cardFee: true,
  prices: SEED_PRICES,
  products: [],
  bankAccount: { holder: 'Gruppo Scout Manziana 1', iban: 'IT60X0542811101000000123456' },
  medicalForm: { cutoff: '2025-02-01', folder: 'Documenti/Schede Mediche 2025' },
  deadlines: {},
  instalments: {},
  nextPrepared: false,
  updatedBy: null,
  updatedAt: null,
};

beforeEach(() => vi.clearAllMocks());

describe("'Impostazioni stagione'", () => {
  it('shows the card fee with the legal note and switches it off', async () => {
    vi.mocked(callAdminContract).mockImplementation((_contract, body) =>
      Promise.resolve(
        (body as { action: string }).action === 'read'
          ? ON
          : { ...ON, cardFee: false, updatedBy: 'tesoriere@example.com', updatedAt: '2025-03-01T10:00:00.000Z' },
      ),
    );
    renderWithProviders(<SeasonSettings />);
    expect(await screen.findByRole('heading', { name: 'Impostazioni stagione 2025' })).toBeInTheDocument();
    expect(screen.getByText(/D\.Lgs\. 11\/2010, art\. 3, comma 4/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Disattiva le commissioni' }));
    expect(callAdminContract).toHaveBeenCalledWith(adminSeasonSettingsContract, { action: 'update', season: 2025, cardFee: false });
    expect(await screen.findByText(/Disattivate: chi paga con carta paga solo il totale/)).toBeInTheDocument();
    expect(screen.getByText('Ultima modifica di tesoriere@example.com il 01/03/2025.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Attiva le commissioni' })).toBeInTheDocument();
  });

  it("changes the Saldo's first-child price to 190 €, shows its effect on the example family, and saves only that rule", async () => {
    const saldo190 = { ...SEED_PRICES['campo-saldo'], euros: 190 };
    vi.mocked(callAdminContract).mockImplementation((_contract, body) =>
      Promise.resolve(
        (body as { action: string }).action === 'read'
          ? ON
          : {
              ...ON,
              prices: { ...SEED_PRICES, 'campo-saldo': saldo190 },
              updatedBy: 'tesoriere@example.com',
              updatedAt: '2025-09-01T10:00:00.000Z',
            },
      ),
    );
    const user = userEvent.setup();
    renderWithProviders(<SeasonSettings />);
    const saldo = await screen.findByRole('group', { name: 'Campo Estivo - Saldo' });
    expect(within(saldo).getByLabelText('Prezzo per figlio')).toHaveValue('180,00');
    expect(screen.getByRole('button', { name: 'Salva prezzi' })).toBeDisabled();

    await user.clear(within(saldo).getByLabelText('Prezzo per figlio'));
    await user.type(within(saldo).getByLabelText('Prezzo per figlio'), '19O');
    expect(within(saldo).getByRole('alert')).toHaveTextContent('Prezzo per figlio: scrivi un importo in euro');
    expect(screen.getByRole('button', { name: 'Salva prezzi' })).toBeDisabled();

    await user.clear(within(saldo).getByLabelText('Prezzo per figlio'));
    await user.type(within(saldo).getByLabelText('Prezzo per figlio'), '190');
    const preview = screen.getByRole('region', { name: /Anteprima: una famiglia con tre figli/ });
    expect(within(preview).getByRole('row', { name: /Campo Estivo - Saldo/ })).toHaveTextContent(/490,00\s€.*500,00\s€/);
    expect(within(preview).getByRole('row', { name: /Campo Estivo - Acconto/ })).toHaveTextContent(/350,00\s€.*350,00\s€/);

    await user.click(screen.getByRole('button', { name: 'Salva prezzi' }));
    expect(callAdminContract).toHaveBeenCalledWith(adminSeasonSettingsContract, {
      action: 'update',
      season: 2025,
      prices: { 'campo-saldo': saldo190 },
    });
    expect(await screen.findByText('Prezzi salvati: valgono per gli ordini da adesso.')).toBeInTheDocument();
    expect(within(saldo).getByLabelText('Prezzo per figlio')).toHaveValue('190,00');
  });

  it("adds 'Uscita di Pasqua', 15 €, Reparto only, to the season's products, and refuses a product nobody may buy", async () => {
    const outing = { name: 'Uscita di Pasqua', price: { euros: 15 }, branches: ['Reparto'], sizes: false, closesOn: '2030-03-20' };
    vi.mocked(callAdminContract).mockImplementation((_contract, body) =>
      Promise.resolve((body as { action: string }).action === 'read' ? ON : { ...ON, products: [outing] }),
    );
    const user = userEvent.setup();
    renderWithProviders(<SeasonSettings />, { initialEntries: ['/admin/impostazioni'] });
    const form = await screen.findByRole('form', { name: 'Nuovo prodotto' });
    expect(screen.getByText('Oltre a campo, felpa e maglietta, nessun prodotto per questa stagione.')).toBeInTheDocument();

    await user.type(within(form).getByLabelText('Nome'), 'Uscita di Pasqua');
    await user.type(within(form).getByLabelText('Prezzo per figlio'), '15');
    for (const branch of ['Branco', 'Reparto', 'Clan']) await user.click(within(form).getByRole('checkbox', { name: branch }));
    await user.click(within(form).getByRole('button', { name: 'Aggiungi prodotto' }));
    expect(within(form).getByRole('alert')).toHaveTextContent('Scegli almeno una branca.');
    expect(callAdminContract).toHaveBeenCalledTimes(1);

    await user.click(within(form).getByRole('checkbox', { name: 'Reparto' }));
    await user.type(within(form).getByLabelText('Ultimo giorno per ordinare'), '2030-03-20');
    await user.click(within(form).getByRole('button', { name: 'Aggiungi prodotto' }));
    expect(callAdminContract).toHaveBeenLastCalledWith(adminSeasonSettingsContract, { action: 'update', season: 2025, products: [outing] });
    expect(await screen.findByText(/Uscita di Pasqua, 15,00 € per figlio, Reparto, chiude il 20\/03\/2030/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'pagina per le famiglie' })).toHaveAttribute('href', '/pagamenti/uscita-di-pasqua');
  });

  it("checks the account's IBAN before saving it, and saves it without spaces", async () => {
    const account = { holder: 'Gruppo Scout Manziana 1', iban: 'IT66A0306909606100000012345' };
    vi.mocked(callAdminContract).mockImplementation((_contract, body) =>
      Promise.resolve((body as { action: string }).action === 'read' ? ON : { ...ON, bankAccount: account }),
    );
    renderWithProviders(<SeasonSettings />);
    const form = within(await screen.findByRole('form', { name: 'Conto per i bonifici della stagione 2025' }));
    expect(form.getByLabelText('IBAN')).toHaveValue('IT60 X054 2811 1010 0000 0123 456');
    await userEvent.clear(form.getByLabelText('IBAN'));
    await userEvent.type(form.getByLabelText('IBAN'), 'IT67 A030 6909 6061 0000 0012 345');
    await userEvent.click(form.getByRole('button', { name: 'Salva conto' }));
    expect(form.getByText("IBAN non valido: controlla lettere e cifre (il controllo dell'IBAN non torna).")).toBeInTheDocument();
    expect(callAdminContract).toHaveBeenCalledTimes(1);

    await userEvent.clear(form.getByLabelText('IBAN'));
    await userEvent.type(form.getByLabelText('IBAN'), 'it66 a030 6909 6061 0000 0012 345');
    await userEvent.click(form.getByRole('button', { name: 'Salva conto' }));
    expect(callAdminContract).toHaveBeenCalledWith(adminSeasonSettingsContract, { action: 'update', season: 2025, bankAccount: account });
    expect(await screen.findByText('Conto salvato: le famiglie vedono questi dati da adesso.')).toBeInTheDocument();
  });

  it("'Nuova stagione 2026' prepares the next season and shows it, while families still see 2025", async () => {
    const next = {
      ...ON,
      season: 2026,
      medicalForm: { cutoff: '2026-02-01', folder: 'Documenti/Schede Mediche 2026' },
      nextPrepared: true,
    };
    let prepared = false;
    vi.mocked(callAdminContract).mockImplementation((_contract, body) => {
      const { action, season } = body as { action: string; season?: number };
      if (action === 'newSeason') {
        prepared = true;
        return Promise.resolve(next);
      }
      return Promise.resolve(season === 2026 ? next : { ...ON, nextPrepared: prepared });
    });
    renderWithProviders(<SeasonSettings />);
    await userEvent.click(await screen.findByRole('button', { name: 'Nuova stagione 2026' }));
    expect(await screen.findByRole('heading', { name: 'Impostazioni stagione 2026' })).toBeInTheDocument();
    expect(screen.getByText(/Le famiglie vedono ancora la stagione 2025/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Prossima stagione 2026', pressed: true })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Cartella su Cloudinary' })).toHaveValue('Documenti/Schede Mediche 2026');

    await userEvent.click(screen.getByRole('button', { name: 'Stagione in corso 2025' }));
    expect(await screen.findByRole('heading', { name: 'Impostazioni stagione 2025' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Cartella su Cloudinary' })).toHaveValue('Documenti/Schede Mediche 2025');
    expect(screen.queryByRole('button', { name: 'Nuova stagione 2026' })).not.toBeInTheDocument();
  });

  it("checks the medical form's folder before saving it", async () => {
    vi.mocked(callAdminContract).mockResolvedValue(ON);
    renderWithProviders(<SeasonSettings />);
    const form = await screen.findByRole('form', { name: 'Scheda medica della stagione 2025' });
    const folder = within(form).getByRole('textbox', { name: 'Cartella su Cloudinary' });
    await userEvent.clear(folder);
    await userEvent.type(folder, '../Schede');
    await userEvent.click(within(form).getByRole('button', { name: 'Salva scheda medica' }));
    expect(within(form).getByText(/Cartella non valida/)).toBeInTheDocument();
    expect(callAdminContract).not.toHaveBeenCalledWith(adminSeasonSettingsContract, expect.objectContaining({ action: 'update' }));

    await userEvent.clear(folder);
    await userEvent.type(folder, 'Schede/Campo 2025');
    await userEvent.click(within(form).getByRole('button', { name: 'Salva scheda medica' }));
    expect(callAdminContract).toHaveBeenCalledWith(adminSeasonSettingsContract, {
      action: 'update',
      season: 2025,
      medicalForm: { cutoff: '2025-02-01', folder: 'Schede/Campo 2025' },
    });
  });

  it("sets 'Rate' on the T-shirt: 3 rate, the first at ordering, days checked in order before saving; none on the camp", async () => {
    vi.mocked(callAdminContract).mockImplementation((_contract, body) => {
      const request = body as { action: string; instalments?: Record<string, unknown> };
      return Promise.resolve(request.action === 'read' ? ON : { ...ON, instalments: request.instalments ?? {} });
    });
    const user = userEvent.setup();
    renderWithProviders(<SeasonSettings />);
    const form = await screen.findByRole('form', { name: 'Maglietta Gruppo' });
    expect(within(form).getByText('Ora: nessuna rata.')).toBeInTheDocument();
    expect(screen.getByLabelText('Rate di Felpa Reparto')).toHaveValue('');
    expect(screen.queryByLabelText(/Rate di Campo Estivo/)).not.toBeInTheDocument();

    await user.selectOptions(within(form).getByLabelText('Rate di Maglietta Gruppo'), '3 rate');
    await user.click(within(form).getByRole('checkbox', { name: 'Prima rata all’ordine' }));
    await user.type(within(form).getByLabelText('Scadenza rata 2'), '2025-05-15');
    await user.type(within(form).getByLabelText('Scadenza rata 3'), '2025-03-15');
    await user.click(within(form).getByRole('button', { name: 'Salva rate di Maglietta Gruppo' }));
    expect(within(form).getByRole('alert')).toHaveTextContent('Le scadenze delle rate vanno in ordine, una dopo l’altra.');
    expect(callAdminContract).not.toHaveBeenCalledWith(adminSeasonSettingsContract, expect.objectContaining({ action: 'update' }));

    await user.clear(within(form).getByLabelText('Scadenza rata 2'));
    await user.type(within(form).getByLabelText('Scadenza rata 2'), '2025-02-15');
    await user.click(within(form).getByRole('button', { name: 'Salva rate di Maglietta Gruppo' }));
    expect(callAdminContract).toHaveBeenCalledWith(adminSeasonSettingsContract, {
      action: 'update',
      season: 2025,
      instalments: { maglietta: { due: [null, '2025-02-15', '2025-03-15'] } },
    });
    expect(await within(form).findByText('Ora: 3 rate: all’ordine, 15/02/2025, 15/03/2025.')).toBeInTheDocument();

    await user.selectOptions(within(form).getByLabelText('Rate di Maglietta Gruppo'), 'Nessuna rata');
    await user.click(within(form).getByRole('button', { name: 'Salva rate di Maglietta Gruppo' }));
    expect(callAdminContract).toHaveBeenLastCalledWith(adminSeasonSettingsContract, { action: 'update', season: 2025, instalments: {} });
  });

  it("shows the server's refusal of a plan in Italian next to its product", async () => {
    vi.mocked(callAdminContract).mockImplementation((_contract, body) =>
      (body as { action: string }).action === 'read'
        ? Promise.resolve(ON)
        : Promise.reject(new UserFacingError('Rate: Le scadenze delle rate sono tra il 01/10/2024 e il 30/09/2025.', 400)),
    );
    const user = userEvent.setup();
    renderWithProviders(<SeasonSettings />);
    const form = await screen.findByRole('form', { name: 'Felpa Reparto' });
    await user.selectOptions(within(form).getByLabelText('Rate di Felpa Reparto'), '2 rate');
    await user.type(within(form).getByLabelText('Scadenza rata 1'), '2025-01-10');
    await user.type(within(form).getByLabelText('Scadenza rata 2'), '2025-02-10');
    await user.click(within(form).getByRole('button', { name: 'Salva rate di Felpa Reparto' }));
    expect(await within(form).findByText(/Rate: Le scadenze delle rate sono tra il 01\/10\/2024/)).toBeInTheDocument();
    expect(screen.getByRole('form', { name: 'Maglietta Gruppo' })).not.toHaveTextContent('Rate:');
  });
});

import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { FamilyReductionView } from '@contracts/admin-family-reduction';
import { SEED_PRICES } from '@domain/catalogue/seed';
import { callAdminContract } from '@/features/admin/shell/api/admin-functions';
import { FamilyReduction } from '@/features/admin/families/FamilyReduction';
import { UserFacingError } from '@/lib/api/functions-client';
import { renderWithProviders } from '../support/render';

/**
 * 'Riduzione' on a family's page against a fake of admin-family-reduction
 * (the family's reductions as the function keeps them) and of
 * admin-season-settings (the spec's catalogue).
 */
let stored: FamilyReductionView[] = [];
vi.mock('@/features/admin/shell/api/admin-functions', () => ({ callAdminContract: vi.fn() }));

const SETTINGS = {
  season: 2025,
  cardFee: true,
  prices: SEED_PRICES,
  products: [],
  bankAccount: { holder: 'Gruppo', iban: 'IT60X0542811101000000123456' },
  medicalForm: { cutoff: '2025-02-01', folder: 'Documenti/Schede Mediche 2025' },
  deadlines: {},
  nextPrepared: false,
  updatedBy: null,
  updatedAt: null,
};

beforeEach(() => {
  stored = [];
  vi.mocked(callAdminContract).mockClear();
  vi.mocked(callAdminContract).mockImplementation((contract: { name: string }, request: Record<string, unknown>) => {
    if (contract.name === 'admin-season-settings') return Promise.resolve(SETTINGS);
    if (request.action === 'set') {
      stored = [
        {
          product: request.product as string,
          plan: 'Campo Estivo - Saldo',
          kind: request.kind as 'amount',
          value: request.value as number,
          reason: request.reason as string,
          updatedAt: '2025-05-01T10:00:00.000Z',
          updatedBy: 'tesoriere@example.com',
        },
      ];
    }
    if (request.action === 'remove') stored = stored.filter((reduction) => reduction.product !== request.product);
    return Promise.resolve({ reductions: stored });
  });
});

const show = () => renderWithProviders(<FamilyReduction familyId="family-rossi" />, { staff: { role: 'tesoriere' } });

describe("'Riduzione' on a family's page", () => {
  it('sets 50 € off the Saldo with its reason, shows it, and removes it', async () => {
    const { user } = show();
    const section = await screen.findByRole('region', { name: 'Riduzione' });
    expect(await within(section).findByText('Nessuna riduzione in questa stagione.')).toBeInTheDocument();
    await user.click(within(section).getByRole('button', { name: 'Nuova riduzione' }));
    await user.selectOptions(within(section).getByRole('combobox', { name: 'Prodotto' }), 'Campo Estivo - Saldo');
    await user.type(within(section).getByRole('textbox', { name: 'Importo (€)' }), '50,00');
    await user.click(within(section).getByRole('button', { name: 'Salva riduzione' }));
    expect(within(section).getByText('Scrivi il motivo: lo vedono solo l’admin e il tesoriere.')).toBeInTheDocument();
    await user.type(within(section).getByRole('textbox', { name: 'Motivo (solo per admin e tesoriere)' }), 'Fondo di solidarietà');
    await user.click(within(section).getByRole('button', { name: 'Salva riduzione' }));
    expect(await within(section).findByText('Campo Estivo - Saldo: − 50,00 €')).toBeInTheDocument();
    expect(within(section).getByText('Motivo: Fondo di solidarietà (tesoriere@example.com)')).toBeInTheDocument();
    expect(callAdminContract).toHaveBeenCalledWith(expect.objectContaining({ name: 'admin-family-reduction' }), {
      action: 'set',
      familyId: 'family-rossi',
      product: 'campo-saldo',
      kind: 'amount',
      value: 50,
      reason: 'Fondo di solidarietà',
    });

    await user.click(within(section).getByRole('button', { name: 'Rimuovi la riduzione di Campo Estivo - Saldo' }));
    expect(await within(section).findByText('Nessuna riduzione in questa stagione.')).toBeInTheDocument();
  });

  it('refuses a percentage over 100 before sending, and shows the server’s refusal', async () => {
    const { user } = show();
    const section = await screen.findByRole('region', { name: 'Riduzione' });
    await within(section).findByText('Nessuna riduzione in questa stagione.');
    await user.click(within(section).getByRole('button', { name: 'Nuova riduzione' }));
    await user.selectOptions(within(section).getByRole('combobox', { name: 'Prodotto' }), 'Campo Estivo - Saldo');
    await user.selectOptions(within(section).getByRole('combobox', { name: 'Tipo di riduzione' }), 'Percentuale');
    await user.type(within(section).getByRole('textbox', { name: 'Percentuale (%)' }), '120');
    await user.type(within(section).getByRole('textbox', { name: 'Motivo (solo per admin e tesoriere)' }), 'Aiuto');
    await user.click(within(section).getByRole('button', { name: 'Salva riduzione' }));
    expect(within(section).getByText('Una riduzione in percentuale è al massimo del 100%.')).toBeInTheDocument();
    expect(callAdminContract).not.toHaveBeenCalledWith(expect.anything(), expect.objectContaining({ action: 'set' }));

    vi.mocked(callAdminContract).mockRejectedValueOnce(new UserFacingError('La famiglia non esiste più. Aggiorna la pagina.', 404));
    await user.clear(within(section).getByRole('textbox', { name: 'Percentuale (%)' }));
    await user.type(within(section).getByRole('textbox', { name: 'Percentuale (%)' }), '10');
    await user.click(within(section).getByRole('button', { name: 'Salva riduzione' }));
    expect(await within(section).findByText(/Riduzione non salvata\. La famiglia non esiste più/)).toBeInTheDocument();
  });
});

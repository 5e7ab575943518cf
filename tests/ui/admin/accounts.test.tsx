import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { AccountsReport } from '@contracts/admin-accounts';
import { SEASON } from '@config/season';
import { Accounts } from '@/features/admin/accounts/Accounts';
import { callAdminAction, fetchAdminContractFile } from '@/features/admin/shell/api/admin-functions';
import { saveFile } from '@/lib/save-file';
import { renderWithProviders } from '../support/render';

/** 'Rendiconto' against a fake of admin-accounts (the function runs against the emulator in tests/unit/functions/admin-accounts.test.ts). */
vi.mock('@/features/admin/shell/api/admin-functions', () => ({ callAdminAction: vi.fn(), fetchAdminContractFile: vi.fn() }));
vi.mock('@/lib/save-file', () => ({ saveFile: vi.fn() }));

const START = SEASON.campYear - 1;
const report = (ties: boolean): AccountsReport => ({
  year: {
    startYear: START,
    label: `${START}/${START + 1}`,
    firstDay: `${START}-10-01`,
    lastDay: `${START + 1}-09-30`,
    campYear: SEASON.campYear,
  },
  ledger: [
    {
      day: `${START + 1}-03-10`,
      document: `Ricevuta n. ${START + 1}/1`,
      family: 'Bianchi',
      product: 'Campo Estivo - Acconto',
      method: 'Carta',
      inEuros: 100,
      outEuros: 0,
      line: 'A3',
      bank: '',
    },
  ],
  income: [
    {
      code: 'A3',
      section: 'A',
      label: 'Entrate per prestazioni e cessioni ad associati e fondatori',
      inEuros: 100,
      outEuros: 0,
      netEuros: 100,
    },
    { code: 'A4', section: 'A', label: 'Erogazioni liberali', inEuros: 0, outEuros: 0, netEuros: 0 },
  ],
  totals: { inEuros: 100, outEuros: 0, netEuros: 100 },
  tieOut: {
    ledgerNetEuros: 100,
    paymentsConfirmedEuros: ties ? 100 : 130,
    contributionsConfirmedEuros: 0,
    partialRefundsEuros: 0,
    otherSeasonsEuros: 0,
    outsideYearEuros: 0,
    differenceEuros: ties ? 0 : -30,
    ties,
    bankLinesEuros: 0,
    bankOrdersEuros: 0,
    bankTies: true,
    feesNetEuros: 0,
  },
  products: [
    { product: 'Campo Estivo - Acconto', line: 'A3', mapped: false },
    { product: 'Felpa Reparto', line: 'A3', mapped: true },
  ],
});

beforeEach(() => {
  vi.clearAllMocks();
  vi.mocked(callAdminAction).mockImplementation((_contract, request) =>
    Promise.resolve((request as { action: string }).action === 'report' ? report(true) : { products: report(true).products }),
  );
  vi.mocked(fetchAdminContractFile).mockResolvedValue({ blob: new Blob(['x']), filename: `rendiconto-${START}-${START + 1}.xlsx` });
});

describe("'Rendiconto'", () => {
  it('shows that the year ties, its income by line and its ledger, and downloads the XLSX', async () => {
    const { user } = renderWithProviders(<Accounts />);
    expect(await screen.findByText('Quadra al centesimo')).toBeInTheDocument();
    const income = screen.getByRole('region', { name: 'Entrate per voce, scorrevole' });
    expect(within(income).getByText('Entrate per prestazioni e cessioni ad associati e fondatori')).toBeInTheDocument();
    // A line with nothing on it is left out of the page (the files list every line).
    expect(within(income).queryByText('Erogazioni liberali')).toBeNull();
    expect(screen.getAllByTestId('ledger-row')[0]).toHaveTextContent(`10/03/${START + 1}Ricevuta n. ${START + 1}/1Bianchi`);
    await user.click(screen.getByRole('button', { name: 'Scarica XLSX' }));
    expect(fetchAdminContractFile).toHaveBeenCalledWith(
      expect.objectContaining({ name: 'admin-accounts' }),
      { action: 'report', year: START, format: 'xlsx', table: 'ledger' },
      `rendiconto-${START}-${START + 1}.xlsx`,
    );
    expect(saveFile).toHaveBeenCalled();
  });

  it('says when the year does not tie, and by how much', async () => {
    vi.mocked(callAdminAction).mockResolvedValue(report(false));
    renderWithProviders(<Accounts />);
    expect(await screen.findByText('Non quadra')).toBeInTheDocument();
    expect(screen.getByText(/differenza -30,00 €/)).toBeInTheDocument();
  });

  it("saves only the products whose line the treasurer changed ('Salva voci')", async () => {
    const { user } = renderWithProviders(<Accounts />);
    const felpa = await screen.findByRole('combobox', { name: 'Felpa Reparto' });
    expect(screen.getByRole('combobox', { name: 'Campo Estivo - Acconto (proposta, non ancora scelta)' })).toHaveValue('A3');
    expect(screen.getByRole('button', { name: 'Salva voci' })).toBeDisabled();
    await user.selectOptions(felpa, 'B1');
    await user.click(screen.getByRole('button', { name: 'Salva voci' }));
    expect(callAdminAction).toHaveBeenCalledWith(
      expect.objectContaining({ name: 'admin-accounts' }),
      { action: 'mapping', lines: { 'Felpa Reparto': 'B1' } },
      expect.anything(),
    );
    expect(await screen.findByText('Voci salvate.')).toBeInTheDocument();
  });
});

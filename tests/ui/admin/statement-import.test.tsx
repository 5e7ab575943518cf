import { screen, within } from '@testing-library/react';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { confirmStatement, matchStatement, type MatchedLine } from '@/features/admin/statement/api/statement';
import { StatementImport } from '@/features/admin/statement/StatementImport';
import { renderWithProviders } from '../support/render';

/** 'Estratto conto' against a fake of admin-statement (the function runs against the emulator in tests/unit/functions/admin-statement.test.ts). */
vi.mock('@/features/admin/statement/api/statement', () => ({ matchStatement: vi.fn(), confirmStatement: vi.fn() }));

const SAMPLES = path.resolve(import.meta.dirname, '../../../docs/samples');
const BANKS = path.resolve(import.meta.dirname, '../../fixtures/bank-statements');
const order = (paymentId: string, familySurname: string, totalEuros: number, reference: string) => ({
  paymentId,
  familyId: `family-${familySurname.toLowerCase()}`,
  familySurname,
  plan: 'Campo Estivo - Acconto',
  totalEuros,
  reference,
});

beforeEach(() => {
  vi.clearAllMocks();
  localStorage.clear();
  // Every line the sample holds: the first a sure match, the tenth a probable one, the others not matched.
  vi.mocked(matchStatement).mockImplementation((lines) =>
    Promise.resolve(
      lines.map((_line, index): MatchedLine => {
        if (index === 0)
          return {
            lineId: 'l0',
            kind: 'Corrisponde',
            payments: [order('p-rossi', 'Rossi', 100, 'CE25-RM2A')],
            candidates: [],
            problem: null,
            probable: false,
            reason: null,
          };
        if (index === 9)
          return {
            lineId: 'l9',
            kind: 'Probabile',
            payments: [order('p-luca', 'Rossi', 15, 'MG25-RL4M')],
            candidates: [],
            problem: null,
            probable: true,
            reason: "Nessun codice: l'unico ordine di 15,00 € della famiglia Rossi.",
          };
        if (index === 5)
          return {
            lineId: 'l5',
            kind: 'Cumulativo',
            payments: [order('p-pietro', 'Neri', 100, 'CE25-NP2A'), order('p-elisa', 'Neri', 150, 'CE25-NE3B')],
            candidates: [],
            problem: null,
            probable: true,
            reason:
              'Nessun codice: importo uguale alla somma di «Campo Estivo - Acconto» (100,00 €) e «Campo Estivo - Acconto» (150,00 €) per la famiglia Neri.',
          };
        return { lineId: `l${index}`, kind: 'Non abbinato', payments: [], candidates: [], problem: null, probable: false, reason: null };
      }),
    ),
  );
  vi.mocked(confirmStatement).mockResolvedValue({ confirmed: 2, skipped: 0, refused: [] });
});

describe("'Estratto conto'", () => {
  it('reads the CAMT.053 sample, ticks the sure match, leaves the probable one to the treasurer, and confirms the ticked lines', async () => {
    const { user } = renderWithProviders(<StatementImport />);
    const xml = readFileSync(path.join(SAMPLES, 'estratto-conto.camt053.xml'), 'utf8');
    await user.upload(screen.getByLabelText('Importa estratto conto'), new File([xml], 'estratto.xml', { type: 'application/xml' }));
    const rows = await screen.findAllByTestId('statement-row');
    expect(rows).toHaveLength(12);
    expect(vi.mocked(matchStatement).mock.calls[0]?.[0]).toHaveLength(12);
    const [first] = rows;
    expect(first).toHaveTextContent(
      /02\/06\/2025\s*100,00 €\s*ACCONTO CAMPO SCOUT 2025 - ROSSI CE25-RM2A\s*ROSSI MARIO\s*Corrisponde\s*Rossi · Campo Estivo - Acconto · 100,00 € · CE25-RM2A/,
    );
    expect(within(first!).getByRole('checkbox')).toBeChecked();
    // A combined transfer without codes: proposed with why, never ticked for the treasurer.
    expect(rows[5]).toHaveTextContent(
      /Cumulativo \(probabile\)\s*Nessun codice: importo uguale alla somma di «Campo Estivo - Acconto» \(100,00 €\) e «Campo Estivo - Acconto» \(150,00 €\) per la famiglia Neri\./,
    );
    expect(within(rows[5]!).getByRole('checkbox')).not.toBeChecked();
    expect(rows[9]).toHaveTextContent("Nessun codice: l'unico ordine di 15,00 € della famiglia Rossi.");
    const probable = within(rows[9]!).getByRole('checkbox');
    expect(probable).not.toBeChecked();
    await user.click(probable);
    await user.click(screen.getByRole('button', { name: 'Conferma selezionati (2)' }));
    expect(confirmStatement).toHaveBeenCalledWith([
      { line: expect.objectContaining({ bankReference: 'CE25RM2A01' }), paymentIds: ['p-rossi'] },
      { line: expect.objectContaining({ bankReference: 'ROSSI15001' }), paymentIds: ['p-luca'] },
    ]);
    expect(await screen.findByText('Confermati 2 ordini: ricevute emesse e famiglie avvisate.')).toBeInTheDocument();
  });

  it('offers the columns of a CSV by default and lists the rows it cannot read before matching', async () => {
    const { user } = renderWithProviders(<StatementImport />);
    const csv = `${readFileSync(path.join(SAMPLES, 'estratto-conto.csv'), 'utf8')}31/13/2025;;;12,00;ERRATA;X\r\n`;
    await user.upload(screen.getByLabelText('Importa estratto conto'), new File([csv], 'estratto.csv', { type: 'text/csv' }));
    expect(await screen.findByRole('combobox', { name: 'Importo accreditato' })).toHaveDisplayValue('Avere');
    expect(screen.getByRole('combobox', { name: 'Importo addebitato' })).toHaveDisplayValue('Dare');
    expect(screen.getByRole('combobox', { name: 'Data' })).toHaveDisplayValue('Data contabile');
    expect(screen.getByRole('combobox', { name: 'Descrizione' })).toHaveDisplayValue('Descrizione operazione');
    expect(screen.getByRole('combobox', { name: 'Ordinante' })).toHaveDisplayValue('Ordinante');
    await user.click(screen.getByRole('button', { name: 'Abbina' }));
    expect(await screen.findByText('Riga 15: Data non leggibile: «31/13/2025».')).toBeInTheDocument();
    expect(await screen.findAllByTestId('statement-row')).toHaveLength(12);
    expect(vi.mocked(matchStatement).mock.calls[0]?.[0]).toHaveLength(12);
  });

  it("reads Intesa Sanpaolo's export below its title block, lists every row skipped with why, and remembers the columns for that bank: next time one click", async () => {
    const { user } = renderWithProviders(<StatementImport />);
    const upload = async (name: string) =>
      user.upload(screen.getByLabelText('Importa estratto conto'), new File([readFileSync(path.join(BANKS, name))], name));
    await upload('intesa-lista-movimenti.xlsx');
    expect(await screen.findByRole('combobox', { name: 'Descrizione' })).toHaveDisplayValue('Descrizione estesa');
    expect(screen.queryByRole('button', { name: 'Usa le colonne salvate per questa banca' })).not.toBeInTheDocument();
    // The treasurer prefers the value day: changed, then confirmed with 'Abbina'.
    await user.selectOptions(screen.getByRole('combobox', { name: 'Data' }), 'Data valuta');
    await user.click(screen.getByRole('button', { name: 'Abbina' }));
    expect(await screen.findAllByTestId('statement-row')).toHaveLength(4);
    expect(screen.getByTestId('credits-total')).toHaveTextContent('1560,00 € (4 righe)');
    // 28 title rows and the header, two balances, two debits.
    expect(screen.getByText('Righe saltate (33)')).toBeInTheDocument();
    const skipped = screen.getAllByTestId('skipped-row').map((row) => row.textContent);
    expect(skipped).toContain('Riga 30: Saldo · Saldo contabile iniziale in Euro · 8000');
    expect(skipped).toContain('Riga 37: Saldo · Saldo contabile finale in Euro · 9194,5');
    expect(skipped.filter((text) => text?.includes(': Addebito'))).toHaveLength(2);

    // Another bank's file: its own columns, nothing saved for it.
    await upload('n26.csv');
    expect(await screen.findByRole('combobox', { name: 'Descrizione' })).toHaveDisplayValue('Payment Reference');
    expect(screen.queryByRole('button', { name: 'Usa le colonne salvate per questa banca' })).not.toBeInTheDocument();

    // The same bank again: its saved columns, one click.
    vi.mocked(matchStatement).mockClear();
    await upload('intesa-lista-movimenti.xlsx');
    await user.click(await screen.findByRole('button', { name: 'Usa le colonne salvate per questa banca' }));
    expect(screen.getByRole('combobox', { name: 'Data' })).toHaveDisplayValue('Data valuta');
    expect(await screen.findAllByTestId('statement-row')).toHaveLength(4);
    expect(vi.mocked(matchStatement).mock.calls).toHaveLength(1);
    expect(vi.mocked(matchStatement).mock.calls[0]?.[0]).toHaveLength(4);
  });

  it("shows the credits' total beside the one the file states", async () => {
    const { user } = renderWithProviders(<StatementImport />);
    const name = 'fineco-movimenti.xlsx';
    await user.upload(screen.getByLabelText('Importa estratto conto'), new File([readFileSync(path.join(BANKS, name))], name));
    await user.click(await screen.findByRole('button', { name: 'Abbina' }));
    expect(await screen.findByTestId('stated-total')).toHaveTextContent('1560,00 €');
    expect(screen.getByTestId('credits-total')).toHaveTextContent('1560,00 € (4 righe)');
    expect(screen.queryByText(/non coincide/)).not.toBeInTheDocument();
  });
});

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

  it('maps the columns of a CSV once, remembers them, and lists the rows it cannot read before matching', async () => {
    const { user } = renderWithProviders(<StatementImport />);
    const csv = `${readFileSync(path.join(SAMPLES, 'estratto-conto.csv'), 'utf8')}31/13/2025;;;12,00;ERRATA;X\r\n`;
    await user.upload(screen.getByLabelText('Importa estratto conto'), new File([csv], 'estratto.csv', { type: 'text/csv' }));
    expect(await screen.findByRole('combobox', { name: 'Importo accreditato' })).toHaveValue('Avere');
    expect(screen.getByRole('combobox', { name: 'Data' })).toHaveValue('Data contabile');
    await user.click(screen.getByRole('button', { name: 'Abbina' }));
    expect(await screen.findByText('Riga 15: Data non leggibile: «31/13/2025».')).toBeInTheDocument();
    expect(await screen.findAllByTestId('statement-row')).toHaveLength(12);
    expect(JSON.parse(localStorage.getItem('estratto-conto-colonne') ?? '{}')).toMatchObject({
      amount: 'Avere',
      orderingParty: 'Ordinante',
    });
  });
});

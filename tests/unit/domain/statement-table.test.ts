import { describe, expect, it } from 'vitest';
import { findHeaderRow, guessStatementColumns, headerKey } from '@domain/statement/statement-columns';
import { readStatementTable } from '@domain/statement/statement-table';
import { readStatementAmount, readStatementDay } from '@domain/statement/statement-values';

describe("a statement's days as banks write them", () => {
  it('reads dd/mm/yyyy, dd/mm/yy, dd.mm.yyyy and yyyy-mm-dd, with or without a time', () => {
    expect(readStatementDay('2/6/2030')).toBe('2030-06-02');
    expect(readStatementDay('09/06/25')).toBe('2025-06-09');
    expect(readStatementDay('09.06.2025')).toBe('2025-06-09');
    expect(readStatementDay('2030-06-02')).toBe('2030-06-02');
    expect(readStatementDay('2025-06-09 10:31:02')).toBe('2025-06-09');
    expect(readStatementDay('2025-06-09T23:59:00Z')).toBe('2025-06-09');
    expect(readStatementDay('09/06/2025 10:31')).toBe('2025-06-09');
  });

  it('reads a date cell and an Excel serial, and refuses a day that does not exist or a number that is no day', () => {
    expect(readStatementDay(new Date('2025-06-09T00:00:00Z'))).toBe('2025-06-09');
    expect(readStatementDay(45817)).toBe('2025-06-09');
    expect(readStatementDay(100)).toBeNull();
    expect(readStatementDay('31/13/2030')).toBeNull();
    expect(readStatementDay('30/02/2030')).toBeNull();
    expect(readStatementDay('Saldo al')).toBeNull();
  });
});

describe("a statement's amounts as banks write them", () => {
  it('reads Italian and English separators, a leading € or +, signs and spreadsheet numbers', () => {
    expect(readStatementAmount('1.234,56')).toBe(1234.56);
    expect(readStatementAmount('1,234.56')).toBe(1234.56);
    expect(readStatementAmount('100,00 €')).toBe(100);
    expect(readStatementAmount('€ -43,20')).toBe(-43.2);
    expect(readStatementAmount('+1.250,00')).toBe(1250);
    expect(readStatementAmount('1.250')).toBe(1250);
    expect(readStatementAmount('-5.95')).toBe(-5.95);
    expect(readStatementAmount('EUR 12,5')).toBe(12.5);
    expect(readStatementAmount(15)).toBe(15);
  });

  it('refuses text, three decimals that are no thousands, and two decimal separators', () => {
    expect(readStatementAmount('cento')).toBeNull();
    expect(readStatementAmount('1,2345')).toBeNull();
    expect(readStatementAmount('1.2.3')).toBeNull();
    expect(readStatementAmount('')).toBeNull();
  });
});

/** A Fineco-like export: a title block, Entrate/Uscite, a short and a complete description, a total. */
const TITLED = [
  ['Conto Corrente: 1234567'],
  ['Saldo iniziale: 8.000,00', null, '30/06/2025'],
  [],
  ['Data', 'Entrate', 'Uscite', 'Descrizione', 'Descrizione_Completa', 'Ordinante'],
  ['02/06/2025', '100,00', '', 'Bonifico', 'Causale: ACCONTO CAMPO SCOUT 2025 - ROSSI CE25-7K3Q', 'ROSSI MARIO'],
  ['03/06/2025', '', '-45,00', 'Pagamento', 'COMMISSIONI', ''],
  [],
  ['09/06/2025', '180,00', '', 'Bonifico', 'Causale: SALDO CAMPO SCOUT 2025 - VERDI', 'VERDI PAOLO'],
  ['30/06/2025', '9.194,50', '', 'Saldo finale', '', ''],
  ['31/06/2025', '12,00', '', 'Bonifico', 'GIORNO SBAGLIATO', ''],
  ['Totale', '280,00', '-45,00'],
  [],
  [],
];

describe('an export with a title block, balances and a total', () => {
  it('finds the header below the title block and offers the columns that carry each field', () => {
    expect(findHeaderRow(TITLED)).toBe(3);
    const header = TITLED[3] as string[];
    expect(guessStatementColumns(header, TITLED.slice(4))).toEqual({
      date: 0,
      amount: 1,
      debit: 2,
      description: 4,
      texts: [3],
      orderingParty: 5,
    });
  });

  it('reads every row: the credits, and each other row skipped with why or listed as unreadable', () => {
    const columns = guessStatementColumns(TITLED[3] as string[], TITLED.slice(4))!;
    const table = readStatementTable(TITLED, 3, columns);
    expect(table.credits).toEqual([
      {
        row: 5,
        line: {
          bankReference: '',
          date: '2025-06-02',
          amountEuros: 100,
          description: 'Causale: ACCONTO CAMPO SCOUT 2025 - ROSSI CE25-7K3Q | Bonifico',
          orderingParty: 'ROSSI MARIO',
        },
      },
      expect.objectContaining({ row: 8, line: expect.objectContaining({ date: '2025-06-09', amountEuros: 180 }) }),
    ]);
    expect(table.skipped.map((row) => [row.row, row.reason])).toEqual([
      [1, 'Intestazione'],
      [2, 'Intestazione'],
      [3, 'Riga vuota'],
      [4, 'Intestazione'],
      [6, 'Addebito'],
      [7, 'Riga vuota'],
      [9, 'Saldo'],
      [11, 'Totale'],
    ]);
    expect(table.problems).toEqual([{ row: 10, message: 'Data non leggibile: «31/06/2025».' }]);
    expect(table.creditsEuros).toBe(280);
    expect(table.statedCreditsEuros).toBe(280);
  });

  it("keeps a signed amount's negatives as debits, and a 'Totale entrate' as the file's total", () => {
    const rows = [
      ['Data contabile', 'Data valuta', 'Causale', 'Descrizione operazione', 'Importo'],
      ['02/06/2025', '02/06/2025', 'BONIFICO A VOSTRO FAVORE', 'BONIFICO SEPA DA ROSSI MARIO CAUSALE ACCONTO CE25-7K3Q', '€ 100,00'],
      ['04/06/2025', '04/06/2025', 'PAGAMENTO', 'COMMISSIONI SU BONIFICI DI MAGGIO', '€ -45,00'],
      ['', '', '', 'Totale uscite', '€ -45,00'],
      ['', '', '', 'Totale entrate', '€ 120,00'],
    ];
    const columns = guessStatementColumns(rows[0]!, rows.slice(1))!;
    expect(columns).toMatchObject({ date: 0, amount: 4, debit: null, description: 3, texts: [2] });
    const table = readStatementTable(rows, 0, columns);
    expect(table.credits.map((credit) => credit.line.amountEuros)).toEqual([100]);
    expect(table.statedCreditsEuros).toBe(120);
  });

  it('remembers a header by its titles, whatever their case or underscores', () => {
    expect(headerKey(['Data', 'Descrizione_Completa'])).toBe(headerKey(['DATA', 'descrizione completa']));
    expect(headerKey(['Data', 'Importo'])).not.toBe(headerKey(['Data', 'Avere']));
  });
});

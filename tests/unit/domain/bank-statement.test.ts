import { describe, expect, it } from 'vitest';
import {
  matchStatementLine,
  readStatementAmount,
  readStatementDay,
  statementLineKey,
  statementLinesFromTable,
  surnameKeysIn,
  type OpenTransfer,
  type StatementLine,
} from '@domain/bank-statement';

const line = (fields: Partial<StatementLine>): StatementLine => ({
  bankReference: '',
  date: '2030-06-02',
  amountEuros: 100,
  description: '',
  orderingParty: '',
  ...fields,
});
const order = (reference: string, familyId: string, familySurname: string, totalEuros: number): OpenTransfer => ({
  paymentId: `payment-${reference}`,
  familyId,
  familySurname,
  plan: 'Campo Estivo - Acconto',
  totalEuros,
  reference,
});
const ROSSI = order('CE30-AAAA', 'f-rossi', 'Rossi', 100);
const ROSSI_2 = order('CE30-BBBB', 'f-rossi', 'Rossi', 80);
const VERDI = order('MG30-CCCC', 'f-verdi', 'Verdi', 15);
const byReference = new Map([ROSSI, ROSSI_2, VERDI].map((entry) => [entry.reference!, entry]));
const none = () => [];

describe("a statement's amounts and days as banks export them", () => {
  it('reads Italian amounts, signed amounts and spreadsheet numbers', () => {
    expect(readStatementAmount('1.234,56')).toBe(1234.56);
    expect(readStatementAmount('100,00 €')).toBe(100);
    expect(readStatementAmount('-45,00')).toBe(-45);
    expect(readStatementAmount(15)).toBe(15);
    expect(readStatementAmount('cento')).toBeNull();
  });

  it('reads days as dd/mm/yyyy or yyyy-mm-dd, and refuses a day that does not exist', () => {
    expect(readStatementDay('2/6/2030')).toBe('2030-06-02');
    expect(readStatementDay('2030-06-02')).toBe('2030-06-02');
    expect(readStatementDay('31/13/2030')).toBeNull();
    expect(readStatementDay('30/02/2030')).toBeNull();
  });

  it('keeps the credits of a table, skips its debits and lists the rows it cannot read', () => {
    const rows = [
      ['02/06/2030', '100,00', 'ACCONTO CE30-AAAA', 'ROSSI MARIO'],
      ['03/06/2030', '-20,00', 'COMMISSIONI', ''],
      ['04/06/2030', '', 'SALDO INIZIALE', ''],
      ['05/06/2030', 'dieci', 'X', ''],
    ];
    expect(statementLinesFromTable(rows, { date: 0, amount: 1, description: 2, orderingParty: 3 }, 2)).toEqual({
      lines: [line({ description: 'ACCONTO CE30-AAAA', orderingParty: 'ROSSI MARIO' })],
      problems: [{ row: 5, message: 'Importo non leggibile: «dieci».' }],
    });
  });
});

describe('matchStatementLine', () => {
  it("is 'Corrisponde' for a code and its amount, 'Cumulativo' for one family's codes and their sum", () => {
    expect(matchStatementLine(line({ description: 'acconto ce30 aaaa' }), byReference, none)).toMatchObject({
      kind: 'Corrisponde',
      payments: [ROSSI],
    });
    expect(matchStatementLine(line({ amountEuros: 180, description: 'CE30-AAAA CE30-BBBB' }), byReference, none)).toMatchObject({
      kind: 'Cumulativo',
      payments: [ROSSI, ROSSI_2],
    });
  });

  it("shows an amount that differs, or codes of two families, as 'Non abbinato' with why", () => {
    expect(matchStatementLine(line({ amountEuros: 90, description: 'CE30-AAAA' }), byReference, none)).toEqual({
      kind: 'Non abbinato',
      payments: [],
      candidates: [ROSSI],
      problem: "Importo diverso: l'ordine è di 100,00 €, il bonifico di 90,00 €.",
    });
    expect(matchStatementLine(line({ amountEuros: 115, description: 'CE30-AAAA MG30-CCCC' }), byReference, none).problem).toBe(
      'Il bonifico nomina ordini di famiglie diverse.',
    );
  });

  it("without a code is 'Probabile' for the one order of its amount whose surname it names, else lists the candidates", () => {
    const sameAmount = () => [ROSSI, order('CE30-DDDD', 'f-bianchi', 'Bianchi', 100)];
    expect(matchStatementLine(line({ description: 'CAMPO MARCO', orderingParty: 'ROSSI MARIO' }), byReference, sameAmount)).toMatchObject({
      kind: 'Probabile',
      payments: [ROSSI],
    });
    expect(matchStatementLine(line({ description: 'CAMPO' }), byReference, sameAmount)).toMatchObject({
      kind: 'Non abbinato',
      candidates: sameAmount(),
    });
    // 'ROSSINI' is not 'Rossi'.
    expect(matchStatementLine(line({ orderingParty: 'ROSSINI ANNA' }), byReference, sameAmount).kind).toBe('Non abbinato');
  });

  it('names the surname keys a line may hold: its words and each two joined, the ordering party first', () => {
    expect(surnameKeysIn({ orderingParty: 'DE ROSSI ANNA', description: "CAMPO D'AMICO" })).toEqual([
      'de',
      'rossi',
      'anna',
      'campo',
      "d'amico",
      'derossi',
      'rossianna',
      'annacampo',
      "campod'amico",
    ]);
  });

  it("is remembered by the bank's reference, else by its day, amount and description", () => {
    expect(statementLineKey(line({ bankReference: ' ABC123 ' }))).toBe('ref|ABC123');
    expect(statementLineKey(line({ description: 'acconto  rossi' }))).toBe(statementLineKey(line({ description: 'ACCONTO ROSSI' })));
  });
});

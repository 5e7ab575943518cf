import { describe, expect, it } from 'vitest';
import {
  combinedMatch,
  matchStatementLine,
  statementLineKey,
  surnameKeysIn,
  type NamedFamily,
  type OpenTransfer,
  type StatementLine,
} from '@domain/statement/bank-statement';

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

const combined = (reference: string, familyId: string, familySurname: string, totalEuros: number, plan: string): OpenTransfer => ({
  ...order(reference, familyId, familySurname, totalEuros),
  plan,
});
const PIETRO = combined('CE30-NNP1', 'f-neri', 'Neri', 100, 'Campo Estivo - Acconto');
const ELISA = combined('CE30-NNE2', 'f-neri', 'Neri', 150, 'Campo Estivo - Acconto');
const FELPA = combined('FE30-NNF3', 'f-neri', 'Neri', 25, 'Felpa');
const NERI: NamedFamily = { familyId: 'f-neri', surname: 'Neri', surnames: ['Neri'], open: [PIETRO, ELISA, FELPA] };
const noCode = (amountEuros: number, description: string, orderingParty = '') => line({ amountEuros, description, orderingParty });

describe('a combined transfer without codes', () => {
  it("is 'Cumulativo', probable, with why, when it names the family and pays the sum of two or more of its open orders", () => {
    expect(matchStatementLine(noCode(250, 'campo pietro ed elisa neri'), byReference, none, [NERI])).toEqual({
      kind: 'Cumulativo',
      payments: [PIETRO, ELISA],
      candidates: [],
      problem: null,
      probable: true,
      reason:
        'Nessun codice: importo uguale alla somma di «Campo Estivo - Acconto» (100,00 €) e «Campo Estivo - Acconto» (150,00 €) per la famiglia Neri.',
    });
    // Three orders, the family named by the ordering party alone.
    expect(matchStatementLine(noCode(275, 'CAMPO ESTIVO', 'NERI GIULIA'), byReference, none, [NERI])).toMatchObject({
      kind: 'Cumulativo',
      payments: [PIETRO, ELISA, FELPA],
      probable: true,
    });
  });

  it("names the family by a child's surname when it differs from the family's", () => {
    const blended: NamedFamily = { ...NERI, surname: 'Rossi', surnames: ['Rossi', 'Neri'] };
    expect(combinedMatch(noCode(250, 'CAMPO ELISA NERI'), [blended])?.reason).toMatch(/per la famiglia Rossi\.$/);
  });

  it('proposes nothing when the line does not name the family, or no two orders add up to it, or one order alone pays it', () => {
    expect(combinedMatch(noCode(250, 'CAMPO ESTIVO'), [NERI])).toBeNull();
    expect(combinedMatch(noCode(250, 'CAMPO NERINI'), [NERI])).toBeNull();
    expect(combinedMatch(noCode(260, 'CAMPO NERI'), [NERI])).toBeNull();
    // One order of the amount: not a combination (a single order is the 'Probabile' rule's).
    expect(combinedMatch(noCode(150, 'CAMPO NERI'), [NERI])).toBeNull();
    expect(matchStatementLine(noCode(250, 'CAMPO'), byReference, none, [NERI]).kind).toBe('Non abbinato');
  });

  it('adds in cents: 0.10 + 0.20 pays 0.30', () => {
    const small: NamedFamily = {
      ...NERI,
      open: [combined('X1', 'f-neri', 'Neri', 0.1, 'Quota'), combined('X2', 'f-neri', 'Neri', 0.2, 'Quota')],
    };
    expect(combinedMatch(noCode(0.3, 'NERI'), [small])?.kind).toBe('Cumulativo');
  });

  it("is 'Non abbinato' with the orders and why when several sets of orders add up to the amount", () => {
    const twins: NamedFamily = { ...NERI, open: [PIETRO, ELISA, combined('CE30-NNT4', 'f-neri', 'Neri', 150, 'Campo Estivo - Acconto')] };
    const match = matchStatementLine(noCode(250, 'NERI'), byReference, none, [twins]);
    expect(match).toMatchObject({ kind: 'Non abbinato', payments: [], probable: false });
    expect(match.candidates.map((entry) => entry.reference).sort()).toEqual(['CE30-NNE2', 'CE30-NNP1', 'CE30-NNT4']);
    expect(match.problem).toBe(
      'Nessun codice: più combinazioni di ordini (famiglia Neri) danno questo importo; conferma a mano da «Pagamenti».',
    );
    // Two families named, each with a sum: ambiguous as well.
    const bianchi: NamedFamily = {
      familyId: 'f-bianchi',
      surname: 'Bianchi',
      surnames: ['Bianchi'],
      open: [combined('B1', 'f-bianchi', 'Bianchi', 200, 'Campo'), combined('B2', 'f-bianchi', 'Bianchi', 50, 'Felpa')],
    };
    expect(combinedMatch(noCode(250, 'NERI BIANCHI'), [NERI, bianchi])?.kind).toBe('Non abbinato');
  });

  it('leaves a single order of its amount to the Probabile rule, and a code to the code rules', () => {
    expect(matchStatementLine(noCode(250, 'NERI'), byReference, () => [{ ...ELISA, totalEuros: 250 }], [NERI]).kind).toBe('Probabile');
    expect(matchStatementLine(noCode(100, 'NERI CE30-AAAA'), byReference, none, [NERI])).toMatchObject({
      kind: 'Corrisponde',
      probable: false,
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
      probable: false,
      reason: null,
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
      probable: true,
      reason: "Nessun codice: l'unico ordine di 100,00 € della famiglia Rossi.",
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

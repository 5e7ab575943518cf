import { readFileSync } from 'node:fs';
import path from 'node:path';
import Papa from 'papaparse';
import { beforeEach, describe, expect, it } from 'vitest';
import type { MatchedLine } from '@contracts/admin-statement';
import adminStatement from '../../../netlify/functions/admin-statement';
import { seedStatementDemo } from '../../../emulators/seed/seed';
import type { StatementLine } from '@domain/statement/bank-statement';
import { readStatementTable } from '@domain/statement/statement-table';
import { camtStatementLines } from '@/lib/camt053';
import { checkSeasonTotals } from '../../../netlify/lib/season/season-totals';
import { SEASON } from '@config/season';
import { adminFunctionTestbed } from '../../support/admin-function';

/**
 * 'Importa estratto conto' (docs/admin.md, "Estratto conto") with the
 * samples of docs/samples against the demo data and the sample's orders
 * (`npm run seed:statement`): 12 credits, 8 'Corrisponde', 1 'Cumulativo',
 * 1 'Probabile', 2 'Non abbinato'; confirming and importing again confirms
 * nothing twice.
 */

const SAMPLES = path.resolve(import.meta.dirname, '../../../docs/samples');
const testbed = adminFunctionTestbed('demo-admin-statement', adminStatement, 'admin-statement');
const db = () => testbed.db();
const call = testbed.call;
beforeEach(() => seedStatementDemo(db()));

const camtLines = () => camtStatementLines(readFileSync(path.join(SAMPLES, 'estratto-conto.camt053.xml'), 'utf8'));

const match = async (lines: StatementLine[]) => ((await call({ action: 'match', lines })).body as { lines: MatchedLine[] }).lines;

const kinds = (matched: readonly MatchedLine[]) =>
  matched.reduce<Record<string, number>>((count, line) => ({ ...count, [line.kind]: (count[line.kind] ?? 0) + 1 }), {});

/** What 'Conferma selezionati' sends: every line with orders to confirm. */
const confirmable = (lines: StatementLine[], matched: MatchedLine[]) =>
  matched.flatMap((line, index) =>
    line.payments.length > 0 ? [{ line: lines[index]!, paymentIds: line.payments.map((payment) => payment.paymentId) }] : [],
  );

describe('admin-statement', () => {
  it('reads the CAMT.053 sample: its twelve credits, not its debit', () => {
    const lines = camtLines();
    expect(lines).toHaveLength(12);
    expect(lines[0]).toEqual({
      bankReference: 'CE25RM2A01',
      date: '2025-06-02',
      amountEuros: 100,
      description: 'ACCONTO CAMPO SCOUT 2025 - ROSSI CE25-RM2A',
      orderingParty: 'ROSSI MARIO',
    });
  });

  it('matches the sample: 8 Corrisponde, 1 Cumulativo, 1 Probabile, 2 Non abbinato; confirming and importing again confirms nothing twice', async () => {
    const lines = camtLines();
    const matched = await match(lines);
    expect(kinds(matched)).toEqual({ Corrisponde: 8, Cumulativo: 1, Probabile: 1, 'Non abbinato': 2 });
    expect(matched[8]?.payments.map((payment) => payment.reference)).toEqual(['CE25-VT2A', 'CE25-VT3S']);
    expect(matched[9]).toMatchObject({ kind: 'Probabile', payments: [{ familySurname: 'Rossi', reference: 'MG25-RL4M' }] });

    const items = confirmable(lines, matched);
    expect(await call({ action: 'confirm', items })).toEqual({ status: 200, body: { confirmed: 11, skipped: 0, refused: [] } });
    const confirmedMails = async () => (await db().collection('mail').where('kind', '==', 'transfer-confirmed').get()).size;
    expect(await confirmedMails()).toBe(11);
    const receipts = (await db().collection('payments').where('status', '==', 'Confermato').where('method', '==', 'Bonifico').get()).docs;
    expect(receipts.filter((doc) => String(doc.id).startsWith('payment-order-statement-') && doc.get('receipt'))).toHaveLength(11);

    const again = await match(lines);
    expect(kinds(again)).toEqual({ 'Già abbinato': 10, 'Non abbinato': 2 });
    expect(await call({ action: 'confirm', items })).toEqual({ status: 200, body: { confirmed: 0, skipped: 10, refused: [] } });
    expect(await confirmedMails()).toBe(11);
  });

  it('reads the CSV sample with its columns mapped, to the same matches', async () => {
    const rows = Papa.parse<string[]>(readFileSync(path.join(SAMPLES, 'estratto-conto.csv'), 'utf8'), {
      delimiter: ';',
      skipEmptyLines: true,
    }).data;
    const columns = { date: 0, amount: 3, debit: 2, description: 4, texts: [], orderingParty: 5 };
    const { credits, problems } = readStatementTable(rows, 0, columns);
    const lines = credits.map((credit) => credit.line);
    expect(problems).toEqual([]);
    expect(lines).toHaveLength(12);
    expect(kinds(await match(lines))).toEqual({ Corrisponde: 8, Cumulativo: 1, Probabile: 1, 'Non abbinato': 2 });
  });

  it("proposes a combined transfer without codes as 'Cumulativo', probable, with why; confirmed only when sent", async () => {
    const lines = camtLines();
    const coded = lines[8]!;
    const [withCodes] = await match([coded]);
    const noCodes = { ...coded, bankReference: 'NOCODES1', description: 'CAMPO FRATELLI VERDI' };
    const [matched] = await match([noCodes]);
    expect(matched).toMatchObject({ kind: 'Cumulativo', probable: true, problem: null });
    expect(matched!.payments.map((payment) => payment.reference)).toEqual(withCodes!.payments.map((payment) => payment.reference));
    expect(matched!.reason).toMatch(/^Nessun codice: importo uguale alla somma di «.+» \(.+ €\) e «.+» \(.+ €\) per la famiglia Verdi\.$/);
    // Matching writes nothing; the treasurer's tick sends it like any other line.
    expect((await db().collection('payments').doc(matched!.payments[0]!.paymentId).get()).get('status')).toBe('Da Verificare');
    const paymentIds = matched!.payments.map((payment) => payment.paymentId);
    expect(await call({ action: 'confirm', items: [{ line: noCodes, paymentIds }] })).toEqual({
      status: 200,
      body: { confirmed: 2, skipped: 0, refused: [] },
    });
    // A line naming no family stays unmatched.
    const [anonymous] = await match([{ ...noCodes, bankReference: 'NOCODES2', description: 'CAMPO ESTIVO', orderingParty: '' }]);
    expect(anonymous).toMatchObject({ kind: 'Non abbinato', probable: false, reason: null });
  });

  it('never accepts an amount that differs from the order: shown, and refused when confirmed', async () => {
    const [first] = camtLines();
    const short = { ...first!, amountEuros: 90, bankReference: 'SHORT1' };
    const [matched] = await match([short]);
    expect(matched).toMatchObject({
      kind: 'Non abbinato',
      candidates: [{ reference: 'CE25-RM2A' }],
      problem: "Importo diverso: l'ordine è di 100,00 €, il bonifico di 90,00 €.",
    });
    expect(await call({ action: 'confirm', items: [{ line: short, paymentIds: [matched!.candidates[0]!.paymentId] }] })).toEqual({
      status: 200,
      body: {
        confirmed: 0,
        skipped: 0,
        refused: [
          {
            lineId: matched!.lineId,
            error:
              'Il bonifico del 02/06/2025 non corrisponde agli ordini scelti (importo o famiglia diversi): confermalo a mano da «Pagamenti».',
          },
        ],
      },
    });
    expect((await db().collection('payments').doc('payment-order-statement-rossi-acconto').get()).get('status')).toBe('Da Verificare');
  });

  it("confirms a line whole or not at all: a 'Cumulativo' naming an order since 'Annullato' confirms none, and says which", async () => {
    const lines = camtLines();
    const matched = await match(lines);
    const cumulative = matched[8]!;
    expect(cumulative.kind).toBe('Cumulativo');
    const [first, second] = cumulative.payments.map((payment) => payment.paymentId);
    await db().collection('payments').doc(second!).update({ status: 'Annullato' });
    const cancelled = (await db().collection('payments').doc(second!).get()).data()!;
    const answer = await call({ action: 'confirm', items: [{ line: lines[8]!, paymentIds: [first!, second!] }] });
    expect(answer).toEqual({
      status: 200,
      body: {
        confirmed: 0,
        skipped: 0,
        refused: [
          {
            lineId: cumulative.lineId,
            error: `L'ordine «${cancelled.plan as string}» della famiglia ${cancelled.family_surname as string} è Annullato: nessun ordine di questo bonifico è stato confermato. Aggiorna l'estratto conto e conferma a mano gli altri.`,
          },
        ],
      },
    });
    expect((await db().collection('payments').doc(first!).get()).data()).toMatchObject({ status: 'Da Verificare', receipt: null });
    expect((await db().collection('statement_lines').doc(cumulative.lineId).get()).exists).toBe(false);
    expect((await db().collection('mail').where('kind', '==', 'transfer-confirmed').get()).size).toBe(0);
    expect((await db().collection('audit_log').where('action', '==', 'payment.confirm').get()).size).toBe(0);
  });

  it('two admins confirming the same lines at once confirm each order once', async () => {
    const lines = camtLines();
    const items = confirmable(lines, await match(lines));
    const [one, two] = await Promise.all([call({ action: 'confirm', items }), call({ action: 'confirm', items }, testbed.tokens.admin)]);
    const answers = [one.body, two.body] as Array<{ confirmed: number; skipped: number; refused: unknown[] }>;
    expect(answers.map((answer) => answer.refused)).toEqual([[], []]);
    expect(answers[0]!.confirmed + answers[1]!.confirmed).toBe(11);
    expect(answers[0]!.skipped + answers[1]!.skipped).toBe(10);
    expect((await db().collection('mail').where('kind', '==', 'transfer-confirmed').get()).size).toBe(11);
    expect((await db().collection('audit_log').where('action', '==', 'payment.confirm').get()).size).toBe(11);
    expect((await db().collection('statement_lines').get()).size).toBe(10);
    const numbers = (
      await db().collection('payments').where('status', '==', 'Confermato').where('method', '==', 'Bonifico').get()
    ).docs.flatMap((doc) =>
      String(doc.id).startsWith('payment-order-statement-') ? [(doc.get('receipt') as { number: string }).number] : [],
    );
    expect(new Set(numbers).size).toBe(11);
    expect((await checkSeasonTotals(db(), SEASON.campYear)).differences).toEqual([]);
  });

  it('takes a statement of a busy month: 500 lines in one request', async () => {
    const [first] = camtLines();
    const lines = Array.from({ length: 500 }, (_, index) => ({
      ...first!,
      bankReference: `MONTH${index}`,
      description: `${first!.description} ${'X'.repeat(60)}`,
    }));
    const answer = await call({ action: 'match', lines });
    expect(answer.status).toBe(200);
    expect((answer.body as { lines: unknown[] }).lines).toHaveLength(500);
  });
});

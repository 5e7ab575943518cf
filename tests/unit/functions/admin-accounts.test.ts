import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { describe, expect, it, vi } from 'vitest';
import type { AccountsReport } from '@contracts/admin-accounts';
import type { MatchedLine } from '@contracts/admin-statement';
import { SEASON } from '@config/season';
import { PLAN } from '@domain/catalogue/seed';
import { SERVICE_FEE_PRODUCT, SOLIDARITY_CONTRIBUTION_PRODUCT } from '@domain/accounts/accounts';
import { sumEuros } from '@domain/money';
import { summaryEntriesOf } from '@domain/season/season-totals';
import { onlineTotal } from '@domain/payments/service-fee';
import { camtStatementLines } from '@/lib/camt053';
import adminAccounts from '../../../netlify/functions/admin-accounts';
import adminRefund from '../../../netlify/functions/admin-refund';
import adminStatement from '../../../netlify/functions/admin-statement';
import { applyCardEvent } from '../../../netlify/lib/payments/stripe-refund-events';
import { fulfilPayment } from '../../../netlify/lib/payments/fulfil-payment';
import { orderMetadata } from '../../../netlify/lib/orders/order-metadata';
import { succeededPaymentIntent } from '../../support/paid-intent';
import { checkSeasonTotals } from '../../../netlify/lib/season/season-totals';
import { seedStatementDemo } from '../../../emulators/seed/seed';
import { adminFunctionTestbed } from '../../support/admin-function';
import { browserRequest, functionContext, type NetlifyFunction } from '../../support/function-context';

/**
 * 'Rendiconto' (docs/admin.md, "Rendiconto"): the scout year's ledger and
 * income by Modello D line, tied to the cent with 'Pagamenti' (the season
 * totals) and with the bank lines 'Estratto conto' matched; CSV and XLSX
 * exports, each audited; the treasurer's product → line mapping.
 */

const testbed = adminFunctionTestbed('demo-admin-accounts', adminAccounts, 'admin-accounts');
const db = () => testbed.db();
/** The demo data's scout year: the one whose summer holds the demo camp. */
const DEMO_YEAR = SEASON.campYear - 1;

async function post(handler: NetlifyFunction, name: string, body: unknown, token = testbed.tokens.treasurer): Promise<Response> {
  return handler(
    browserRequest(`http://localhost/.netlify/functions/${name}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
      body: JSON.stringify(body),
    }),
    functionContext(),
  );
}

const report = async (year = DEMO_YEAR) => {
  const answer = await testbed.call({ action: 'report', year, format: 'json' });
  expect(answer.status).toBe(200);
  return answer.body as unknown as AccountsReport;
};

/** What 'Pagamenti' shows for the camp year: its summary's Confermato and Contestato euros, from the kept season totals. */
async function paymentsHeld(campYear: number): Promise<number> {
  const { kept } = await checkSeasonTotals(db(), campYear);
  return sumEuros(
    summaryEntriesOf(kept, null)
      .filter((entry) => entry.status === 'Confermato' || entry.status === 'Contestato')
      .map((entry) => entry.total),
  );
}

const itemsNet = (rows: AccountsReport['ledger']) =>
  sumEuros(rows.filter((row) => row.product !== SERVICE_FEE_PRODUCT).map((row) => row.inEuros - row.outEuros));

describe('admin-accounts', () => {
  it("ties the demo year's ledger to the cent with 'Pagamenti', every receipt on its line", async () => {
    const accounts = await report();
    expect(accounts.year).toMatchObject({ startYear: DEMO_YEAR, firstDay: `${DEMO_YEAR}-10-01`, lastDay: `${SEASON.campYear}-09-30` });
    expect(accounts.ledger.length).toBeGreaterThan(0);
    expect(accounts.ledger.every((row) => row.day >= accounts.year.firstDay && row.day <= accounts.year.lastDay)).toBe(true);
    const held = await paymentsHeld(SEASON.campYear);
    expect(held).toBeGreaterThan(0);
    // The year also holds the receipts of the camp year before's payments made in its autumn ('Pagamenti' of that season).
    const before = await paymentsHeld(SEASON.campYear - 1);
    expect(before).toBeGreaterThan(0);
    expect(itemsNet(accounts.ledger)).toBe(sumEuros([held, before]));
    expect(accounts.tieOut).toMatchObject({
      ledgerNetEuros: sumEuros([held, before]),
      paymentsConfirmedEuros: held,
      otherSeasonsEuros: before,
      partialRefundsEuros: 0,
      outsideYearEuros: 0,
      differenceEuros: 0,
      ties: true,
    });
    // The income lines add up to the ledger; the demo's products fall on A3 and the card fee on A10.
    expect(sumEuros(accounts.income.map((line) => line.netEuros))).toBe(accounts.totals.netEuros);
    expect(accounts.income.find((line) => line.code === 'A3')?.netEuros).toBe(sumEuros([held, before]));
    expect(accounts.income.find((line) => line.code === 'A10')?.netEuros).toBe(accounts.tieOut.feesNetEuros);
    expect(accounts.income.find((line) => line.code === 'A3')?.label).toBe('Entrate per prestazioni e cessioni ad associati e fondatori');
  });

  it('still ties once transfers are matched to the bank, one refunded in part and the documents dated in another year', async () => {
    await seedStatementDemo(db());
    const lines = camtStatementLines(
      readFileSync(path.resolve(import.meta.dirname, '../../../docs/samples/estratto-conto.camt053.xml'), 'utf8'),
    );
    const matched = (await (await post(adminStatement, 'admin-statement', { action: 'match', lines })).json()) as { lines: MatchedLine[] };
    const items = matched.lines.flatMap((line, index) =>
      line.payments.length > 0 ? [{ line: lines[index]!, paymentIds: line.payments.map((payment) => payment.paymentId) }] : [],
    );
    expect((await post(adminStatement, 'admin-statement', { action: 'confirm', items })).status).toBe(200);
    const partial = { paymentId: items[0]!.paymentIds[0], amountEuros: 40, idempotencyKey: randomUUID(), transferDate: '2025-09-15' };
    expect((await post(adminRefund, 'admin-refund', partial)).status).toBe(200);
    const bankTotal = sumEuros(items.map((item) => item.line.amountEuros));

    // The confirmations and the refund are dated today, outside the demo year: 'Pagamenti' counts them, the year does not,
    // and the tie-out says so; the bank lines (booked in the demo year) tie to the orders they confirmed.
    const demo = await report();
    expect(demo.tieOut).toMatchObject({
      paymentsConfirmedEuros: await paymentsHeld(SEASON.campYear),
      partialRefundsEuros: 40,
      outsideYearEuros: sumEuros([bankTotal, -40]),
      differenceEuros: 0,
      ties: true,
      bankLinesEuros: bankTotal,
      bankOrdersEuros: bankTotal,
      bankTies: true,
    });
  });

  it("ties with a card payment's 'Contributo al fondo di solidarietà', on its own row and on 'Erogazioni liberali', before and after a partial refund", async () => {
    const paid = onlineTotal(15 + 12.5);
    const paymentIntent = succeededPaymentIntent('pi_accounts_gift', paid.totalCents, {
      ...orderMetadata('family-rossi', 'parent-rossi-mario', 'maglietta', [{ id: 'son-rossi-luca', size: 'S' }], true, 12.5),
    });
    // Paid, then refunded in part, in the demo year's June (only the clock is moved: the receipt and the note are dated then).
    const inJune = async <T>(day: string, write: () => Promise<T>): Promise<T> => {
      vi.useFakeTimers({ toFake: ['Date'] });
      vi.setSystemTime(new Date(`${SEASON.campYear}-06-${day}T10:00:00Z`));
      try {
        return await write();
      } finally {
        vi.useRealTimers();
      }
    };
    const { order } = await inJune('10', () => fulfilPayment(db(), paymentIntent, 'test', { siteUrl: 'http://localhost' }));
    expect(order.status).toBe('Confermato');
    const document = `Ricevuta n. ${order.receiptNumber}`;
    const tiesWith = async (partialRefundsEuros: number) => {
      const demo = await report();
      expect(demo.tieOut).toMatchObject({
        paymentsConfirmedEuros: await paymentsHeld(SEASON.campYear),
        contributionsConfirmedEuros: 12.5,
        partialRefundsEuros,
        outsideYearEuros: 0,
        differenceEuros: 0,
        ties: true,
      });
      return demo;
    };

    const before = await tiesWith(0);
    expect(
      before.ledger.filter((row) => row.document === document).map((row) => [row.product, row.inEuros, row.outEuros, row.line]),
    ).toEqual([
      ['Maglietta Gruppo', 15, 0, 'A3'],
      [SOLIDARITY_CONTRIBUTION_PRODUCT, 12.5, 0, 'A4'],
      [SERVICE_FEE_PRODUCT, paid.feeEuros, 0, 'A10'],
    ]);
    expect(before.income.find((line) => line.code === 'A4')).toMatchObject({ label: 'Erogazioni liberali', netEuros: 12.5 });
    expect(before.products).toEqual(expect.arrayContaining([{ product: SOLIDARITY_CONTRIBUTION_PRODUCT, line: 'A4', mapped: false }]));

    // Stripe reports 10 € refunded: the T-shirt's euros go back first, the contribution stays.
    await inJune('20', () =>
      applyCardEvent(
        db(),
        {
          eventId: 'evt_accounts_gift',
          eventCreated: 1,
          paymentIntentId: paymentIntent.id,
          chargedEuros: paid.totalCents / 100,
          refundedEuros: 10,
        },
        { siteUrl: 'http://localhost' },
      ),
    );
    const after = await tiesWith(10);
    const notes = after.ledger.filter((row) => row.document.startsWith('Nota di credito') && row.family === 'Rossi');
    expect(notes.map((row) => [row.product, row.outEuros, row.line])).toEqual([['Maglietta Gruppo', 10, 'A3']]);
    expect(after.income.find((line) => line.code === 'A4')?.netEuros).toBe(12.5);
    expect((await checkSeasonTotals(db(), SEASON.campYear)).differences).toEqual([]);
  });

  it('exports the CSV and the XLSX with Italian formats, each export audited', async () => {
    const accounts = await report();
    const csv = await post(adminAccounts, 'admin-accounts', { action: 'report', year: DEMO_YEAR, format: 'csv' });
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-disposition')).toBe(`attachment; filename="rendiconto-${DEMO_YEAR}-${SEASON.campYear}-prima-nota.csv"`);
    const text = await csv.text();
    const [header, first] = text.replace(/^\uFEFF/, '').split('\r\n');
    expect(header).toBe('Data;Documento;Famiglia;Prodotto;Metodo;Entrate;Uscite;Voce Modello D;Estratto conto');
    expect(first).toMatch(/^\d{2}\/\d{2}\/\d{4};Ricevuta n\. \d{4}\/\d+;\w+;[^;]+;(Carta|Bonifico|Contanti);\d+,\d{2};0,00;A\d+;/);
    expect(text.trimEnd().split('\r\n').at(-1)).toBe(
      `;Totale;;;;${accounts.totals.inEuros.toFixed(2).replace('.', ',')};${accounts.totals.outEuros.toFixed(2).replace('.', ',')};;`,
    );

    const xlsx = await post(adminAccounts, 'admin-accounts', { action: 'report', year: DEMO_YEAR, format: 'xlsx' });
    expect(xlsx.headers.get('content-type')).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(await xlsx.arrayBuffer());
    expect(book.worksheets.map((sheet) => sheet.name)).toEqual(['Rendiconto per cassa', 'Prima nota', 'Quadratura']);
    const ledger = book.getWorksheet('Prima nota')!;
    const date = ledger.getCell('A2');
    expect(date.value).toBeInstanceOf(Date);
    expect(date.numFmt).toBe('dd/mm/yyyy');
    expect((date.value as Date).toISOString().slice(0, 10)).toBe(accounts.ledger[0]!.day);
    expect(ledger.getCell('F2')).toMatchObject({ value: accounts.ledger[0]!.inEuros, numFmt: '#,##0.00 "€"' });
    const income = book.getWorksheet('Rendiconto per cassa')!;
    const total = income.getRows(1, income.rowCount)!.find((row) => row.getCell(2).value === 'Totale entrate')!;
    expect(total.getCell(5).value).toBe(accounts.totals.netEuros);
    expect(book.getWorksheet('Quadratura')!.getCell('A4').value).toBe('+ contributi al fondo di solidarietà di quei pagamenti');
    expect(book.getWorksheet('Quadratura')!.getCell('B9').value).toBe('Quadra');

    const audit = (await db().collection('audit_log').where('action', '==', 'accounts.export').get()).docs.map(
      (doc) => doc.get('summary') as string,
    );
    expect(audit.sort()).toEqual([
      expect.stringMatching(new RegExp(`^Rendiconto ${DEMO_YEAR}/${SEASON.campYear} esportato \\(CSV, prima nota\\): \\d+ movimenti`)),
      expect.stringMatching(/esportato \(XLSX\)/),
    ]);
  });

  it("keeps the treasurer's mapping of products to lines, audited; two changes at once both land", async () => {
    const [felpa, maglietta] = await Promise.all([
      testbed.call({ action: 'mapping', lines: { [PLAN.felpa]: 'B1' } }),
      testbed.call({ action: 'mapping', lines: { [PLAN.maglietta]: 'C2' } }, testbed.tokens.admin),
    ]);
    expect(felpa.status).toBe(200);
    expect(maglietta.status).toBe(200);
    const accounts = await report();
    expect(accounts.products).toEqual(
      expect.arrayContaining([
        { product: PLAN.felpa, line: 'B1', mapped: true },
        { product: PLAN.maglietta, line: 'C2', mapped: true },
        { product: PLAN.campAcconto, line: 'A3', mapped: false },
      ]),
    );
    expect(accounts.ledger.filter((row) => row.product === PLAN.maglietta).every((row) => row.line === 'C2')).toBe(true);
    const entries = (await db().collection('audit_log').where('action', '==', 'accounts.mapping').get()).docs.map((doc) => doc.data());
    expect(entries.map((entry) => entry.summary as string).sort()).toEqual([
      `Voci del rendiconto: ${PLAN.felpa}: A3 → B1`,
      `Voci del rendiconto: ${PLAN.maglietta}: A3 → C2`,
    ]);
    // The same again changes nothing and records nothing.
    expect((await testbed.call({ action: 'mapping', lines: { [PLAN.felpa]: 'B1' } })).status).toBe(200);
    expect((await db().collection('audit_log').where('action', '==', 'accounts.mapping').get()).size).toBe(2);
  });

  it('answers only the treasurer and the admin, and refuses a line that is not in the model', async () => {
    expect((await testbed.call({ action: 'report', year: DEMO_YEAR, format: 'json' }, testbed.tokens.leader)).status).toBe(403);
    const wrong = await testbed.call({ action: 'mapping', lines: { [PLAN.felpa]: 'Z9' } });
    expect(wrong.status).toBe(400);
    expect(wrong.body.error).toMatch(/Richiesta non valida/);
    expect((await db().collection('account_lines').get()).size).toBe(0);
  });
});

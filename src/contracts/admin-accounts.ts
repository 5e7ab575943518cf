import { z } from 'zod/mini';
import { MODELLO_D_CODES } from '@domain/accounts/modello-d';
import { defineContract } from './contract';

/**
 * admin-accounts, POST, admin or treasurer with the `payments` permission
 * (docs/api.md, "admin-accounts"; docs/admin.md, "Rendiconto"). 'report'
 * answers a scout year's accounts (src/domain/accounts/accounts.ts): with `format`
 * 'json' the answer below (the screen's view, not audited), with 'csv' or
 * 'xlsx' a file, each such export audited ('accounts.export'); the CSV
 * holds one table, `table` ('ledger', the default, or 'income'). 'mapping'
 * sets the Modello D line of the products given (the others keep theirs),
 * audited ('accounts.mapping'), and answers the lines as they now are.
 */

const lineCode = z.enum(MODELLO_D_CODES);
/** A product name as a payment records it. */
const productName = z.string().check(z.minLength(1), z.maxLength(200));

const ledgerRow = z.object({
  /** yyyy-mm-dd, Italian day. */
  day: z.string(),
  document: z.string(),
  family: z.string(),
  product: z.string(),
  method: z.string(),
  inEuros: z.number(),
  outEuros: z.number(),
  line: lineCode,
  bank: z.string(),
});
const incomeLine = z.object({
  code: lineCode,
  section: z.enum(['A', 'B', 'C']),
  label: z.string(),
  inEuros: z.number(),
  outEuros: z.number(),
  netEuros: z.number(),
});
const tieOut = z.object({
  ledgerNetEuros: z.number(),
  paymentsConfirmedEuros: z.number(),
  contributionsConfirmedEuros: z.number(),
  partialRefundsEuros: z.number(),
  otherSeasonsEuros: z.number(),
  outsideYearEuros: z.number(),
  differenceEuros: z.number(),
  ties: z.boolean(),
  bankLinesEuros: z.number(),
  bankOrdersEuros: z.number(),
  bankTies: z.boolean(),
  feesNetEuros: z.number(),
});
/** The products of the year (and the card fee) with their line; `mapped` when the treasurer chose it. */
const productLine = z.object({ product: z.string(), line: lineCode, mapped: z.boolean() });

/** What 'report' answers as JSON. */
export const accountsReport = z.object({
  year: z.object({ startYear: z.number(), label: z.string(), firstDay: z.string(), lastDay: z.string(), campYear: z.number() }),
  ledger: z.array(ledgerRow),
  income: z.array(incomeLine),
  totals: z.object({ inEuros: z.number(), outEuros: z.number(), netEuros: z.number() }),
  tieOut,
  products: z.array(productLine),
});
/** What 'mapping' answers. */
export const accountsMappingAnswer = z.object({ products: z.array(productLine) });

export const adminAccountsContract = defineContract({
  name: 'admin-accounts',
  method: 'POST',
  request: z.discriminatedUnion('action', [
    z.object({
      action: z.literal('report'),
      year: z.number().check(z.int(), z.gte(2000), z.lte(2200)),
      format: z.enum(['json', 'csv', 'xlsx']),
      table: z._default(z.enum(['ledger', 'income']), 'ledger'),
    }),
    z.object({
      action: z.literal('mapping'),
      lines: z.record(productName, lineCode).check(z.refine((lines) => Object.keys(lines).length >= 1 && Object.keys(lines).length <= 200)),
    }),
  ]),
  answer: z.union([accountsReport, accountsMappingAnswer]),
  messages: {
    malformed:
      'Richiesta non valida: servono "action" (report o mapping); per il rendiconto l\'anno scout ("year", il primo anno) e "format" (json, csv o xlsx), per le voci "lines" (prodotto → voce del Modello D).',
  },
});

/** The report as the screen reads it. */
export type AccountsReport = z.infer<typeof accountsReport>;
/** A product and its Modello D line. */
export type AccountsProductLine = z.infer<typeof productLine>;

/** The export's file name: rendiconto-{start}-{end}[-entrate].{extension}, ASCII only. */
export const accountsFileName = (startYear: number, format: 'csv' | 'xlsx', table: 'ledger' | 'income' = 'ledger') =>
  `rendiconto-${startYear}-${startYear + 1}${format === 'csv' && table === 'income' ? '-entrate' : format === 'csv' ? '-prima-nota' : ''}.${format}`;

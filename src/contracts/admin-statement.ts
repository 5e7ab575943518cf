import { z } from 'zod/mini';
import { MATCH_KINDS } from '@domain/statement/bank-statement';
import type { PaymentDocument } from '@domain/payments/payment-schema';
import { defineContract } from './contract';
import { documentId } from './fields';

/**
 * admin-statement, POST, admin with the `payments` permission, body up to
 * 4 MB (docs/api.md, "admin-statement"; docs/admin.md, "Estratto conto").
 * 'match' answers each statement line's match (src/domain/statement/bank-statement.ts,
 * LineMatch) and writes nothing; 'confirm' confirms the orders each chosen
 * line pays, a line whole or not at all, and answers how many orders were
 * confirmed, how many lines were matched before, and the lines refused with
 * why (one of the messages below, in Italian).
 */

/** A line as the browser read it from the file (StatementLine). */
const statementLine = z.object({
  bankReference: z.string().check(z.maxLength(200)),
  date: z.iso.date(),
  amountEuros: z.number().check(z.positive(), z.lte(1_000_000)),
  description: z.string().check(z.maxLength(1000)),
  orderingParty: z.string().check(z.maxLength(300)),
});

/** A statement's lines: at most a few months of a group's account. */
const MAX_LINES = 2000;

const openTransfer = z.object({
  paymentId: z.string(),
  familyId: z.string(),
  familySurname: z.string(),
  plan: z.string(),
  totalEuros: z.number(),
  reference: z.nullable(z.string()),
});
const matchedLine = z.object({
  /** The id the line is remembered by (statement_lines). */
  lineId: z.string(),
  kind: z.enum(MATCH_KINDS),
  payments: z.array(openTransfer),
  candidates: z.array(openTransfer),
  problem: z.nullable(z.string()),
  /** Found without a code: never ticked for the treasurer. */
  probable: z.boolean(),
  /** Why a match without a code was proposed ('Nessun codice: …'); null otherwise. */
  reason: z.nullable(z.string()),
});

/** What 'match' answers. */
export const statementMatchAnswer = z.object({ lines: z.array(matchedLine) });
/** What 'confirm' answers. */
export const statementConfirmAnswer = z.object({
  confirmed: z.number(),
  skipped: z.number(),
  refused: z.array(z.object({ lineId: z.string(), error: z.string() })),
});

export const adminStatementContract = defineContract({
  name: 'admin-statement',
  method: 'POST',
  request: z.discriminatedUnion('action', [
    z.object({ action: z.literal('match'), lines: z.array(statementLine).check(z.minLength(1), z.maxLength(MAX_LINES)) }),
    z.object({
      action: z.literal('confirm'),
      items: z
        .array(z.object({ line: statementLine, paymentIds: z.array(documentId).check(z.minLength(1), z.maxLength(20)) }))
        .check(z.minLength(1), z.maxLength(200)),
    }),
  ]),
  answer: z.union([statementMatchAnswer, statementConfirmAnswer]),
  messages: {
    malformed: 'Richiesta non valida: servono "action" (match o confirm) e le righe dell\'estratto conto.',
    notExact: (date: string) =>
      `Il bonifico del ${date} non corrisponde agli ordini scelti (importo o famiglia diversi): confermalo a mano da «Pagamenti».`,
    gone: "Uno degli ordini scelti non esiste più: nessun ordine di questo bonifico è stato confermato. Aggiorna l'estratto conto.",
    notTransfer: (payment: Pick<PaymentDocument, 'plan' | 'family_surname'>) =>
      `L'ordine «${payment.plan}» della famiglia ${payment.family_surname} non è un bonifico di questa stagione: nessun ordine di questo bonifico è stato confermato.`,
    notOpen: (payment: Pick<PaymentDocument, 'plan' | 'family_surname' | 'status'>) =>
      `L'ordine «${payment.plan}» della famiglia ${payment.family_surname} è ${payment.status}: nessun ordine di questo bonifico è stato confermato. Aggiorna l'estratto conto e conferma a mano gli altri.`,
  },
});

/** A line's answer to 'match': its id and its match. */
export type MatchedLine = z.infer<typeof matchedLine>;
/** An order a line may pay, as 'match' answers it. */
export type OpenTransferView = z.infer<typeof openTransfer>;

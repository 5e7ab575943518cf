import { z } from 'zod';
import { MATCH_KINDS, type StatementLine } from '@domain/bank-statement';
import { callAdminFunction } from '@/features/admin/shell/api/admin-functions';

/**
 * The bank statement through admin-statement (docs/admin.md, "Estratto
 * conto"): the server matches the lines and confirms the orders; the
 * browser only reads the file.
 */

const openTransferSchema = z.object({
  paymentId: z.string(),
  familyId: z.string(),
  familySurname: z.string(),
  plan: z.string(),
  totalEuros: z.number(),
  reference: z.string().nullable(),
});
const matchedLineSchema = z.object({
  lineId: z.string(),
  kind: z.enum(MATCH_KINDS),
  payments: z.array(openTransferSchema),
  candidates: z.array(openTransferSchema),
  problem: z.string().nullable(),
});
export type MatchedLine = z.infer<typeof matchedLineSchema>;
export type OpenTransferView = z.infer<typeof openTransferSchema>;

/** Matches the statement's lines; nothing is written. */
export async function matchStatement(lines: StatementLine[]): Promise<MatchedLine[]> {
  return (await callAdminFunction('admin-statement', { action: 'match', lines }, z.object({ lines: z.array(matchedLineSchema) }))).lines;
}

/** Confirms the orders each chosen line pays: how many were confirmed, how many lines had been matched before, and the lines refused with why. */
export async function confirmStatement(items: Array<{ line: StatementLine; paymentIds: string[] }>) {
  return callAdminFunction(
    'admin-statement',
    { action: 'confirm', items },
    z.object({ confirmed: z.number(), skipped: z.number(), refused: z.array(z.object({ lineId: z.string(), error: z.string() })) }),
  );
}

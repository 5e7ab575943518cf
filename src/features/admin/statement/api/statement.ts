import type { StatementLine } from '@domain/statement/bank-statement';
import { adminStatementContract, statementConfirmAnswer, statementMatchAnswer } from '@contracts/admin-statement';
import { callAdminAction } from '@/features/admin/shell/api/admin-functions';

/**
 * The bank statement through admin-statement (docs/admin.md, "Estratto
 * conto"; adminStatementContract): the server matches the lines and
 * confirms the orders; the browser only reads the file.
 */

export type { MatchedLine, OpenTransferView } from '@contracts/admin-statement';

/** Matches the statement's lines; nothing is written. */
export async function matchStatement(lines: StatementLine[]) {
  return (await callAdminAction(adminStatementContract, { action: 'match', lines }, statementMatchAnswer)).lines;
}

/** Confirms the orders each chosen line pays: how many were confirmed, how many lines had been matched before, and the lines refused with why. */
export async function confirmStatement(items: Array<{ line: StatementLine; paymentIds: string[] }>) {
  return callAdminAction(adminStatementContract, { action: 'confirm', items }, statementConfirmAnswer);
}

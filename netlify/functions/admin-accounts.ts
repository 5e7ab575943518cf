import type { Config } from '@netlify/functions';
import { adminAccountsContract } from '@contracts/admin-accounts';
import { AUDIT_ACTION } from '@domain/audit-log';
import { COLLECTION } from '@domain/collections';
import { formatEuros } from '@domain/money';
import { adminContractFunction } from '../lib/platform/admin-function';
import { accountsCsv, accountsFileResponse, accountsXlsx } from '../lib/accounts/accounts-export';
import { readAccounts, setAccountLines } from '../lib/accounts/accounts';
import { adminActor, recordAudit } from '../lib/platform/audit-log';
import { getDb } from '../lib/platform/firestore';

/**
 * POST /.netlify/functions/admin-accounts (adminAccountsContract; docs/admin.md,
 * "Rendiconto"): 'report' reads a scout year's accounts (readAccounts) and
 * answers them as JSON for the screen, or as a CSV or XLSX file, each file
 * recorded in the audit log ('accounts.export') before it is answered;
 * 'mapping' changes products' Modello D lines (setAccountLines, audited).
 */
export default adminContractFunction(adminAccountsContract, 'payments', async (input, { token }) => {
  const db = getDb();
  if (input.action === 'mapping') return { body: { products: await setAccountLines(db, input.lines, adminActor(token)) } };
  const { report } = await readAccounts(db, input.year);
  if (input.format === 'json') return { body: report };
  const file = input.format === 'csv' ? accountsCsv(report, input.table) : await accountsXlsx(report);
  const batch = db.batch();
  recordAudit(db, batch, {
    actor: adminActor(token),
    action: AUDIT_ACTION.accountsExport,
    target: { collection: COLLECTION.accountLines, id: String(input.year) },
    summary: `Rendiconto ${report.year.label} esportato (${input.format === 'csv' ? `CSV, ${input.table === 'income' ? 'entrate per voce' : 'prima nota'}` : 'XLSX'}): ${report.ledger.length} movimenti, netto ${formatEuros(report.totals.netEuros)}`,
    before: null,
    after: null,
  });
  await batch.commit();
  return accountsFileResponse(file, input.year, input.format, input.table);
});

/** A treasurer exports the year a few times; the limit only stops a runaway loop. */
export const config: Config = { rateLimit: { windowLimit: 30, windowSize: 60, aggregateBy: ['ip', 'domain'] } };

import type { Config } from '@netlify/functions';
import { adminStatementContract } from '@contracts/admin-statement';
import { SEASON } from '@config/season';
import { adminContractFunction } from '../lib/platform/admin-function';
import { adminActor } from '../lib/platform/audit-log';
import { confirmStatement, matchStatement } from '../lib/statement/bank-statement';
import { getDb } from '../lib/platform/firestore';
import { mailContext } from '../lib/platform/mail/outbox';
import { deliverMail } from '../lib/mail-delivery';

/** Its body: 2,000 lines of at most about 1.5 KB each, under Netlify's 6 MB limit. */
const MAX_STATEMENT_BYTES = 4 * 1024 * 1024;

/**
 * POST /.netlify/functions/admin-statement (adminStatementContract;
 * docs/admin.md, "Estratto conto"): 'match' matches each credit of the
 * statement (matchStatement) and writes nothing; 'confirm' confirms each
 * line's orders as by hand (receipt, e-mail, audit entry) and remembers the
 * line, one transaction per line (confirmStatement), so the same file again
 * confirms nothing twice. The e-mails leave after the answer.
 */
export default adminContractFunction(
  adminStatementContract,
  'payments',
  async (command, { token }, request, context) => {
    const db = getDb();
    const season = SEASON.campYear;
    if (command.action === 'match') return { body: { lines: (await matchStatement(db, season, command.lines)).lines } };
    const { mailIds, ...answer } = await confirmStatement(db, season, command.items, adminActor(token), mailContext(request));
    for (const id of mailIds) context.waitUntil(deliverMail(db, id));
    return { body: answer };
  },
  { maxBytes: MAX_STATEMENT_BYTES },
);

/** A treasurer imports a statement a week; the limit only stops a runaway loop. */
export const config: Config = { rateLimit: { windowLimit: 30, windowSize: 60, aggregateBy: ['ip', 'domain'] } };

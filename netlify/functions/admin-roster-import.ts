import type { Config } from '@netlify/functions';
import { adminRosterImportContract } from '@contracts/admin-roster-import';
import { adminContractFunction } from '../lib/platform/admin-function';
import { adminActor } from '../lib/platform/audit-log';
import { getDb } from '../lib/platform/firestore';
import { commitRoster, previewRoster } from '../lib/roster/roster-import';
import { mailContext } from '../lib/platform/mail/outbox';
import { deliverMail } from '../lib/mail-delivery';

/**
 * POST /.netlify/functions/admin-roster-import (adminRosterImportContract;
 * docs/admin.md, "Importa anagrafica"), body up to 4 MB: 'preview' checks
 * every row (src/domain/roster/roster.ts) and plans the import against the roster
 * index (previewRoster), writing nothing; 'commit' checks and plans again
 * and writes it, each family whole or not at all, with the import's audit
 * entry and the notices to the families whose parents it adds or changes
 * (commitRoster), sent after the answer. A parent's address that is a
 * volunteer's is an error of its row, in both.
 */
export default adminContractFunction(
  adminRosterImportContract,
  'roster',
  async (input, { token }, request, context) => {
    const db = getDb();
    if (input.action === 'preview') return { body: await previewRoster(db, input.rows) };
    const { answer, mailIds } = await commitRoster(db, adminActor(token), input, mailContext(request));
    for (const mailId of mailIds) context.waitUntil(deliverMail(db, mailId));
    return { body: answer };
  },
  { maxBytes: 4 * 1024 * 1024 },
);

/** A few imports a minute at most; the limit only stops a runaway loop. */
export const config: Config = { rateLimit: { windowLimit: 30, windowSize: 60, aggregateBy: ['ip', 'domain'] } };

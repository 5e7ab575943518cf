import type { Config } from '@netlify/functions';
import { adminRosterImportContract } from '@contracts/admin-roster-import';
import { adminContractFunction } from '../lib/platform/admin-function';
import { adminActor } from '../lib/platform/audit-log';
import { getDb } from '../lib/platform/firestore';
import { commitRoster, previewRoster } from '../lib/roster/roster-import';

/**
 * POST /.netlify/functions/admin-roster-import (adminRosterImportContract;
 * docs/admin.md, "Importa anagrafica"), body up to 4 MB: 'preview' checks
 * every row (src/domain/roster/roster.ts) and plans the import against the roster
 * index (previewRoster), writing nothing; 'commit' checks and plans again
 * and writes it, each family whole or not at all, with the import's audit
 * entry (commitRoster).
 */
export default adminContractFunction(
  adminRosterImportContract,
  'roster',
  async (input, { token }) => {
    const db = getDb();
    if (input.action === 'preview') return { body: await previewRoster(db, input.rows) };
    return { body: await commitRoster(db, adminActor(token), input) };
  },
  { maxBytes: 4 * 1024 * 1024 },
);

/** A few imports a minute at most; the limit only stops a runaway loop. */
export const config: Config = { rateLimit: { windowLimit: 30, windowSize: 60, aggregateBy: ['ip', 'domain'] } };

import type { Config } from '@netlify/functions';
import { SEASON } from '@config/season';
import { adminFamilyReductionContract, type FamilyReductionView } from '@contracts/admin-family-reduction';
import { findProduct } from '@domain/catalogue/product';
import { adminContractFunction } from '../lib/platform/admin-function';
import { adminActor } from '../lib/platform/audit-log';
import { applyReductionChange, readFamilyReductions } from '../lib/families/family-reductions';
import { getDb, runTransaction } from '../lib/platform/firestore';
import { HttpError } from '../lib/platform/http';
import { catalogueOf, readSeasonSettings } from '../lib/season/season-settings';

const { messages } = adminFamilyReductionContract;

/**
 * POST /.netlify/functions/admin-family-reduction (adminFamilyReductionContract;
 * docs/admin.md, "Riduzione"): the admin and the treasurer list, set or
 * remove a family's reduction of a product of the current season
 * (`SEASON.campYear`), each change in one transaction with its audit entry
 * (applyReductionChange). The server prices the family's orders with it
 * from then on (docs/product.md, "A family's balance"); the reason stays
 * here, in the audit log and in the document, never in a parent's answer.
 * @throws HttpError 400 for a product the season does not sell or a
 * percentage over 100, 404 for a family gone.
 */
export default adminContractFunction(adminFamilyReductionContract, 'payments', async (request, { token }) => {
  const db = getDb();
  const catalogue = catalogueOf(await readSeasonSettings(db, SEASON.campYear));
  if (request.action !== 'list') {
    const product = findProduct(catalogue, request.product);
    if (!product) throw new HttpError(400, messages.product);
    if (request.action === 'set' && request.kind === 'percent' && request.value > 100) throw new HttpError(400, messages.percentTooHigh);
    const change =
      request.action === 'set'
        ? { action: 'set' as const, product, kind: request.kind, value: request.value, reason: request.reason }
        : { action: 'remove' as const, product };
    await runTransaction(db, (transaction) =>
      applyReductionChange(db, transaction, { familyId: request.familyId, season: SEASON.campYear, change, actor: adminActor(token) }),
    );
  }
  const stored = await readFamilyReductions(db, request.familyId, SEASON.campYear);
  const reductions: FamilyReductionView[] = stored.map((reduction) => ({
    product: reduction.product,
    plan: findProduct(catalogue, reduction.product)?.plan ?? reduction.product,
    kind: reduction.kind,
    value: reduction.value,
    reason: reduction.reason,
    updatedAt: reduction.updated_at.toISOString(),
    updatedBy: reduction.updated_by,
  }));
  return { body: { reductions } };
});

/** A treasurer sets a few reductions a season; the limit only stops a runaway loop. */
export const config: Config = { rateLimit: { windowLimit: 60, windowSize: 60, aggregateBy: ['ip', 'domain'] } };

import type { Config } from '@netlify/functions';
import { SEASON } from '@config/season';
import { lookupFamilyContract } from '@contracts/lookup-family';
import { buildFamilyLookup } from '@domain/families/family-lookup';
import { italianDay } from '@domain/italian-time';
import { medicalFormCutoffInstant } from '@domain/medical-forms/medical-form-settings';
import { findFamilyByParentCf, findFamilyItems, findFamilyReceipts } from '../lib/families/families';
import { readFamilyReductions } from '../lib/families/family-reductions';
import { UnknownFiscalCodeError, fiscalCodeContractFunction } from '../lib/platform/fiscal-code-budget';
import { getDb } from '../lib/platform/firestore';
import { parseFiscalCode } from '../lib/orders/order-request';
import { catalogueOf, readSeasonSettings } from '../lib/season/season-settings';
import { assertSessionFamily, requireSession } from '../lib/platform/session';

/**
 * lookup-family (lookupFamilyContract; docs/api.md, "lookup-family"): the
 * family of the parent's fiscal code, for a browser with that family's
 * session only (checked before anything is read, and again once the family
 * is known), with this season's items, the family's receipts and the
 * season's catalogue and the family's balance of each product it holds
 * (buildFamilyLookup).
 */
export default fiscalCodeContractFunction(lookupFamilyContract, async (input, request) => {
  const session = await requireSession(request);
  const cf = parseFiscalCode(input.cf);
  const db = getDb();
  const found = await findFamilyByParentCf(db, cf);
  if (!found) throw new UnknownFiscalCodeError();
  assertSessionFamily(session, found.family.id);
  const [items, receipts, settings, reductions] = await Promise.all([
    findFamilyItems(db, found.family.id, SEASON.campYear),
    findFamilyReceipts(db, found.family.id),
    readSeasonSettings(db, SEASON.campYear),
    readFamilyReductions(db, found.family.id, SEASON.campYear),
  ]);
  return {
    body: buildFamilyLookup({
      ...found,
      items,
      // Kind and value only: the reason never reaches a parent (docs/admin.md, "Riduzione").
      reductions: new Map(reductions.map((reduction) => [reduction.product, { kind: reduction.kind, value: reduction.value }])),
      receipts,
      catalogue: catalogueOf(settings),
      season: SEASON.campYear,
      medicalFormCutoff: medicalFormCutoffInstant(settings.medicalForm),
      today: italianDay(new Date()),
    }),
  };
});

/**
 * At most 10 lookups a minute from one address on one domain: a parent
 * retrying a typo is fine, walking the space of fiscal codes is not.
 */
export const config: Config = { rateLimit: { windowLimit: 10, windowSize: 60, aggregateBy: ['ip', 'domain'] } };

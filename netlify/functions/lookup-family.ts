import type { Config } from '@netlify/functions';
import { z } from 'zod';
import { SEASON } from '@config/season';
import { buildFamilyLookup } from '@domain/family-lookup';
import { findFamilyByParentCf, findFamilyItems, findFamilyReceipts } from '../lib/families';
import { UnknownFiscalCodeError, fiscalCodeFunction } from '../lib/fiscal-code-budget';
import { getDb } from '../lib/firestore';
import { jsonResponse } from '../lib/http';
import { cfField, ORDER_MESSAGES, parseBody, parseFiscalCode } from '../lib/order-request';
import { catalogueOf, readSeasonSettings } from '../lib/season-settings';
import { medicalFormCutoffInstant } from '@domain/medical-form-settings';
import { assertSessionFamily, requireSession } from '../lib/session';

const bodySchema = z.object({ cf: cfField });

/**
 * POST /.netlify/functions/lookup-family `{ cf }` (docs/api.md), for a
 * browser with the session of that code's family (verify-access-code):
 * 401 'Sessione scaduta: inserisci di nuovo il codice fiscale.' without one,
 * before anything is read, or for another family's code. Normalises and checks the parent's fiscal code, finds the family, its
 * children and this season's order items, and answers 200
 * `{ family: { id, surname }, children: [{ id, name, surname, cf, branch,
 * paid: [{ plan, status, date }], medicalForm: { eligible, uploaded } }],
 * catalogue: the season's products (CatalogueProduct), receipts: [{ paymentId,
 * season, number, amountEuros, issuedAt }] }`.
 * 400 'Inserisci un codice fiscale valido' for a malformed or invalid code,
 * 404 'Il codice fiscale inserito non risulta nei nostri sistemi' for an
 * unknown one, 405 for other methods, 503 when Firebase is not configured.
 */
export default fiscalCodeFunction('lookup-family', async (body, request) => {
  const session = await requireSession(request);
  const cf = parseFiscalCode(parseBody(bodySchema, body, ORDER_MESSAGES.invalidCf).cf);
  const db = getDb();
  const found = await findFamilyByParentCf(db, cf);
  if (!found) throw new UnknownFiscalCodeError();
  assertSessionFamily(session, found.family.id);
  const [items, receipts, settings] = await Promise.all([
    findFamilyItems(db, found.family.id, SEASON.campYear),
    findFamilyReceipts(db, found.family.id),
    readSeasonSettings(db, SEASON.campYear),
  ]);
  return jsonResponse(
    200,
    buildFamilyLookup({
      ...found,
      items,
      receipts,
      catalogue: catalogueOf(settings),
      season: SEASON.campYear,
      medicalFormCutoff: medicalFormCutoffInstant(settings.medicalForm),
    }),
  );
});

/**
 * At most 10 lookups a minute from one address on one domain: a parent
 * retrying a typo is fine, walking the space of fiscal codes is not.
 */
export const config: Config = { rateLimit: { windowLimit: 10, windowSize: 60, aggregateBy: ['ip', 'domain'] } };

import type { Config } from '@netlify/functions';
import { FieldValue, type Firestore, type Transaction } from 'firebase-admin/firestore';
import { z } from 'zod';
import { AUDIT_ACTION, type AuditAction } from '@domain/audit-log';
import { childDocument, COLLECTION, familyDocument, parentDocument } from '@domain/documents';
import { familyChangeSchema, type ParsedFamilyChange } from '@domain/family-change';
import { checkChild, checkParent, PARENT_TITLES } from '@domain/roster';
import { requireStaff } from '../lib/admin-auth';
import { adminActor, recordAudit } from '../lib/audit-log';
import { readSnapshot } from '../lib/documents';
import { getDb, runTransaction } from '../lib/firestore';
import { HttpError, jsonFunction, jsonResponse } from '../lib/http';
import { parseBody } from '../lib/order-request';
import { indexChild, indexParent, unindex } from '../lib/roster-index';
import { childHasOrders, familyParentIds, holderOfFiscalCode } from '../lib/roster-queries';
import { knownChild, knownParent } from '../lib/roster-writes';

/** Italian messages of admin-family. */
export const FAMILY_MESSAGES = {
  malformed: 'Richiesta non valida: serve "change" con il tipo di modifica e i dati.',
  familyGone: 'La famiglia non esiste più. Aggiorna la pagina.',
  childGone: 'Il figlio non esiste più. Aggiorna la pagina.',
  parentGone: 'Il genitore non esiste più. Aggiorna la pagina.',
  lastParent: 'Una famiglia ha almeno un genitore: aggiungi prima l’altro genitore.',
  taken: (cf: string, who: string) => `Il codice fiscale ${cf} è già di ${who}.`,
} as const;

const bodySchema = z.object({ change: familyChangeSchema });
type Change = ParsedFamilyChange;

/** The value of a person's check, or its first problem as a 400 (the editor checks the same before sending). */
function valueOf<T>(checked: { value: T | null; problems: Array<{ message: string }> }): T {
  const [problem] = checked.problems;
  if (problem || !checked.value) throw new HttpError(400, problem?.message ?? FAMILY_MESSAGES.malformed);
  return checked.value;
}

/** Refuses (409) a fiscal code that belongs to another child or parent than `self`: read in the transaction (serializable, so two admins adding one code cannot both pass). */
async function ensureFree(db: Firestore, transaction: Transaction, cf: string, self: string | null): Promise<void> {
  const holder = await holderOfFiscalCode(db, transaction, cf, self);
  if (holder) throw new HttpError(409, FAMILY_MESSAGES.taken(cf, holder.name));
}

async function readFamily(db: Firestore, transaction: Transaction, familyId: string) {
  const family = readSnapshot(familyDocument, await transaction.get(db.collection(COLLECTION.families).doc(familyId)));
  if (!family) throw new HttpError(404, FAMILY_MESSAGES.familyGone);
  return family;
}

/**
 * Replaces a corrected fiscal code in the family's search codes
 * (`families.fiscal_codes`): reads the family, then writes; call it before
 * the change's other writes.
 */
async function replaceCode(db: Firestore, transaction: Transaction, familyId: string, from: string, to: string): Promise<void> {
  const family = await readFamily(db, transaction, familyId);
  const codes = [...new Set([...family.fiscal_codes.filter((code) => code !== from), to])];
  transaction.update(db.collection(COLLECTION.families).doc(familyId), {
    fiscal_codes: codes,
    updated_at: FieldValue.serverTimestamp(),
  });
}

/** What one change wrote, for the audit entry. */
interface Applied {
  action: AuditAction;
  familyId: string;
  summary: string;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
}

/** Applies `change` in `transaction` (reads first, then writes); returns what the audit entry says. */
async function apply(db: Firestore, transaction: Transaction, change: Change): Promise<Applied> {
  const now = FieldValue.serverTimestamp();
  const families = db.collection(COLLECTION.families);
  switch (change.kind) {
    case 'addChild': {
      const child = valueOf(checkChild(change.child));
      const family = await readFamily(db, transaction, change.familyId);
      await ensureFree(db, transaction, child.cf, null);
      const ref = db.collection(COLLECTION.sons).doc();
      transaction.create(ref, {
        id: ref.id,
        family_id: family.id,
        ...child,
        medical_doc: '',
        medical_forms: [],
        archived_at: null,
        updated_at: now,
      });
      transaction.update(families.doc(family.id), { fiscal_codes: FieldValue.arrayUnion(child.cf), updated_at: now });
      indexChild(db, transaction, { id: ref.id, familyId: family.id, ...child, archived: false });
      return {
        action: AUDIT_ACTION.childAdd,
        familyId: family.id,
        summary: `${child.name} ${child.surname} aggiunto alla famiglia ${family.surname}`,
        before: null,
        after: { id: ref.id, ...child },
      };
    }
    case 'updateChild': {
      const child = valueOf(checkChild(change.child));
      const current = readSnapshot(childDocument, await transaction.get(db.collection(COLLECTION.sons).doc(change.childId)));
      if (!current) throw new HttpError(404, FAMILY_MESSAGES.childGone);
      if (child.cf !== current.cf) {
        await ensureFree(db, transaction, child.cf, current.id);
        await replaceCode(db, transaction, current.family_id, current.cf, child.cf);
        unindex(db, transaction, 'children', current.cf);
      }
      transaction.update(db.collection(COLLECTION.sons).doc(current.id), { ...child, updated_at: now });
      indexChild(db, transaction, { ...knownChild(current), ...child });
      const before = { name: current.name, surname: current.surname, cf: current.cf, branch: current.branch };
      return {
        action: AUDIT_ACTION.childUpdate,
        familyId: current.family_id,
        summary: `${child.name} ${child.surname} modificato`,
        before,
        after: child,
      };
    }
    case 'removeChild': {
      const current = readSnapshot(childDocument, await transaction.get(db.collection(COLLECTION.sons).doc(change.childId)));
      if (!current) throw new HttpError(404, FAMILY_MESSAGES.childGone);
      const who = `${current.name} ${current.surname}`;
      if (!(await childHasOrders(db, transaction, current.id))) {
        transaction.delete(db.collection(COLLECTION.sons).doc(current.id));
        transaction.update(families.doc(current.family_id), { fiscal_codes: FieldValue.arrayRemove(current.cf), updated_at: now });
        unindex(db, transaction, 'children', current.cf);
        return {
          action: AUDIT_ACTION.childRemove,
          familyId: current.family_id,
          summary: `${who} eliminato (nessun ordine)`,
          before: { id: current.id, cf: current.cf },
          after: null,
        };
      }
      transaction.update(db.collection(COLLECTION.sons).doc(current.id), { archived_at: now, updated_at: now });
      indexChild(db, transaction, { ...knownChild(current), archived: true });
      return {
        action: AUDIT_ACTION.childRemove,
        familyId: current.family_id,
        summary: `${who} archiviato (ha ordini: resta per i conti)`,
        before: { archived: false },
        after: { archived: true },
      };
    }
    case 'addParent': {
      const parent = valueOf(checkParent(change.parent, (field) => PARENT_TITLES[field]));
      const family = await readFamily(db, transaction, change.familyId);
      await ensureFree(db, transaction, parent.cf, null);
      const ref = db.collection(COLLECTION.parents).doc();
      transaction.create(ref, { id: ref.id, family_id: family.id, ...parent });
      transaction.update(families.doc(family.id), { fiscal_codes: FieldValue.arrayUnion(parent.cf), updated_at: now });
      indexParent(db, transaction, { id: ref.id, familyId: family.id, ...parent });
      return {
        action: AUDIT_ACTION.parentAdd,
        familyId: family.id,
        summary: `${parent.name} ${parent.surname} aggiunto come genitore alla famiglia ${family.surname}`,
        before: null,
        after: { id: ref.id, ...parent },
      };
    }
    case 'updateParent': {
      const parent = valueOf(checkParent(change.parent, (field) => PARENT_TITLES[field]));
      const current = readSnapshot(parentDocument, await transaction.get(db.collection(COLLECTION.parents).doc(change.parentId)));
      if (!current) throw new HttpError(404, FAMILY_MESSAGES.parentGone);
      if (parent.cf !== current.cf) {
        await ensureFree(db, transaction, parent.cf, current.id);
        await replaceCode(db, transaction, current.family_id, current.cf, parent.cf);
        unindex(db, transaction, 'parents', current.cf);
      }
      transaction.update(db.collection(COLLECTION.parents).doc(current.id), { ...parent });
      indexParent(db, transaction, { ...knownParent(current), ...parent });
      const { id: _id, family_id: _family, ...before } = current;
      return {
        action: AUDIT_ACTION.parentUpdate,
        familyId: current.family_id,
        summary: `${parent.name} ${parent.surname} (genitore) modificato`,
        before,
        after: { ...parent },
      };
    }
    case 'removeParent': {
      const current = readSnapshot(parentDocument, await transaction.get(db.collection(COLLECTION.parents).doc(change.parentId)));
      if (!current) throw new HttpError(404, FAMILY_MESSAGES.parentGone);
      const parentIds = await familyParentIds(db, transaction, current.family_id, 2);
      if (parentIds.every((parentId) => parentId === current.id)) throw new HttpError(409, FAMILY_MESSAGES.lastParent);
      transaction.delete(db.collection(COLLECTION.parents).doc(current.id));
      transaction.update(families.doc(current.family_id), { fiscal_codes: FieldValue.arrayRemove(current.cf), updated_at: now });
      unindex(db, transaction, 'parents', current.cf);
      const { id: _id, family_id: _family, ...before } = current;
      return {
        action: AUDIT_ACTION.parentRemove,
        familyId: current.family_id,
        summary: `${current.name} ${current.surname} (genitore) rimosso`,
        before,
        after: null,
      };
    }
  }
}

/**
 * POST /.netlify/functions/admin-family `{ change }` for an admin (docs/api.md,
 * "admin-family"; docs/admin.md, "Famiglie"): one change to a family's
 * people, checked as an import checks a row (src/domain/roster.ts) —
 * `addChild` / `updateChild` (a branch move included) / `removeChild`,
 * `addParent` / `updateParent` / `removeParent`. In one transaction: the
 * people, the family's search fields, the roster index and an audit entry.
 * A child who has orders is archived, not deleted (kept for the books, gone
 * from the parents' lookups); a family keeps at least one parent.
 *
 * Answers 200 `{ familyId }`. Errors `{ error }` in Italian: 400 for a
 * malformed body or a field that does not pass its check, 401/403 without an admin token, 404 for a family or person gone, 409
 * for a fiscal code someone else has, or the last parent, 405 for other
 * methods, 503 without Firebase.
 */
export default jsonFunction('admin-family', async (body, request) => {
  const { token } = await requireStaff(request, 'admin-family', 'roster');
  const { change } = parseBody(bodySchema, body, FAMILY_MESSAGES.malformed);
  const db = getDb();
  const familyId = await runTransaction(db, async (transaction) => {
    const applied = await apply(db, transaction, change);
    recordAudit(db, transaction, {
      actor: adminActor(token),
      action: applied.action,
      target: { collection: COLLECTION.families, id: applied.familyId },
      summary: applied.summary,
      before: applied.before,
      after: applied.after,
    });
    return applied.familyId;
  });
  return jsonResponse(200, { familyId });
});

/** An admin edits a few people a minute; the limit only stops a runaway loop. */
export const config: Config = { rateLimit: { windowLimit: 120, windowSize: 60, aggregateBy: ['ip', 'domain'] } };

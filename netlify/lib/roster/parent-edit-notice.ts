import type { Firestore, Transaction } from 'firebase-admin/firestore';
import type { RosterParent } from '@domain/roster/roster';
import type { MailContext } from '../platform/mail/layout';
import { enqueueMail } from '../platform/mail/outbox';
import { parentEditedMail } from './parent-edit-mails';

/**
 * The family is told when the group adds or changes a parent, from
 * 'Famiglie' or by 'Importa anagrafica' (docs/security.md, "Admin actions
 * and the audit log"): the family's other parents, and the changed parent's
 * previous address when the change replaced it, get parentEditedMail
 * through the outbox, in the transaction that writes the parent.
 */

/** A parent of the family as stored before the change: who, their address. */
export interface FamilyParent extends RosterParent {
  id: string;
}

/** A parent the group writes: made (`create`) or changed (`update`), with the fields it has after. */
export interface ParentEdit {
  op: 'create' | 'update';
  id: string;
  fields: RosterParent;
}

/** The fields a parent's change names, in Italian. */
const FIELD_NAMES = { name: 'nome', surname: 'cognome', cf: 'codice fiscale', email: 'e-mail', phone: 'telefono' } as const;

/** 'e-mail: new' for each field the parent's update changed (the fiscal code only said corrected). */
function changedFields(before: RosterParent, after: RosterParent): string[] {
  return (Object.keys(FIELD_NAMES) as Array<keyof typeof FIELD_NAMES>)
    .filter((field) => (before[field] ?? null) !== (after[field] ?? null))
    .map((field) => {
      if (field === 'cf') return 'codice fiscale corretto';
      const value = after[field];
      return `${FIELD_NAMES[field]}: ${value || 'tolto'}`;
    });
}

/**
 * Writes in `transaction` the notice of `edit` to the family whose parents
 * were `parents` before it (the edited one included when it existed).
 * @returns the message's id (deliver it after the commit), or null when nobody is to be told or nothing a parent sees changed.
 */
export function enqueueParentNotice(
  db: Firestore,
  transaction: Transaction,
  notice: { familyId: string; parents: readonly FamilyParent[]; edit: ParentEdit },
  context: MailContext,
): string | null {
  const { familyId, parents, edit } = notice;
  const before = parents.find((parent) => parent.id === edit.id) ?? null;
  const after = edit.fields;
  const changes = edit.op === 'create' ? (after.email ? [`e-mail: ${after.email}`] : []) : before ? changedFields(before, after) : [];
  if (edit.op === 'update' && changes.length === 0) return null;
  const others = parents.filter((parent) => parent.id !== edit.id).map((parent) => parent.email);
  const previous = before?.email && before.email !== after.email ? [before.email] : [];
  const to = [...new Set([...others, ...previous])].filter((email): email is string => Boolean(email) && email !== after.email);
  const content = parentEditedMail(
    { kind: edit.op === 'create' ? 'added' : 'changed', parentName: `${after.name} ${after.surname}`.trim(), changes },
    context,
  );
  return enqueueMail(db, transaction, { kind: 'family-parent-edited', to, content, familyId });
}

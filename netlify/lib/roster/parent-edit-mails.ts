import { GROUP } from '@config/group';
import { compose, greeting, say, type MailContent, type MailContext } from '../platform/mail/layout';

/** Data of {@link parentEditedMail}: the parent added or changed, and what changed (Italian field names with their new values). */
export interface ParentEditedMail {
  kind: 'added' | 'changed';
  parentName: string;
  /** 'e-mail: anna@example.com', 'telefono: 333 1234567'; for an addition, the parent's address. */
  changes: readonly string[];
}

/**
 * 'Un genitore della tua famiglia è stato aggiunto' / '… modificato', to the
 * family's other parents when the group adds or changes a parent from the
 * admin (docs/security.md, "Admin actions and the audit log"): who, what
 * changed, that the group did it, and whom to write to if it is wrong.
 */
export function parentEditedMail({ kind, parentName, changes }: ParentEditedMail, context: MailContext): MailContent {
  const added = kind === 'added';
  return compose(
    added ? 'Un genitore è stato aggiunto alla tua famiglia' : 'I dati di un genitore della tua famiglia sono cambiati',
    [
      say(greeting()),
      say(
        added
          ? `il gruppo ha aggiunto ${parentName} come genitore della vostra famiglia sul portale: potrà vedere i dati della famiglia e firmare per i figli.`
          : `il gruppo ha modificato i dati di ${parentName}, genitore della vostra famiglia sul portale.`,
      ),
      ...(changes.length > 0 ? [say(changes.map((change) => `- ${change}`).join('\n'))] : []),
      say(`Se non ti torna, scrivi subito a ${GROUP.email}.`),
    ],
    context,
  );
}

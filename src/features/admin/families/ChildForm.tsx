import { checkChild, type ChildField, type ChildInput } from '@domain/roster/roster';
import type { FamilyChild } from './api/families';
import { PersonForm, type PersonFormField } from './PersonForm';

const CHILD_FORM_FIELDS: ReadonlyArray<PersonFormField<ChildField>> = [
  { field: 'surname', label: 'Cognome', kind: 'text' },
  { field: 'name', label: 'Nome', kind: 'text' },
  { field: 'cf', label: 'Codice Fiscale', kind: 'text' },
  { field: 'branch', label: 'Branca', kind: 'branch' },
];

/** Props of {@link ChildForm}. */
export interface ChildFormProps {
  familyId: string;
  /** The family's surname, the new child's starting surname. */
  familySurname: string;
  /** The child edited; null to add one. */
  child: FamilyChild | null;
  onClose: () => void;
}

/**
 * Adds a child to the family or edits one (docs/admin.md, "Famiglie"):
 * Cognome, Nome, Codice Fiscale, Branca (moving a child to another branch
 * is an edit), checked with checkChild, then sent as `addChild` or
 * `updateChild` with the checked values (fiscal code normalised).
 */
export function ChildForm({ familyId, familySurname, child, onClose }: ChildFormProps) {
  const initial: ChildInput = child
    ? { surname: child.surname, name: child.name, cf: child.cf, branch: child.branch }
    : { surname: familySurname, name: '', cf: '', branch: '' };
  return (
    <PersonForm
      title={child ? `Modifica ${child.name} ${child.surname}` : 'Nuovo figlio'}
      fields={CHILD_FORM_FIELDS}
      initial={initial}
      prepare={(input) => {
        const checked = checkChild(input);
        if (!checked.value) return { problems: checked.problems, change: null };
        return {
          problems: checked.problems,
          change: child
            ? { kind: 'updateChild', childId: child.id, child: checked.value }
            : { kind: 'addChild', familyId, child: checked.value },
        };
      }}
      onClose={onClose}
    />
  );
}

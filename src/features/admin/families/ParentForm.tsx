import type { ParentDocument } from '@domain/roster/parent-schema';
import { checkParent, type ParentField, type ParentInput } from '@domain/roster/roster';
import { PersonForm, type PersonFormField } from './PersonForm';

const PARENT_FORM_FIELDS: ReadonlyArray<PersonFormField<ParentField>> = [
  { field: 'surname', label: 'Cognome', kind: 'text' },
  { field: 'name', label: 'Nome', kind: 'text' },
  { field: 'cf', label: 'Codice Fiscale', kind: 'text' },
  { field: 'email', label: 'Email', kind: 'email', autoComplete: 'off' },
  { field: 'phone', label: 'Telefono', kind: 'tel', autoComplete: 'off' },
];

/** The fields' labels, which also name them in checkParent's messages ('Manca «Codice Fiscale».'). */
const PARENT_LABEL = Object.fromEntries(PARENT_FORM_FIELDS.map(({ field, label }) => [field, label])) as Record<ParentField, string>;

/** Props of {@link ParentForm}. */
export interface ParentFormProps {
  familyId: string;
  /** The parent edited; null to add one. */
  parent: ParentDocument | null;
  onClose: () => void;
}

/**
 * Adds a parent to the family or edits one (docs/admin.md, "Famiglie"):
 * Cognome, Nome, Codice Fiscale, Email and Telefono (both optional),
 * checked with checkParent, then sent as `addParent` or `updateParent` with
 * the checked values ('' for no e-mail or phone, as admin-family takes them).
 */
export function ParentForm({ familyId, parent, onClose }: ParentFormProps) {
  const initial: ParentInput = parent
    ? { surname: parent.surname, name: parent.name, cf: parent.cf, email: parent.email ?? '', phone: parent.phone ?? '' }
    : { surname: '', name: '', cf: '', email: '', phone: '' };
  return (
    <PersonForm
      title={parent ? `Modifica ${parent.name} ${parent.surname}` : 'Nuovo genitore'}
      fields={PARENT_FORM_FIELDS}
      initial={initial}
      prepare={(input) => {
        const checked = checkParent(input, (field) => PARENT_LABEL[field]);
        if (!checked.value) return { problems: checked.problems, change: null };
        const fields: ParentInput = { ...checked.value, email: checked.value.email ?? '', phone: checked.value.phone ?? '' };
        return {
          problems: checked.problems,
          change: parent ? { kind: 'updateParent', parentId: parent.id, parent: fields } : { kind: 'addParent', familyId, parent: fields },
        };
      }}
      onClose={onClose}
    />
  );
}

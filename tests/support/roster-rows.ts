import { DEMO_FAMILIES } from '../../emulators/seed/demo-data';
import { childFiscalCode } from '../../emulators/seed/seed';
import { columnTitle, PARENT_FIELDS, type ParentInput, type RosterRow } from '@domain/roster/roster';

/** A child's cells and up to two parents' (fields as the template names them, without the 'Genitore n' suffix). */
export interface RowPeople {
  child: { surname: string; name: string; cf: string; branch: string };
  parents: Array<Partial<ParentInput> & { cf: string }>;
}

/** One file row, cells by template title (src/domain/roster/roster.ts, ROSTER_TEMPLATE_HEADER). */
export function rosterRow(row: number, { child, parents }: RowPeople): RosterRow {
  const cells: Record<string, string> = {
    Cognome: child.surname,
    Nome: child.name,
    'Codice Fiscale': child.cf,
    Branca: child.branch,
  };
  parents.forEach((parent, index) => {
    for (const field of PARENT_FIELDS) {
      cells[columnTitle({ person: index === 0 ? 'parent1' : 'parent2', field })] = parent[field] ?? '';
    }
  });
  return { row, cells };
}

/** The demo families (emulators/seed/demo-data.ts) as a group's spreadsheet lists them: one row per child, from row 2. */
export function demoRosterRows(): RosterRow[] {
  const people = DEMO_FAMILIES.flatMap((family) =>
    family.children.map((child): RowPeople => ({
      child: { surname: family.surname, name: child.name, cf: childFiscalCode(family, child), branch: child.branch },
      parents: family.parents.map((parent) => ({
        surname: family.surname,
        name: parent.name,
        cf: parent.cf,
        email: parent.email,
        phone: parent.phone ?? '',
      })),
    })),
  );
  return people.map((each, index) => rosterRow(index + 2, each));
}

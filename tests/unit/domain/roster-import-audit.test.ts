import { describe, expect, it } from 'vitest';
import { planFamily, type KnownChild, type KnownParent } from '@domain/roster/roster-import';
import { familyImportRecord, familyRecordLines } from '@domain/roster/roster-import-audit';

const marco: KnownChild = {
  id: 'marco',
  familyId: 'family-gialli',
  cf: 'CHILD-MARCO',
  name: 'Marco',
  surname: 'Gialli',
  branch: 'Branco',
  archived: true,
};
const laura: KnownParent = {
  id: 'laura',
  familyId: 'family-gialli',
  cf: 'PARENT-LAURA',
  name: 'Laura',
  surname: 'Gialli',
  email: 'laura@example.com',
  phone: '+39 333 000 0000',
};
const children = new Map([[marco.cf, marco]]);
const parents = new Map([[laura.cf, laura]]);

describe("the import's record of a family", () => {
  it("keeps each change before and after (a parent's e-mail and phone taken away, a child moved and brought back) and the people added", () => {
    const planned = planFamily(
      {
        surname: 'Gialli',
        rows: [2, 3],
        children: [
          { cf: 'CHILD-MARCO', name: 'Marco', surname: 'Gialli', branch: 'Reparto', row: 2 },
          { cf: 'CHILD-ELISA', name: 'Elisa', surname: 'Gialli', branch: 'Clan', row: 3 },
        ],
        parents: [
          { cf: 'PARENT-LAURA', name: 'Laura', surname: 'Gialli', email: 'laura.nuova@example.com', phone: null },
          { cf: 'PARENT-PAOLO', name: 'Paolo', surname: 'Gialli', email: 'paolo@example.com', phone: null },
        ],
      },
      children,
      parents,
      new Map(),
    );
    if (!('plan' in planned)) throw new Error('not planned');
    const record = familyImportRecord(
      planned.plan,
      { familyId: 'family-gialli', newChildIds: ['elisa'], newParentIds: ['paolo'] },
      children,
      parents,
    );
    expect(record).toEqual({
      family_id: 'family-gialli',
      surname: 'Gialli',
      created: false,
      children_added: [{ id: 'elisa', name: 'Elisa Gialli', branch: 'Clan' }],
      parents_added: [{ id: 'paolo', name: 'Paolo Gialli', email: 'paolo@example.com', phone: null }],
      children_changed: [
        { id: 'marco', name: 'Marco Gialli', before: { branch: 'Branco', archived: true }, after: { branch: 'Reparto', archived: false } },
      ],
      parents_changed: [
        {
          id: 'laura',
          name: 'Laura Gialli',
          before: { email: 'laura@example.com', phone: '+39 333 000 0000' },
          after: { email: 'laura.nuova@example.com', phone: null },
        },
      ],
    });
    expect(familyRecordLines(record)).toEqual({
      heading: 'Gialli',
      lines: [
        'Aggiunto Elisa Gialli (Clan)',
        'Aggiunto genitore Paolo Gialli, e-mail paolo@example.com, telefono —',
        'Marco Gialli: Branca Branco → Reparto; Stato Archiviato → Nel censimento',
        'Laura Gialli (genitore): Email laura@example.com → laura.nuova@example.com; Telefono +39 333 000 0000 → —',
      ],
    });
  });
});

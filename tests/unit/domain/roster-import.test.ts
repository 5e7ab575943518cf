import { describe, expect, it } from 'vitest';
import type { CheckedRoster, RosterFamily } from '@domain/roster/roster';
import { JOINS_FAMILIES, planImport, type KnownChild, type KnownParent, type KnownRoster } from '@domain/roster/roster-import';

const child = (over: Partial<KnownChild> & Pick<KnownChild, 'id' | 'cf' | 'name'>): KnownChild => ({
  familyId: 'family-gialli',
  surname: 'Gialli',
  branch: 'Reparto',
  archived: false,
  ...over,
});
const parent = (over: Partial<KnownParent> & Pick<KnownParent, 'id' | 'cf' | 'name'>): KnownParent => ({
  familyId: 'family-gialli',
  surname: 'Gialli',
  email: null,
  phone: null,
  ...over,
});

const roster: KnownRoster = {
  children: [
    child({ id: 'marco', cf: 'CHILD-MARCO', name: 'Marco' }),
    child({ id: 'elisa', cf: 'CHILD-ELISA', name: 'Elisa', branch: 'Branco', archived: true }),
    child({ id: 'ugo', cf: 'CHILD-UGO', name: 'Ugo', surname: 'Neri', familyId: 'family-neri' }),
    child({ id: 'anna', cf: 'CHILD-ANNA', name: 'Anna', surname: 'Neri', familyId: 'family-neri' }),
  ],
  parents: [
    parent({ id: 'laura', cf: 'PARENT-LAURA', name: 'Laura', email: 'laura@example.com' }),
    parent({ id: 'franco', cf: 'PARENT-FRANCO', name: 'Franco', surname: 'Neri', familyId: 'family-neri' }),
  ],
  surnames: new Map([
    ['family-gialli', 'Gialli'],
    ['family-neri', 'Neri'],
  ]),
};

const laura = { cf: 'PARENT-LAURA', name: 'Laura', surname: 'Gialli', email: 'laura@example.com', phone: null };
const family = (over: Partial<RosterFamily>): RosterFamily => ({ surname: 'Gialli', children: [], parents: [laura], rows: [2], ...over });
const checked = (families: RosterFamily[], childCodes: string[]): CheckedRoster => ({
  families,
  errors: [],
  childCodes: new Set(childCodes),
});

describe('planning an import against the roster', () => {
  it('brings back an archived child the file names again, and lists the active children the file leaves out', () => {
    const gialli = family({
      children: [
        { cf: 'CHILD-MARCO', name: 'Marco', surname: 'Gialli', branch: 'Reparto', row: 2 },
        { cf: 'CHILD-ELISA', name: 'Elisa', surname: 'Gialli', branch: 'Branco', row: 3 },
      ],
      rows: [2, 3],
    });
    const plan = planImport(checked([gialli], ['CHILD-MARCO', 'CHILD-ELISA']), roster);
    expect(plan.update).toHaveLength(1);
    expect(plan.update[0]).toMatchObject({
      familyId: 'family-gialli',
      childUpdates: [{ id: 'elisa', cf: 'CHILD-ELISA', set: { archived: false } }],
      changes: [{ person: 'Elisa Gialli', field: 'Stato', from: 'Archiviato', to: 'Nel censimento' }],
    });
    expect(plan.missing.map((each) => each.name)).toEqual(['Anna', 'Ugo']);
  });

  it('refuses a file family that would join two families of the roster, naming them, and plans nothing for it', () => {
    const joining = family({
      children: [
        { cf: 'CHILD-MARCO', name: 'Marco', surname: 'Gialli', branch: 'Reparto', row: 2 },
        { cf: 'CHILD-UGO', name: 'Ugo', surname: 'Gialli', branch: 'Reparto', row: 3 },
      ],
      rows: [2, 3],
    });
    const plan = planImport(checked([joining], ['CHILD-MARCO', 'CHILD-UGO']), roster);
    expect(plan.create).toEqual([]);
    expect(plan.update).toEqual([]);
    const message = JOINS_FAMILIES(['Gialli', 'Neri']);
    expect(plan.errors).toEqual([
      { row: 2, column: 'Codice Fiscale Genitore 1', message },
      { row: 3, column: 'Codice Fiscale Genitore 1', message },
    ]);
    expect(plan.joined.sort()).toEqual(['family-gialli', 'family-neri']);
  });

  it('adds a new child to the family of a known parent instead of creating a family', () => {
    const withNewChild = family({ children: [{ cf: 'CHILD-NEW', name: 'Nina', surname: 'Gialli', branch: 'Branco', row: 2 }] });
    const plan = planImport(checked([withNewChild], ['CHILD-NEW']), roster);
    expect(plan.create).toEqual([]);
    expect(plan.update[0]).toMatchObject({ familyId: 'family-gialli', newChildren: [expect.objectContaining({ name: 'Nina' })] });
  });
});

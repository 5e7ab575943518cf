import { describe, expect, it } from 'vitest';
import { staffSchema } from '@domain/staff/staff-role-schema';
import { can, canOpenMedicalForm, claimsOf, sameStaff, staffLabel, staffOf, visibleBranches } from '@domain/staff/staff-roles';

describe('staffOf', () => {
  it('reads the three roles from their claims, and a capo keeps only real branches in their order', () => {
    expect(staffOf({ role: 'admin' })).toEqual({ role: 'admin' });
    expect(staffOf({ role: 'tesoriere', branches: ['Clan'] })).toEqual({ role: 'tesoriere' });
    expect(staffOf({ role: 'capo', branches: ['Clan', 'Lupetti', 'Branco'] })).toEqual({ role: 'capo', branches: ['Branco', 'Clan'] });
  });

  it('gives no role to a parent, the old admin: true claim, an unknown role or a capo without branches', () => {
    for (const claims of [{}, { admin: true }, { role: 'segretario' }, { role: 'capo' }, { role: 'capo', branches: ['Lupetti'] }]) {
      expect(staffOf(claims)).toBeNull();
    }
  });

  it('tells the same role apart from another: none, the role, a capo by branches', () => {
    expect(sameStaff(null, null)).toBe(true);
    expect(sameStaff({ role: 'admin' }, { role: 'admin' })).toBe(true);
    expect(sameStaff({ role: 'capo', branches: ['Branco', 'Clan'] }, { role: 'capo', branches: ['Branco', 'Clan'] })).toBe(true);
    expect(sameStaff(null, { role: 'tesoriere' })).toBe(false);
    expect(sameStaff({ role: 'admin' }, { role: 'tesoriere' })).toBe(false);
    expect(sameStaff({ role: 'capo', branches: ['Branco'] }, { role: 'capo', branches: ['Branco', 'Clan'] })).toBe(false);
    expect(sameStaff({ role: 'capo', branches: ['Reparto'] }, { role: 'capo', branches: ['Clan'] })).toBe(false);
  });

  it('round-trips through claimsOf', () => {
    const leader = { role: 'capo', branches: ['Reparto'] } as const;
    expect(staffOf(claimsOf(leader))).toEqual(leader);
    expect(claimsOf({ role: 'tesoriere' })).toEqual({ role: 'tesoriere' });
  });
});

describe('what each role may do', () => {
  const admin = { role: 'admin' } as const;
  const treasurer = { role: 'tesoriere' } as const;
  const leader = { role: 'capo', branches: ['Reparto'] } as const;

  it('the treasurer has payments, the roster, settings and the log, no medical forms, no privacy actions, no users', () => {
    expect(['payments', 'roster', 'settings', 'auditLog'].every((permission) => can(treasurer, permission as never))).toBe(true);
    expect(can(treasurer, 'medicalForms') || can(treasurer, 'privacy') || can(treasurer, 'users')).toBe(false);
    expect(canOpenMedicalForm(treasurer, 'Reparto')).toBe(false);
    expect(visibleBranches(treasurer)).toEqual([]);
  });

  it("a capo has only their branches' medical forms: no payments, no roster", () => {
    expect(can(leader, 'medicalForms')).toBe(true);
    expect(can(leader, 'payments') || can(leader, 'roster') || can(leader, 'settings') || can(leader, 'auditLog')).toBe(false);
    expect(canOpenMedicalForm(leader, 'Reparto')).toBe(true);
    expect(canOpenMedicalForm(leader, 'Clan')).toBe(false);
    expect(visibleBranches(leader)).toEqual(['Reparto']);
  });

  it('the admin has everything and every branch', () => {
    expect(can(admin, 'users') && can(admin, 'privacy') && canOpenMedicalForm(admin, 'Clan')).toBe(true);
    expect(visibleBranches(admin)).toEqual(['Branco', 'Reparto', 'Clan']);
    expect(staffLabel({ role: 'capo', branches: ['Reparto', 'Clan'] })).toBe('Capo (Reparto, Clan)');
  });
});

describe('staffSchema', () => {
  it('accepts a role as the Utenti view sends it, a capo needing a branch', () => {
    expect(staffSchema.parse({ role: 'capo', branches: ['Clan', 'Reparto', 'Clan'] })).toEqual({
      role: 'capo',
      branches: ['Reparto', 'Clan'],
    });
    expect(staffSchema.safeParse({ role: 'capo', branches: [] }).error?.issues[0]?.message).toBe(
      'Un capo deve avere almeno una branca (Branco, Reparto, Clan).',
    );
    expect(staffSchema.safeParse({ role: 'root' }).error?.issues[0]?.message).toBe(
      'Ruolo non valido: scegli amministratore, tesoriere o capo.',
    );
  });
});

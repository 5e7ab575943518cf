import { BRANCHES, type Branch } from '../branches';

/**
 * Who may do what in the admin (docs/security.md, "Roles"). A volunteer's
 * role is a Firebase custom claim, `role`, with `branches` for a capo; the
 * functions, the security rules and the admin screens all read it through
 * {@link staffOf} and {@link can}.
 */

export const STAFF_ROLES = ['admin', 'tesoriere', 'capo'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

/** A signed-in volunteer: a capo carries the branches whose children they look after (at least one). */
export type Staff = { role: 'admin' } | { role: 'tesoriere' } | { role: 'capo'; branches: readonly Branch[] };

/**
 * What a screen or a function needs:
 * - `payments`: payments, 'Estratto conto', receipts, reminders, 'Situazione iscritti';
 * - `roster`: 'Famiglie', the roster import, a family's people;
 * - `settings`: 'Impostazioni' (prices, products, deadlines);
 * - `auditLog`: 'Registro';
 * - `medicalForms`: 'Schede mediche' (each form still checked against the capo's branches);
 * - `privacy`: a family's data exported or erased, the medical forms deleted early;
 * - `users`: 'Utenti', granting roles;
 * - `documents`: 'Documenti' (each child still checked against the capo's branches, {@link visibleBranches});
 * - `events`: 'Uscite e campi' (a capo sees the events of their branches and changes only those all of whose branches are theirs);
 * - `admissions`: 'Lista d'attesa', the applications and the Comunità capi's decisions.
 */
export type Permission =
  'payments' | 'roster' | 'settings' | 'auditLog' | 'medicalForms' | 'privacy' | 'users' | 'documents' | 'events' | 'admissions';

const PERMISSIONS: Record<StaffRole, readonly Permission[]> = {
  admin: ['payments', 'roster', 'settings', 'auditLog', 'medicalForms', 'privacy', 'users', 'documents', 'events', 'admissions'],
  tesoriere: ['payments', 'roster', 'settings', 'auditLog'],
  capo: ['medicalForms', 'documents', 'events', 'admissions'],
};

/** Each role's Italian name ('Utenti'). */
export const STAFF_ROLE_LABELS: Record<StaffRole, string> = {
  admin: 'Amministratore',
  tesoriere: 'Tesoriere',
  capo: 'Capo',
};

/**
 * The volunteer a token's custom claims describe, or null when they carry no
 * valid role (a parent, an account never granted, a capo without branches).
 */
export function staffOf(claims: Record<string, unknown>): Staff | null {
  const { role, branches } = claims;
  if (role === 'admin' || role === 'tesoriere') return { role };
  if (role !== 'capo' || !Array.isArray(branches)) return null;
  const own = BRANCHES.filter((branch) => branches.includes(branch));
  return own.length > 0 ? { role, branches: own } : null;
}

/** The custom claims that give `staff` its role (what {@link staffOf} reads back). */
export function claimsOf(staff: Staff): { role: StaffRole; branches?: readonly Branch[] } {
  return staff.role === 'capo' ? { role: staff.role, branches: staff.branches } : { role: staff.role };
}

/** Whether `a` and `b` are the same role (null: no role); a capo's branches compare in {@link staffOf}'s order. */
export function sameStaff(a: Staff | null, b: Staff | null): boolean {
  if (!a || !b) return a === b;
  if (a.role !== 'capo' || b.role !== 'capo') return a.role === b.role;
  return a.branches.length === b.branches.length && a.branches.every((branch, index) => b.branches[index] === branch);
}

/**
 * Where a volunteer's account stands (docs/security.md, "Roles"). A role
 * counts only for an account whose e-mail is verified:
 * - `active`: the e-mail is verified;
 * - `invited`: an invitation created it ('Utenti', `admin-users`) and the
 *   volunteer has not yet set a password through the e-mailed link (which
 *   verifies the e-mail);
 * - `unverified`: neither, so anyone may have registered it; it gets no role.
 */
export type StaffAccountState = 'active' | 'invited' | 'unverified';

/** Each state as 'Utenti' says it. */
export const STAFF_ACCOUNT_STATE_LABELS: Record<StaffAccountState, string> = {
  active: 'Attivo',
  invited: 'Invito inviato, in attesa di conferma dell’e-mail',
  unverified: 'E-mail non confermata: account non creato da un invito',
};

/** Whether `staff` may use what `permission` names. */
export function can(staff: Staff, permission: Permission): boolean {
  return PERMISSIONS[staff.role].includes(permission);
}

/** Whether `staff` may open the medical forms of a child of `branch`: an admin any, a capo their branches', nobody else. */
export function canOpenMedicalForm(staff: Staff, branch: Branch): boolean {
  if (staff.role === 'capo') return staff.branches.includes(branch);
  return can(staff, 'medicalForms');
}

/** The branches whose children `staff` sees in 'Schede mediche': a capo's own, every branch for an admin. */
export function visibleBranches(staff: Staff): readonly Branch[] {
  if (staff.role === 'capo') return staff.branches;
  return can(staff, 'medicalForms') ? BRANCHES : [];
}

/** A role as 'Utenti' shows it: 'Capo (Reparto, Clan)'. */
export function staffLabel(staff: Staff): string {
  const label = STAFF_ROLE_LABELS[staff.role];
  return staff.role === 'capo' ? `${label} (${staff.branches.join(', ')})` : label;
}

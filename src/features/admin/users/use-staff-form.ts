import { useState, type FormEvent } from 'react';
import type { Branch } from '@domain/branches';
import type { Staff, StaffRole } from '@domain/staff/staff-roles';
import type { StaffAccount } from './api/users';
import { useSaveStaffRole } from './api/users-queries';

/** The role form's value for no role at all. */
export const NO_ROLE = 'nessuno';

/** The role the form describes, or an Italian reason it does not hold together. */
function chosenStaff(role: string, branches: readonly Branch[]): Staff | null | string {
  if (role === NO_ROLE) return null;
  if (role === 'capo') return branches.length > 0 ? { role, branches } : 'Scegli almeno una branca per il capo.';
  return { role: role as Exclude<StaffRole, 'capo'> };
}

/**
 * The form of 'Utenti' (Users): the e-mail, the role and a capo's branches,
 * filled from a listed account by `edit`; `submit` checks them (an Italian
 * `problem` otherwise) and saves: 'Invita' for a new address, 'Salva' for
 * an account of `accounts`.
 */
export function useStaffForm(accounts: readonly StaffAccount[] | undefined) {
  const save = useSaveStaffRole();
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<string>('capo');
  const [branches, setBranches] = useState<Branch[]>([]);
  const [problem, setProblem] = useState('');
  const typed = email.trim().toLowerCase();
  const existing = accounts?.some((account) => account.email === typed) ?? false;

  const edit = (account: StaffAccount) => {
    setEmail(account.email);
    setRole(account.staff?.role ?? NO_ROLE);
    setBranches(account.staff?.role === 'capo' ? [...account.staff.branches] : []);
    setProblem('');
    save.reset();
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const staff = chosenStaff(role, branches);
    if (!typed.includes('@')) return setProblem('Scrivi l’e-mail del volontario.');
    if (typeof staff === 'string') return setProblem(staff);
    if (!staff && !existing) return setProblem('Scegli il ruolo del volontario da invitare.');
    setProblem('');
    save.mutate({ email: typed, staff, existing });
  };
  const toggle = (branch: Branch) =>
    setBranches(branches.includes(branch) ? branches.filter((chosen) => chosen !== branch) : [...branches, branch]);

  return { email, setEmail, role, setRole, branches, toggle, problem, existing, edit, submit, save };
}

/** The form's state and actions (useStaffForm). */
export type StaffForm = ReturnType<typeof useStaffForm>;

import { useState, type FormEvent } from 'react';
import { Alert } from '@/components/ui/Alert';
import { Button } from '@/components/ui/Button';
import { ScrollingTable } from '@/components/ui/ScrollingTable';
import { Select } from '@/components/ui/Select';
import { Spinner } from '@/components/ui/Spinner';
import { TextField } from '@/components/ui/TextField';
import { BRANCHES, type Branch } from '@/domain/plans';
import { STAFF_ROLE_LABELS, STAFF_ROLES, staffLabel, type Staff, type StaffRole } from '@/domain/staff-roles';
import { describeError } from '@/lib/errors';
import { useGrantStaffRole, useStaffAccounts } from '../api/users-queries';
import { RetryAlert } from '../shell/ReadAlerts';

const NO_ROLE = 'nessuno';
const ROLE_OPTIONS = [
  ...STAFF_ROLES.map((role) => ({ value: role, label: STAFF_ROLE_LABELS[role] })),
  { value: NO_ROLE, label: 'Nessun ruolo (nessun accesso)' },
];

/** The role the form describes, or an Italian reason it does not hold together. */
function chosenStaff(role: string, branches: readonly Branch[]): Staff | null | string {
  if (role === NO_ROLE) return null;
  if (role === 'capo') return branches.length > 0 ? { role, branches } : 'Scegli almeno una branca per il capo.';
  return { role: role as Exclude<StaffRole, 'capo'> };
}

/**
 * /admin/utenti, 'Utenti' (docs/security.md, "Roles"), for an admin: the
 * project's accounts with their role, 'Modifica' to fill the form with one,
 * and the form 'E-mail', 'Ruolo' and, for a capo, the branches, 'Salva'
 * (admin-users, audited). A new role counts from the account's next sign-in.
 */
export function Users() {
  const accounts = useStaffAccounts();
  const grant = useGrantStaffRole();
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<string>('capo');
  const [branches, setBranches] = useState<Branch[]>([]);
  const [problem, setProblem] = useState('');

  const edit = (account: { email: string; staff: Staff | null }) => {
    setEmail(account.email);
    setRole(account.staff?.role ?? NO_ROLE);
    setBranches(account.staff?.role === 'capo' ? [...account.staff.branches] : []);
    setProblem('');
    grant.reset();
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const staff = chosenStaff(role, branches);
    if (!email.includes('@')) return setProblem('Scrivi l’e-mail dell’account.');
    if (typeof staff === 'string') return setProblem(staff);
    setProblem('');
    grant.mutate({ email: email.trim(), staff });
  };
  const toggle = (branch: Branch) =>
    setBranches(branches.includes(branch) ? branches.filter((chosen) => chosen !== branch) : [...branches, branch]);

  return (
    <div className="space-y-5">
      <h1 className="text-2xl font-bold text-brand-800">Utenti</h1>
      <p className="text-sm text-gray-700">
        Amministratore: tutto. Tesoriere: pagamenti, estratto conto, ricevute, promemoria, famiglie; nessuna scheda medica. Capo: le schede
        mediche dei ragazzi delle sue branche; nessun pagamento.
      </p>
      {accounts.isPending && <Spinner />}
      {accounts.isError && <RetryAlert error={accounts.error} onRetry={() => void accounts.refetch()} />}
      {accounts.isSuccess && (
        <ScrollingTable label="Tabella utenti, scorrevole" columns={['E-mail', 'Ruolo', '']}>
          {accounts.data.map((account) => (
            <tr key={account.uid} data-testid="staff-row">
              <td className="px-3 py-2">
                {account.email}
                {account.disabled && ' (disattivato)'}
              </td>
              <td className="px-3 py-2">{account.staff ? staffLabel(account.staff) : 'Nessun ruolo'}</td>
              <td className="px-3 py-2">
                <Button
                  variant="secondary"
                  size="sm"
                  className="min-h-11"
                  aria-label={`Modifica ${account.email}`}
                  onClick={() => edit(account)}
                >
                  Modifica
                </Button>
              </td>
            </tr>
          ))}
        </ScrollingTable>
      )}
      <form onSubmit={submit} className="max-w-md space-y-3 rounded-xl border border-gray-200 p-4" noValidate>
        <h2 className="text-lg font-semibold text-brand-800">Assegna un ruolo</h2>
        <TextField label="E-mail" type="email" autoComplete="off" value={email} onChange={(event) => setEmail(event.target.value)} />
        <Select label="Ruolo" options={ROLE_OPTIONS} value={role} onChange={setRole} />
        {role === 'capo' && (
          <fieldset className="space-y-1">
            <legend className="text-sm font-medium text-gray-800">Branche</legend>
            {BRANCHES.map((branch) => (
              <label key={branch} className="flex min-h-11 items-center gap-2">
                <input type="checkbox" className="size-5" checked={branches.includes(branch)} onChange={() => toggle(branch)} />
                {branch}
              </label>
            ))}
          </fieldset>
        )}
        {problem && <Alert kind="error">{problem}</Alert>}
        {grant.isError && <Alert kind="error">{describeError(grant.error)}</Alert>}
        {grant.isSuccess && (
          <Alert kind="success">
            {grant.data.email}: {grant.data.staff ? staffLabel(grant.data.staff) : 'nessun ruolo'}. Vale dal prossimo accesso.
          </Alert>
        )}
        <Button type="submit" className="min-h-11" loading={grant.isPending}>
          Salva
        </Button>
      </form>
    </div>
  );
}

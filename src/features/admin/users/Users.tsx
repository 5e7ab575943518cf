import { Alert } from '@/components/ui/Alert';
import { Button } from '@/components/ui/Button';
import { ScrollingTable } from '@/components/ui/ScrollingTable';
import { Select } from '@/components/ui/Select';
import { Spinner } from '@/components/ui/Spinner';
import { TextField } from '@/components/ui/TextField';
import { italianDateTime } from '@domain/italian-time';
import { BRANCHES } from '@domain/branches';
import { STAFF_ACCOUNT_STATE_LABELS, STAFF_ROLE_LABELS, STAFF_ROLES, staffLabel } from '@domain/staff/staff-roles';
import { describeError } from '@/lib/errors';
import type { InvitationOutcome, StaffAccount } from './api/users';
import { useResendInvitation, useStaffAccounts } from './api/users-queries';
import { RetryAlert } from '../shell/ReadAlerts';
import { NO_ROLE, useStaffForm, type StaffForm } from './use-staff-form';

const ROLE_OPTIONS = [
  ...STAFF_ROLES.map((role) => ({ value: role, label: STAFF_ROLE_LABELS[role] })),
  { value: NO_ROLE, label: 'Nessun ruolo (nessun accesso)' },
];

/** What a saved role or an invitation means for the volunteer, in one sentence. */
function savedMessage(account: StaffAccount, invitation: InvitationOutcome): string {
  const role = account.staff ? staffLabel(account.staff) : 'nessun ruolo';
  if (invitation === 'sent') {
    return `Invito inviato a ${account.email}: riceverà un’e-mail con il link per scegliere la password. Il ruolo ${role} vale da quando l’avrà scelta.`;
  }
  if (invitation === 'recent') {
    return `Ruolo salvato. Un invito a ${account.email} è partito meno di un minuto fa, quindi non ne mandiamo un altro: controlla la casella, anche lo spam.`;
  }
  if (account.state === 'invited') return `${account.email}: ${role}. Vale da quando avrà scelto la password dal link dell’invito.`;
  return `${account.email}: ${role}. Vale dal prossimo accesso: se ha una sessione aperta, dovrà accedere di nuovo.`;
}

/** An account's state as its row says it: the state, when the last invitation left, what to do with an account nobody proved. */
function stateText(account: StaffAccount): string {
  const label = STAFF_ACCOUNT_STATE_LABELS[account.state];
  if (account.state === 'invited' && account.invitationSentAt) return `${label} (invito del ${italianDateTime(account.invitationSentAt)})`;
  if (account.state === 'unverified') return `${label}: eliminalo nella console di Firebase e invitalo di nuovo`;
  return label;
}

/**
 * /admin/utenti, 'Utenti' (docs/security.md, "Roles"), for an admin: the
 * project's accounts with their role and state ('Attivo', 'Invito inviato,
 * in attesa di conferma dell’e-mail', …), 'Modifica' to fill the form with
 * one, 'Invia di nuovo' on an invited account, and the form 'E-mail',
 * 'Ruolo' and, for a capo, the branches: 'Invita' for a new address (the
 * account made, the link to set the password e-mailed), 'Salva' for an
 * account listed (admin-users, audited). A role counts once the volunteer's
 * e-mail is verified, from their next sign-in.
 */
export function Users() {
  const accounts = useStaffAccounts();
  const resend = useResendInvitation();
  const form = useStaffForm(accounts.data);
  return (
    <div className="space-y-5">
      <h1 className="text-2xl font-bold text-brand-800">Utenti</h1>
      <p className="text-sm text-gray-700">
        Amministratore: tutto. Tesoriere: pagamenti, estratto conto, ricevute, promemoria, famiglie; nessuna scheda medica. Capo: le schede
        mediche dei ragazzi delle sue branche; nessun pagamento.
      </p>
      <p className="text-sm text-gray-700">
        Un nuovo volontario riceve un invito per e-mail: sceglie la password dal link e da quel momento il suo ruolo vale. Ogni cambio di
        ruolo chiude le sessioni aperte dell’account: il volontario accede di nuovo.
      </p>
      {accounts.isPending && <Spinner />}
      {accounts.isError && <RetryAlert error={accounts.error} onRetry={() => void accounts.refetch()} />}
      {accounts.isSuccess && (
        <ScrollingTable label="Tabella utenti, scorrevole" columns={['E-mail', 'Ruolo', 'Stato', '']}>
          {accounts.data.map((account) => (
            <StaffRow key={account.uid} account={account} onEdit={form.edit} resend={resend} />
          ))}
        </ScrollingTable>
      )}
      {resend.isError && <Alert kind="error">{describeError(resend.error)}</Alert>}
      {resend.isSuccess && (
        <Alert kind="success">
          {resend.data.invitation === 'recent'
            ? `Un invito a ${resend.data.account.email} è partito meno di un minuto fa, quindi non ne mandiamo un altro: controlla la casella, anche lo spam.`
            : `Invito inviato di nuovo a ${resend.data.account.email}: il nuovo link vale un’ora.`}
        </Alert>
      )}
      <StaffRoleForm form={form} />
    </div>
  );
}

/** One account's row: e-mail, role, state, 'Modifica' and, for an invited account, 'Invia di nuovo'. */
function StaffRow({
  account,
  onEdit,
  resend,
}: {
  account: StaffAccount;
  onEdit: (account: StaffAccount) => void;
  resend: ReturnType<typeof useResendInvitation>;
}) {
  return (
    <tr data-testid="staff-row">
      <td className="px-3 py-2">
        {account.email}
        {account.disabled && ' (disattivato)'}
      </td>
      <td className="px-3 py-2">{account.staff ? staffLabel(account.staff) : 'Nessun ruolo'}</td>
      <td className="px-3 py-2">{stateText(account)}</td>
      <td className="space-x-2 px-3 py-2 whitespace-nowrap">
        <Button variant="secondary" size="sm" className="min-h-11" aria-label={`Modifica ${account.email}`} onClick={() => onEdit(account)}>
          Modifica
        </Button>
        {account.state === 'invited' && account.staff && (
          <Button
            variant="secondary"
            size="sm"
            className="min-h-11"
            aria-label={`Invia di nuovo l’invito a ${account.email}`}
            loading={resend.isPending && resend.variables === account.email}
            disabled={resend.isPending}
            onClick={() => resend.mutate(account.email)}
          >
            Invia di nuovo
          </Button>
        )}
      </td>
    </tr>
  );
}

/** 'Invita un volontario' / 'Modifica il ruolo': the e-mail, the role, a capo's branches, and what saving did. */
function StaffRoleForm({ form }: { form: StaffForm }) {
  const { save } = form;
  return (
    <form onSubmit={form.submit} className="max-w-md space-y-3 rounded-xl border border-gray-200 p-4" noValidate>
      <h2 className="text-lg font-semibold text-brand-800">{form.existing ? 'Modifica il ruolo' : 'Invita un volontario'}</h2>
      <TextField
        label="E-mail"
        type="email"
        autoComplete="off"
        value={form.email}
        onChange={(event) => form.setEmail(event.target.value)}
      />
      <Select label="Ruolo" options={ROLE_OPTIONS} value={form.role} onChange={form.setRole} />
      {form.role === 'capo' && (
        <fieldset className="space-y-1">
          <legend className="text-sm font-medium text-gray-800">Branche</legend>
          {BRANCHES.map((branch) => (
            <label key={branch} className="flex min-h-11 items-center gap-2">
              <input type="checkbox" className="size-5" checked={form.branches.includes(branch)} onChange={() => form.toggle(branch)} />
              {branch}
            </label>
          ))}
        </fieldset>
      )}
      {form.problem && <Alert kind="error">{form.problem}</Alert>}
      {save.isError && <Alert kind="error">{describeError(save.error)}</Alert>}
      {save.isSuccess && <Alert kind="success">{savedMessage(save.data.account, save.data.invitation)}</Alert>}
      <Button type="submit" className="min-h-11" loading={save.isPending}>
        {form.existing ? 'Salva' : 'Invita'}
      </Button>
    </form>
  );
}

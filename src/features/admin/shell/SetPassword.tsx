import { Link } from 'react-router';
import { Alert } from '@/components/ui/Alert';
import { Button } from '@/components/ui/Button';
import { PasswordInput } from '@/components/ui/PasswordInput';
import { Spinner } from '@/components/ui/Spinner';
import { TextField } from '@/components/ui/TextField';
import { paths } from '@config/paths';
import { MIN_PASSWORD_LENGTH, useSetPassword } from './use-set-password';

export { MIN_PASSWORD_LENGTH, SET_PASSWORD_MESSAGES } from './use-set-password';

/**
 * /admin/imposta-password, 'Scegli la tua password' (docs/security.md,
 * "Roles"): where an invitation's link lands (invitationLink,
 * netlify/lib/staff/admin-claims.ts; `oobCode` and `verifyCode` in the address).
 * It checks the link with Firebase and names the account, takes the new
 * password twice, sets it (completeInvitation: the e-mail is then
 * verified, so the role counts) and opens the admin signed in. A link
 * expired or already used says so and what to do.
 */
export function SetPassword() {
  const { step, password, setPassword, repeated, setRepeated, problem, submitting, submit } = useSetPassword();
  return (
    <div className="mx-auto max-w-sm space-y-4 rounded-2xl bg-white p-6 shadow-sm ring-1 ring-gray-200">
      <h1 className="text-2xl font-bold text-brand-800">Scegli la tua password</h1>
      {step.kind === 'checking' && <Spinner />}
      {step.kind === 'invalid' && (
        <>
          <Alert kind="error">{step.message}</Alert>
          <Link to={paths.adminOrders} className="inline-flex min-h-11 items-center font-semibold text-brand-700 underline">
            Vai all’accesso admin
          </Link>
        </>
      )}
      {step.kind === 'ready' && (
        <form onSubmit={(event) => void submit(event)} className="space-y-4" noValidate>
          <p className="text-sm text-gray-700">
            Scegli la password con cui accederai all’area admin del gruppo. Confermando, confermi anche il tuo indirizzo e-mail.
          </p>
          <TextField label="E-mail" type="email" autoComplete="username" value={step.email} readOnly />
          <PasswordInput
            label="Nuova password"
            autoComplete="new-password"
            required
            minLength={MIN_PASSWORD_LENGTH}
            value={password}
            onChange={(event) => setPassword(event.target.value)}
          />
          <PasswordInput
            label="Ripeti la password"
            autoComplete="new-password"
            required
            value={repeated}
            onChange={(event) => setRepeated(event.target.value)}
          />
          {problem && <Alert kind="error">{problem}</Alert>}
          <Button type="submit" loading={submitting} className="w-full">
            Imposta la password
          </Button>
        </form>
      )}
    </div>
  );
}

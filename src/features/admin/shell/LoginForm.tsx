import { useState, type FormEvent } from 'react';
import { Alert } from '@/components/ui/Alert';
import { Button } from '@/components/ui/Button';
import { PasswordInput } from '@/components/ui/PasswordInput';
import { TextField } from '@/components/ui/TextField';

/** The login failure message, for any failure (docs/security.md, "Admins"). */
export const LOGIN_FAILED = 'Credenziali non valide. Riprova.';

/**
 * 'Accesso Admin' (`/admin`, docs/product.md "Screens"; docs/security.md "Admins"): e-mail and password sign-in. Any
 * failure shows 'Credenziali non valide. Riprova.'; on success the auth state
 * change swaps this form for the admin list.
 */
export function LoginForm() {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [failed, setFailed] = useState(false);
  const [submitting, setSubmitting] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSubmitting(true);
    setFailed(false);
    try {
      const { signInAdmin } = await import('./admin-auth');
      await signInAdmin(email, password);
    } catch (error) {
      console.error('Accesso admin non riuscito:', error);
      setFailed(true);
      setSubmitting(false);
    }
  };

  return (
    <form
      onSubmit={(event) => void submit(event)}
      className="mx-auto max-w-sm space-y-4 rounded-2xl bg-white p-6 shadow-sm ring-1 ring-gray-200"
    >
      <h1 className="text-2xl font-bold text-brand-800">Accesso Admin</h1>
      <TextField label="Email" type="email" autoComplete="username" required value={email} onChange={(e) => setEmail(e.target.value)} />
      <PasswordInput
        label="Password"
        autoComplete="current-password"
        required
        value={password}
        onChange={(e) => setPassword(e.target.value)}
      />
      {failed && <Alert kind="error">{LOGIN_FAILED}</Alert>}
      <Button type="submit" loading={submitting} className="w-full">
        Accedi
      </Button>
    </form>
  );
}

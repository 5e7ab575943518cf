import { Button, type ButtonProps } from '@/components/ui/Button';

/**
 * 'Esci': signs the current account out (docs/security.md, "Admins").
 * Firebase Auth is loaded with `import()` (admin-auth.ts), so the screens
 * that show this button do not carry it in their own chunk.
 */
export function SignOutButton({ size }: Pick<ButtonProps, 'size'>) {
  return (
    <Button variant="secondary" size={size} onClick={() => void import('./admin-auth').then(({ signOutAdmin }) => signOutAdmin())}>
      Esci
    </Button>
  );
}

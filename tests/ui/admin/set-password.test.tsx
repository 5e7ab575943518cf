import { screen } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { completeInvitation, readInvitation } from '@/features/admin/shell/admin-auth';
import { SET_PASSWORD_MESSAGES, SetPassword } from '@/features/admin/shell/SetPassword';
import { renderWithProviders } from '../support/render';

/**
 * 'Scegli la tua password' (/admin/imposta-password; docs/security.md,
 * "Roles") against a fake of its two Firebase calls
 * (src/features/admin/shell/admin-auth.ts); the codes themselves are used against
 * the Auth emulator in tests/unit/functions/admin-users.test.ts and the
 * browser test tests/e2e/admin-users.spec.ts.
 */
vi.mock('@/features/admin/shell/admin-auth', () => ({ readInvitation: vi.fn(), completeInvitation: vi.fn() }));

const LINK = '/admin/imposta-password?oobCode=codice-reset&verifyCode=codice-verifica';

function show(address = LINK) {
  return renderWithProviders(
    <Routes>
      <Route path="/admin/imposta-password" element={<SetPassword />} />
      <Route path="/admin/check-pagamenti" element={<p>Area admin</p>} />
    </Routes>,
    { initialEntries: [address] },
  );
}

const firebaseError = (code: string) => Object.assign(new Error(code), { code });

beforeEach(() => {
  vi.clearAllMocks();
  vi.spyOn(console, 'error').mockImplementation(() => {});
  vi.mocked(readInvitation).mockResolvedValue('nuova.capo@example.com');
  vi.mocked(completeInvitation).mockResolvedValue();
});

describe('SetPassword', () => {
  it('names the account, checks the two passwords, sets the password with both codes and opens the admin', async () => {
    const { user } = show();
    expect(await screen.findByLabelText('E-mail')).toHaveValue('nuova.capo@example.com');
    expect(readInvitation).toHaveBeenCalledWith('codice-reset');
    await user.type(screen.getByLabelText('Nuova password'), 'corta');
    await user.click(screen.getByRole('button', { name: 'Imposta la password' }));
    expect(screen.getByRole('alert')).toHaveTextContent(SET_PASSWORD_MESSAGES.tooShort);
    await user.clear(screen.getByLabelText('Nuova password'));
    await user.type(screen.getByLabelText('Nuova password'), 'una password lunga');
    await user.type(screen.getByLabelText('Ripeti la password'), 'una password lunga!');
    await user.click(screen.getByRole('button', { name: 'Imposta la password' }));
    expect(screen.getByRole('alert')).toHaveTextContent(SET_PASSWORD_MESSAGES.mismatch);
    expect(completeInvitation).not.toHaveBeenCalled();

    await user.clear(screen.getByLabelText('Ripeti la password'));
    await user.type(screen.getByLabelText('Ripeti la password'), 'una password lunga');
    await user.click(screen.getByRole('button', { name: 'Imposta la password' }));
    expect(await screen.findByText('Area admin')).toBeInTheDocument();
    expect(completeInvitation).toHaveBeenCalledWith({
      email: 'nuova.capo@example.com',
      resetCode: 'codice-reset',
      verifyCode: 'codice-verifica',
      password: 'una password lunga',
    });
  });

  it('says a link expired or already used, and what to do', async () => {
    vi.mocked(readInvitation).mockRejectedValue(firebaseError('auth/expired-action-code'));
    show();
    expect(await screen.findByRole('alert')).toHaveTextContent(SET_PASSWORD_MESSAGES.expired);
    expect(screen.getByRole('link', { name: 'Vai all’accesso admin' })).toHaveAttribute('href', '/admin/check-pagamenti');
    expect(screen.queryByLabelText('Nuova password')).toBeNull();
  });

  it('says a link without its code is incomplete, without asking Firebase', () => {
    show('/admin/imposta-password');
    expect(screen.getByRole('alert')).toHaveTextContent(SET_PASSWORD_MESSAGES.incomplete);
    expect(readInvitation).not.toHaveBeenCalled();
  });

  it('keeps the form when Firebase finds the password weak, and turns to the expired message when the code ran out meanwhile', async () => {
    vi.mocked(completeInvitation)
      .mockRejectedValueOnce(firebaseError('auth/weak-password'))
      .mockRejectedValueOnce(firebaseError('auth/invalid-action-code'));
    const { user } = show();
    await user.type(await screen.findByLabelText('Nuova password'), 'password12');
    await user.type(screen.getByLabelText('Ripeti la password'), 'password12');
    await user.click(screen.getByRole('button', { name: 'Imposta la password' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(SET_PASSWORD_MESSAGES.weak);
    await user.click(screen.getByRole('button', { name: 'Imposta la password' }));
    expect(await screen.findByText(SET_PASSWORD_MESSAGES.expired)).toBeInTheDocument();
    expect(screen.queryByLabelText('Nuova password')).toBeNull();
  });
});

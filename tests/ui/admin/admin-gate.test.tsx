import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { User } from 'firebase/auth';
import { AdminGate, EMAIL_NOT_VERIFIED, NOT_AUTHORISED } from '@/features/admin/shell/AdminGate';
import { useAuthUser, type AuthState } from '@/features/admin/shell/use-auth-user';
import { renderWithProviders } from '../support/render';

/** AdminGate (docs/security.md, "Roles"): the desk only for a role whose e-mail is verified, and what to do otherwise. */
vi.mock('@/features/admin/shell/use-auth-user', () => ({ useAuthUser: vi.fn() }));
vi.mock('@/features/admin/shell/SignOutButton', () => ({ SignOutButton: () => <button type="button">Esci</button> }));

const user = { email: 'volontario@example.com' } as User;
const signedIn = (state: Partial<Extract<AuthState, { status: 'ready' }>>) =>
  vi.mocked(useAuthUser).mockReturnValue({ status: 'ready', user, staff: null, emailVerified: true, ...state });

beforeEach(() => vi.clearAllMocks());

describe('AdminGate', () => {
  it('opens the desk to a role whose e-mail is verified', () => {
    signedIn({ staff: { role: 'tesoriere' } });
    renderWithProviders(<AdminGate>Area admin</AdminGate>);
    expect(screen.getByText('Area admin')).toBeInTheDocument();
  });

  it('tells a role whose e-mail is not verified to open the invitation, with Esci, and shows no desk', () => {
    signedIn({ staff: { role: 'tesoriere' }, emailVerified: false });
    renderWithProviders(<AdminGate>Area admin</AdminGate>);
    expect(screen.getByRole('alert')).toHaveTextContent(EMAIL_NOT_VERIFIED);
    expect(screen.getByRole('button', { name: 'Esci' })).toBeInTheDocument();
    expect(screen.queryByText('Area admin')).toBeNull();
  });

  it('tells an account without a role it is not authorised, verified or not', () => {
    for (const emailVerified of [true, false]) {
      signedIn({ emailVerified });
      const { unmount } = renderWithProviders(<AdminGate>Area admin</AdminGate>);
      expect(screen.getByRole('alert')).toHaveTextContent(NOT_AUTHORISED);
      unmount();
    }
  });
});

import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { User } from 'firebase/auth';
import { hydrateRoot } from 'react-dom/client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { watchAdminAuth, type AdminAuthChange } from '@/features/admin/shell/admin-auth';
import { useAuthUser } from '@/features/admin/shell/use-auth-user';
import { HydrateLater } from '@/components/layout/HydrateLater';
import { holdEarlySubmits, takeOverEarlyInput } from '@/lib/early-input';
import { prerendered } from '../support/prerendered';

/**
 * useAuthUser: when Firebase Auth loads. Its module stands in for Firebase
 * here (the admin journeys in tests/e2e sign in against the Auth emulator);
 * what is checked is when the screen asks for it and what it shows meanwhile.
 */
vi.mock('@/features/admin/shell/admin-auth', () => ({ watchAdminAuth: vi.fn(() => () => undefined) }));

/** What the admin gate would show for the hook's state. */
function GateState() {
  const auth = useAuthUser();
  return <p>{auth.status === 'loading' ? 'Caricamento...' : auth.user ? `Dentro: ${auth.user.email}` : 'Accesso Admin'}</p>;
}

const signedIn: AdminAuthChange = { user: { email: 'tesoriere@example.com' } as User, staff: { role: 'tesoriere' }, emailVerified: true };

afterEach(() => {
  vi.unstubAllGlobals();
  document.body.replaceChildren();
  localStorage.clear();
  vi.clearAllMocks();
});

describe('useAuthUser', () => {
  it('with nobody stored in the browser, shows the login at once and loads Firebase Auth when the admin reaches for the form', async () => {
    render(
      <>
        <GateState />
        <input aria-label="Email" />
      </>,
    );
    expect(screen.getByText('Accesso Admin')).toBeInTheDocument();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(watchAdminAuth).not.toHaveBeenCalled();

    fireEvent.focusIn(screen.getByLabelText('Email'));
    await waitFor(() => expect(watchAdminAuth).toHaveBeenCalledTimes(1));
    fireEvent.pointerDown(screen.getByLabelText('Email'));
    act(() => vi.mocked(watchAdminAuth).mock.calls[0]![0](signedIn));
    expect(await screen.findByText('Dentro: tesoriere@example.com')).toBeInTheDocument();
    expect(watchAdminAuth).toHaveBeenCalledTimes(1);
  });

  it('loads Firebase Auth when the login is sent with no focus or press: the form sent before the app ran, sent again', async () => {
    render(
      <form aria-label="Accesso Admin">
        <GateState />
      </form>,
    );
    fireEvent.submit(screen.getByRole('form', { name: 'Accesso Admin' }));
    await waitFor(() => expect(watchAdminAuth).toHaveBeenCalledTimes(1));
  });

  it('loads Firebase Auth for a login sent before the app ran, which the layout sends again a task after the form is hydrated', async () => {
    // A busy phone paints no frame before the task that sends the form again, where jsdom's 16 ms clock may: passive
    // effects that wait for a frame would miss the re-sent form.
    vi.stubGlobal('requestAnimationFrame', () => 0);
    // The login as the build prerenders it, inside the content part whose drawing hands early input over (SiteLayout).
    const login = (onDrawn?: () => void) => (
      <HydrateLater part="early-login" onDrawn={onDrawn}>
        <form aria-label="Accesso Admin" onSubmit={(event) => event.preventDefault()}>
          <GateState />
        </form>
      </HydrateLater>
    );
    const root = prerendered(login());
    holdEarlySubmits();
    fireEvent.submit(screen.getByRole('form', { name: 'Accesso Admin' }));

    hydrateRoot(root, login(takeOverEarlyInput));
    await waitFor(() => expect(watchAdminAuth).toHaveBeenCalledTimes(1));
  });

  it('with a user stored, loads Firebase Auth at once and says Caricamento until it answers', async () => {
    localStorage.setItem('firebase:authUser:demo-key:[DEFAULT]', '{}');
    render(<GateState />);
    expect(screen.getByText('Caricamento...')).toBeInTheDocument();
    await waitFor(() => expect(watchAdminAuth).toHaveBeenCalledTimes(1));
    act(() => vi.mocked(watchAdminAuth).mock.calls[0]![0](signedIn));
    expect(await screen.findByText('Dentro: tesoriere@example.com')).toBeInTheDocument();
  });
});

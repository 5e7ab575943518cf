import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Route, Routes, useLocation } from 'react-router';
import { AccessLinkPage } from '@/features/family-lookup/AccessLinkPage';
import { signedInFiscalCode } from '@/features/family-lookup/access-link-state';
import { fn, setupFunctionsServer, type FunctionReply } from '../support/functions';
import { renderWithProviders } from '../support/render';

// verify-access-link is faked at the network edge (msw).
const server = setupFunctionsServer();

const TOKEN = 'AbCdEfGhIjKlMnOpQrStUvWxYz0123456789-_abcde';
const CF = 'RSSMRA80C12H501E';
const USED =
  'Il link di accesso non è più valido: è già stato usato o è scaduto. Torna alla pagina e premi «Trova» per riceverne uno nuovo.';

/** The screen the page goes back to: what it received in the router's state. */
function Screen() {
  const location = useLocation();
  return (
    <p>
      {location.pathname} con {signedInFiscalCode(location.state) ?? 'nessun codice'}
    </p>
  );
}

/** /accesso opened from the e-mail's link (`hash`), with verify-access-link answering `reply`. */
function open(hash: string, reply: FunctionReply = { status: 200, json: { status: 'verified', returnPath: '/campo-estivo', cf: CF } }) {
  window.history.replaceState(null, '', `/accesso${hash}`);
  const calls: unknown[] = [];
  server.use(fn('verify-access-link', () => reply, calls));
  const rendered = renderWithProviders(
    <Routes>
      <Route path="/accesso" element={<AccessLinkPage />} />
      <Route path="*" element={<Screen />} />
    </Routes>,
    { initialEntries: ['/accesso'] },
  );
  return { ...rendered, calls };
}

beforeEach(() => {
  // Refusals are logged by the query client's MutationCache.
  vi.spyOn(console, 'error').mockImplementation(() => {});
});
afterEach(() => {
  vi.restoreAllMocks();
  window.history.replaceState(null, '', '/');
});

describe('/accesso, the sign-in link', () => {
  it("wipes the token from the address, and on 'Entra' signs in and goes back to the screen, its fiscal code filled in", async () => {
    const { user, calls } = open(`#${TOKEN}`);
    expect(screen.getByRole('heading', { name: 'Accesso al portale' })).toBeInTheDocument();
    await waitFor(() => expect(window.location.hash).toBe(''));
    // Nothing is sent before the press: a mail scanner opening the link does not spend it.
    expect(calls).toHaveLength(0);
    await user.click(screen.getByRole('checkbox', { name: 'Ricorda questo dispositivo' }));
    await user.click(screen.getByRole('button', { name: 'Entra' }));
    expect(await screen.findByText(`/campo-estivo con ${CF}`)).toBeInTheDocument();
    expect(calls).toEqual([{ token: TOKEN, remember: true }]);
  });

  it('a used or expired link says so, with the way back, and cannot be pressed again', async () => {
    const { user } = open(`#${TOKEN}`, { status: 410, json: { error: USED } });
    await user.click(screen.getByRole('button', { name: 'Entra' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(USED);
    await waitFor(() => expect(document.activeElement).toContainElement(alert));
    expect(screen.getByRole('link', { name: "Torna all'Area Famiglie" })).toHaveAttribute('href', '/');
    expect(screen.queryByRole('button', { name: 'Entra' })).not.toBeInTheDocument();
  });

  it('a link without its token, or cut short, says so without asking the server', () => {
    for (const hash of ['', `#${TOKEN.slice(0, 20)}`]) {
      const { calls, unmount } = open(hash);
      expect(screen.getByRole('alert')).toHaveTextContent(USED);
      expect(screen.queryByRole('button', { name: 'Entra' })).not.toBeInTheDocument();
      expect(calls).toHaveLength(0);
      unmount();
    }
  });

  it('a network failure can be retried', async () => {
    const { user, calls } = open(`#${TOKEN}`, Response.error());
    await user.click(screen.getByRole('button', { name: 'Entra' }));
    expect(await screen.findByRole('alert')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Entra' })).toBeEnabled();
    expect(calls).toHaveLength(1);
  });
});

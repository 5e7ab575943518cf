import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { Users } from '@/features/admin/users/Users';
import { fn, setupFunctionsServer } from '../support/functions';
import { renderWithProviders } from '../support/render';

/**
 * 'Utenti' (docs/security.md, "Roles") against a fake admin-users at the
 * network edge (msw); the function itself runs against the emulators in
 * tests/unit/functions/admin-users.test.ts. Firebase is only asked for the
 * admin's ID token.
 */
vi.mock('@/lib/firebase', () => ({
  getFirebase: () => ({ auth: { currentUser: { getIdToken: () => Promise.resolve('admin-token') } } }),
}));

const server = setupFunctionsServer();

const ACCOUNTS = [
  { uid: 'u1', email: 'admin@example.com', staff: { role: 'admin' }, disabled: false, state: 'active', invitationSentAt: null },
  {
    uid: 'invito-x',
    email: 'nuova.capo@example.com',
    staff: { role: 'capo', branches: ['Reparto'] },
    disabled: false,
    state: 'invited',
    invitationSentAt: '2026-03-02T17:05:00.000Z',
  },
  { uid: 'u3', email: 'mallory@example.com', staff: null, disabled: false, state: 'unverified', invitationSentAt: null },
];

let calls: unknown[] = [];
type Body = { action: string; email?: string; staff?: unknown };

/** admin-users answering `list` with ACCOUNTS and anything else with `reply`. */
function answer(reply: (body: Body) => { status: number; json: Record<string, unknown> }) {
  server.use(
    fn(
      'admin-users',
      (body) => ((body as Body).action === 'list' ? { status: 200, json: { accounts: ACCOUNTS } } : reply(body as Body)),
      calls,
    ),
  );
}

const actions = () => calls.filter((body) => (body as Body).action !== 'list');

beforeEach(() => {
  calls = [];
});

describe('Users', () => {
  it('lists each account with its role and state, and offers Invia di nuovo only to an invited one', async () => {
    answer(() => ({ status: 500, json: {} }));
    renderWithProviders(<Users />);
    const rows = await screen.findAllByTestId('staff-row');
    expect(
      rows.map((row) =>
        within(row)
          .getAllByRole('cell')
          .slice(0, 3)
          .map((cell) => cell.textContent),
      ),
    ).toEqual([
      ['admin@example.com', 'Amministratore', 'Attivo'],
      ['nuova.capo@example.com', 'Capo (Reparto)', 'Invito inviato, in attesa di conferma dell’e-mail (invito del 02/03/2026 18:05)'],
      [
        'mallory@example.com',
        'Nessun ruolo',
        'E-mail non confermata: account non creato da un invito: eliminalo nella console di Firebase e invitalo di nuovo',
      ],
    ]);
    expect(screen.getAllByRole('button', { name: /^Invia di nuovo/ }).map((button) => button.getAttribute('aria-label'))).toEqual([
      'Invia di nuovo l’invito a nuova.capo@example.com',
    ]);
  });

  it("invites a new volunteer with 'Invita' and says what happens next", async () => {
    answer((body) => ({
      status: 200,
      json: {
        invitation: 'sent',
        account: { ...ACCOUNTS[1], uid: 'invito-y', email: body.email, staff: body.staff, invitationSentAt: '2026-03-03T09:00:00.000Z' },
      },
    }));
    const { user } = renderWithProviders(<Users />);
    await screen.findAllByTestId('staff-row');
    expect(screen.getByRole('heading', { name: 'Invita un volontario' })).toBeInTheDocument();
    await user.type(screen.getByLabelText('E-mail'), 'Luca.Capo@example.com');
    await user.selectOptions(screen.getByLabelText('Ruolo'), 'capo');
    await user.click(screen.getByRole('checkbox', { name: 'Clan' }));
    await user.click(screen.getByRole('button', { name: 'Invita' }));
    expect(await screen.findByRole('status')).toHaveTextContent(
      'Invito inviato a luca.capo@example.com: riceverà un’e-mail con il link per scegliere la password. Il ruolo Capo (Clan) vale da quando l’avrà scelta.',
    );
    expect(actions()).toEqual([{ action: 'invite', email: 'luca.capo@example.com', staff: { role: 'capo', branches: ['Clan'] } }]);
  });

  it("shows the function's refusal of an account nobody proved", async () => {
    const refusal =
      'L’account mallory@example.com non è stato creato da un invito e la sua e-mail non è confermata: chiunque può averlo registrato, quindi non può avere un ruolo. Eliminalo nella console di Firebase (Authentication > Users) e invitalo di nuovo.';
    answer(() => ({ status: 409, json: { error: refusal } }));
    const { user } = renderWithProviders(<Users />);
    await user.click(await screen.findByRole('button', { name: 'Modifica mallory@example.com' }));
    await user.selectOptions(screen.getByLabelText('Ruolo'), 'tesoriere');
    await user.click(screen.getByRole('button', { name: 'Salva' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(refusal);
    expect(actions()).toEqual([{ action: 'grant', email: 'mallory@example.com', staff: { role: 'tesoriere' } }]);
  });

  it("changes a listed account's role with 'Modifica' and 'Salva', none included", async () => {
    answer((body) => ({ status: 200, json: { account: { ...ACCOUNTS[1], staff: body.staff } } }));
    const { user } = renderWithProviders(<Users />);
    await user.click(await screen.findByRole('button', { name: 'Modifica nuova.capo@example.com' }));
    expect(screen.getByRole('heading', { name: 'Modifica il ruolo' })).toBeInTheDocument();
    expect(screen.getByLabelText('E-mail')).toHaveValue('nuova.capo@example.com');
    expect(screen.getByRole('checkbox', { name: 'Reparto' })).toBeChecked();
    await user.selectOptions(screen.getByLabelText('Ruolo'), 'nessuno');
    await user.click(screen.getByRole('button', { name: 'Salva' }));
    expect(await screen.findByRole('status')).toHaveTextContent(
      'nuova.capo@example.com: nessun ruolo. Vale da quando avrà scelto la password dal link dell’invito.',
    );
    expect(actions()).toEqual([{ action: 'grant', email: 'nuova.capo@example.com', staff: null }]);
  });

  it('asks for a role before inviting someone new, and sends nothing', async () => {
    answer(() => ({ status: 500, json: {} }));
    const { user } = renderWithProviders(<Users />);
    await screen.findAllByTestId('staff-row');
    await user.type(screen.getByLabelText('E-mail'), 'nuovo@example.com');
    await user.selectOptions(screen.getByLabelText('Ruolo'), 'nessuno');
    await user.click(screen.getByRole('button', { name: 'Invita' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Scegli il ruolo del volontario da invitare.');
    await user.selectOptions(screen.getByLabelText('Ruolo'), 'capo');
    await user.click(screen.getByRole('button', { name: 'Invita' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Scegli almeno una branca per il capo.');
    expect(actions()).toEqual([]);
  });

  it("sends an invitation again with 'Invia di nuovo', and says when one has just left", async () => {
    const outcomes = ['sent', 'recent'];
    answer(() => ({ status: 200, json: { account: ACCOUNTS[1], invitation: outcomes.shift() ?? null } }));
    const { user } = renderWithProviders(<Users />);
    const resend = await screen.findByRole('button', { name: 'Invia di nuovo l’invito a nuova.capo@example.com' });
    await user.click(resend);
    expect(await screen.findByText('Invito inviato di nuovo a nuova.capo@example.com: il nuovo link vale un’ora.')).toBeInTheDocument();
    await user.click(resend);
    expect(
      await screen.findByText(
        'Un invito a nuova.capo@example.com è partito meno di un minuto fa, quindi non ne mandiamo un altro: controlla la casella, anche lo spam.',
      ),
    ).toBeInTheDocument();
    expect(actions()).toEqual([
      { action: 'resend', email: 'nuova.capo@example.com' },
      { action: 'resend', email: 'nuova.capo@example.com' },
    ]);
  });
});

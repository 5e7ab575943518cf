import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { FamilyContacts } from '@contracts/family-contacts';
import { ContactsConfirmation } from '@/features/family-overview/ContactsConfirmation';
import { fn, setupFunctionsServer } from '../support/functions';
import { renderWithProviders } from '../support/render';

// The contacts' functions are faked at the network edge (msw).
const server = setupFunctionsServer();

const CONTACTS: FamilyContacts = {
  season: 2025,
  confirmedAt: null,
  confirmedThisSeason: false,
  parents: [
    { id: 'p-elena', name: 'Elena', surname: 'Verdi', email: 'elena@example.com', phone: null, self: false },
    { id: 'p-paolo', name: 'Paolo', surname: 'Verdi', email: 'paolo@example.com', phone: '333 1000003', self: true },
  ],
  children: [{ id: 's-andrea', name: 'Andrea', surname: 'Verdi', cf: 'VRDNDR07D14H501X', branch: 'Clan' }],
};

const contacts = (answer: FamilyContacts = CONTACTS) => fn('family-contacts', () => ({ status: 200, json: answer }));

describe('ContactsConfirmation', () => {
  it("shows each parent's contacts and the children read-only, and 'Confermo' confirms without a phone unchanged", async () => {
    const calls: unknown[] = [];
    const onConfirmed = vi.fn();
    server.use(
      contacts(),
      fn(
        'confirm-family-contacts',
        () => ({ status: 200, json: { status: 'confirmed', confirmedAt: '2025-09-15T10:00:00.000Z', season: 2025 } }),
        calls,
      ),
    );
    const { user } = renderWithProviders(<ContactsConfirmation onConfirmed={onConfirmed} />);
    const section = within(await screen.findByRole('region', { name: 'Conferma i contatti della famiglia' }));
    expect(section.getByText('elena@example.com')).toBeInTheDocument();
    expect(section.getByText('non indicato')).toBeInTheDocument();
    expect(section.getByText(/VRDNDR07D14H501X/)).toBeInTheDocument();
    expect(section.getByText(/Se qualcosa non è giusto scrivi al gruppo/)).toBeInTheDocument();
    // Only the session's own parent may change contacts.
    expect(section.getAllByRole('button', { name: 'Modifica telefono' })).toHaveLength(1);
    await user.click(section.getByRole('button', { name: 'Confermo' }));
    expect(await screen.findByText(/i contatti della famiglia sono confermati/)).toBeInTheDocument();
    expect(calls).toEqual([{}]);
    expect(onConfirmed).toHaveBeenCalledWith('2025-09-15T10:00:00.000Z');
  });

  it("sends the parent's new phone with 'Confermo', and shows the function's message when refused", async () => {
    const calls: unknown[] = [];
    server.use(
      contacts(),
      fn(
        'confirm-family-contacts',
        () => ({ status: 400, json: { error: 'Inserisci un numero di telefono valido (almeno 6 cifre), o lascialo vuoto.' } }),
        calls,
      ),
    );
    const { user } = renderWithProviders(<ContactsConfirmation />);
    await user.click(await screen.findByRole('button', { name: 'Modifica telefono' }));
    const field = screen.getByLabelText('Telefono');
    await user.clear(field);
    await user.type(field, 'abc');
    await user.click(screen.getByRole('button', { name: 'Confermo' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Inserisci un numero di telefono valido');
    expect(calls).toEqual([{ phone: 'abc' }]);
  });

  /** change-parent-email faked: codes sent to both addresses; '123456' the new address's code, '654321' the old one's. */
  const emailChange = (calls: unknown[]) =>
    fn(
      'change-parent-email',
      (body) => {
        const request = body as { email?: string; code?: string; oldCode?: string; askGroup?: boolean };
        if (request.email)
          return { status: 200, json: { status: 'code-sent', email: 'n•••@e•••.com', oldEmail: 'p•••@e•••.com', minutes: 10 } };
        if (request.code !== '123456') return { status: 400, json: { error: 'Il codice del nuovo indirizzo è errato.' } };
        if (request.askGroup) return { status: 200, json: { status: 'awaiting-group', email: 'nuovo@example.com' } };
        return request.oldCode === '654321'
          ? { status: 200, json: { status: 'changed', email: 'nuovo@example.com' } }
          : { status: 400, json: { error: "Il codice dell'indirizzo attuale è errato." } };
      },
      calls,
    );
  const NEW_CODE = 'Codice arrivato a n•••@e•••.com (nuovo indirizzo)';
  const OLD_CODE = 'Codice arrivato a p•••@e•••.com (indirizzo attuale)';

  it("changes the e-mail only with both codes, the new address's and the current one's, on one screen", async () => {
    const calls: unknown[] = [];
    server.use(contacts(), emailChange(calls));
    const { user } = renderWithProviders(<ContactsConfirmation />);
    await user.click(await screen.findByRole('button', { name: 'Modifica e-mail' }));
    await user.type(screen.getByLabelText('Nuovo indirizzo e-mail'), 'nuovo@example.com');
    await user.click(screen.getByRole('button', { name: 'Invia i codici' }));
    expect(
      await screen.findByText(/due codici di 6 cifre, uno a n•••@e•••.com e uno al tuo indirizzo attuale p•••@e•••.com/),
    ).toBeInTheDocument();
    await user.type(screen.getByLabelText(NEW_CODE), '123456');
    await user.type(screen.getByLabelText(OLD_CODE), '000000');
    await user.click(screen.getByRole('button', { name: 'Conferma indirizzo' }));
    expect(await screen.findByRole('alert')).toHaveTextContent("Il codice dell'indirizzo attuale è errato.");
    expect(screen.getByText('paolo@example.com')).toBeInTheDocument();
    await user.clear(screen.getByLabelText(OLD_CODE));
    await user.type(screen.getByLabelText(OLD_CODE), '654321');
    await user.click(screen.getByRole('button', { name: 'Conferma indirizzo' }));
    expect(await screen.findByText('Indirizzo cambiato: da ora ti scriviamo a nuovo@example.com.')).toBeInTheDocument();
    expect(screen.getByText('nuovo@example.com')).toBeInTheDocument();
    expect(screen.queryByText('paolo@example.com')).not.toBeInTheDocument();
    expect(calls).toEqual([{ email: 'nuovo@example.com' }, { code: '123456', oldCode: '000000' }, { code: '123456', oldCode: '654321' }]);
  });

  it('asks the group to confirm when the current address cannot be read, and keeps the address until then', async () => {
    const calls: unknown[] = [];
    server.use(contacts(), emailChange(calls));
    const { user } = renderWithProviders(<ContactsConfirmation />);
    await user.click(await screen.findByRole('button', { name: 'Modifica e-mail' }));
    await user.type(screen.getByLabelText('Nuovo indirizzo e-mail'), 'nuovo@example.com');
    await user.click(screen.getByRole('button', { name: 'Invia i codici' }));
    await user.click(await screen.findByRole('button', { name: 'Non riesco più a leggere il mio indirizzo attuale' }));
    expect(screen.queryByLabelText(OLD_CODE)).not.toBeInTheDocument();
    await user.type(screen.getByLabelText(NEW_CODE), '123456');
    await user.click(screen.getByRole('button', { name: 'Chiedi la conferma al gruppo' }));
    expect(await screen.findByText(/l'indirizzo cambia quando il gruppo avrà confermato il cambio/)).toBeInTheDocument();
    expect(screen.getByText('paolo@example.com')).toBeInTheDocument();
    expect(calls).toEqual([{ email: 'nuovo@example.com' }, { code: '123456', askGroup: true }]);
  });

  it('shows nothing when the family already confirmed this season', async () => {
    const requests: unknown[] = [];
    server.use(
      fn(
        'family-contacts',
        () => ({ status: 200, json: { ...CONTACTS, confirmedThisSeason: true, confirmedAt: '2025-09-01T10:00:00.000Z' } }),
        requests,
      ),
    );
    const { container } = renderWithProviders(<ContactsConfirmation />);
    await vi.waitFor(() => expect(requests).toHaveLength(1));
    await vi.waitFor(() => expect(container).toBeEmptyDOMElement());
  });

  it('offers a retry when the contacts cannot be read', async () => {
    server.use(fn('family-contacts', () => ({ status: 401, json: { error: 'Sessione scaduta: inserisci di nuovo il codice fiscale.' } })));
    renderWithProviders(<ContactsConfirmation />);
    expect(await screen.findByRole('alert')).toHaveTextContent('Sessione scaduta');
    expect(screen.getByRole('button', { name: 'Riprova' })).toBeInTheDocument();
  });
});

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

  it('changes the e-mail only with the code sent to the new address', async () => {
    const calls: unknown[] = [];
    server.use(
      contacts(),
      fn(
        'change-parent-email',
        (body) => {
          if (typeof body === 'object' && body !== null && 'email' in body)
            return { status: 200, json: { status: 'code-sent', email: 'n•••@e•••.com', minutes: 10 } };
          const code = (body as { code: string }).code;
          return code === '123456'
            ? { status: 200, json: { status: 'changed', email: 'nuovo@example.com' } }
            : { status: 400, json: { error: "Codice errato: ricontrolla l'e-mail che ti abbiamo inviato." } };
        },
        calls,
      ),
    );
    const { user } = renderWithProviders(<ContactsConfirmation />);
    await user.click(await screen.findByRole('button', { name: 'Modifica e-mail' }));
    await user.type(screen.getByLabelText('Nuovo indirizzo e-mail'), 'nuovo@example.com');
    await user.click(screen.getByRole('button', { name: 'Invia codice' }));
    expect(await screen.findByText(/codice di 6 cifre a n•••@e•••.com/)).toBeInTheDocument();
    await user.type(screen.getByLabelText('Codice ricevuto'), '000000');
    await user.click(screen.getByRole('button', { name: 'Conferma indirizzo' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Codice errato');
    expect(screen.getByText('paolo@example.com')).toBeInTheDocument();
    await user.clear(screen.getByLabelText('Codice ricevuto'));
    await user.type(screen.getByLabelText('Codice ricevuto'), '123456');
    await user.click(screen.getByRole('button', { name: 'Conferma indirizzo' }));
    expect(await screen.findByText('Indirizzo cambiato: da ora ti scriviamo a nuovo@example.com.')).toBeInTheDocument();
    expect(screen.getByText('nuovo@example.com')).toBeInTheDocument();
    expect(screen.queryByText('paolo@example.com')).not.toBeInTheDocument();
    expect(calls).toEqual([{ email: 'nuovo@example.com' }, { code: '000000' }, { code: '123456' }]);
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

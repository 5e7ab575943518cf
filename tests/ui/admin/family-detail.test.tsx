import { screen, waitFor, within } from '@testing-library/react';
import { Route, Routes, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ParentDocument } from '@domain/roster/parent-schema';
import type { Staff } from '@domain/staff/staff-roles';
import { adminFamilyDataContract } from '@contracts/admin-family-data';
import { callAdminContract } from '@/features/admin/shell/api/admin-functions';
import { changeFamily, fetchFamily, recordCashPayment, type FamilyChild, type FamilyRecord } from '@/features/admin/families/api/families';
import { SEED_PRICES } from '@domain/catalogue/seed';
import { FamilyDetail } from '@/features/admin/families/FamilyDetail';
import { UserFacingError } from '@/lib/api/functions-client';
import { renderWithProviders } from '../support/render';

/**
 * A family's page against a fake of its Firestore read and of the
 * admin-family call (src/features/admin/families/api/families.ts): the checks
 * (src/domain/roster/roster.ts), the query options, hooks and mutation are real.
 */
vi.mock('@/features/admin/families/api/families', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@/features/admin/families/api/families')>()),
  fetchFamiliesPage: vi.fn(),
  fetchFamily: vi.fn(),
  changeFamily: vi.fn(),
  recordCashPayment: vi.fn(),
}));
// The season's catalogue comes through admin-season-settings: the spec's prices and no product of its own; no 'Riduzione' nor e-mail change yet.
vi.mock('@/features/admin/shell/api/admin-functions', () => ({
  callAdminContract: vi.fn((contract: { name: string }) =>
    contract.name === 'admin-family-data'
      ? Promise.resolve({ parents: 2, children: 3, forms: 1, payments: 2, statementLines: 0 })
      : contract.name === 'admin-season-settings'
        ? Promise.resolve({
            season: 2025,
            cardFee: true,
            prices: SEED_PRICES,
            products: [],
            bankAccount: { holder: 'Gruppo', iban: 'IT60X0542811101000000123456' },
            medicalForm: { cutoff: '2025-02-01', folder: 'Documenti/Schede Mediche 2025' },
            deadlines: {},
            nextPrepared: false,
            updatedBy: null,
            updatedAt: null,
          })
        : contract.name === 'admin-family-reduction'
          ? Promise.resolve({ reductions: [] })
          : contract.name === 'admin-email-change'
            ? Promise.resolve({ changes: [] })
            : new Promise(() => {}),
  ),
}));

const UPDATED = new Date(2025, 0, 10);
const LUCA_CF = 'RSSLCU12C15H501L';

const child = (id: string, name: string, cf: string, branch: FamilyChild['branch'], archived = false): FamilyChild => ({
  id,
  family_id: 'f-rossi',
  name,
  surname: 'Rossi',
  cf,
  branch,
  medical_doc: '',
  medical_forms: [],
  archived_at: archived ? UPDATED : null,
  updated_at: UPDATED,
  archived,
});
const parent = (id: string, name: string, cf: string, email: string | null, phone: string | null): ParentDocument => ({
  id,
  family_id: 'f-rossi',
  name,
  surname: 'Rossi',
  cf,
  email,
  phone,
});

/** The fake database: the Rossi family as stored. */
let stored: FamilyRecord;

beforeEach(() => {
  stored = {
    family: {
      id: 'f-rossi',
      surname: 'Rossi',
      orders_id: [],
      surname_key: 'rossi',
      fiscal_codes: ['RSSMRA80A01H501U', LUCA_CF, 'RSSGLI14D50H501P'],
      updated_at: UPDATED,
      contacts_confirmed_at: null,
      contacts_confirmed_season: null,
    },
    parents: [parent('p-mario', 'Mario', 'RSSMRA80A01H501U', 'mario.rossi@example.com', '333 1234567')],
    children: [child('s-giulia', 'Giulia', 'RSSGLI14D50H501P', 'Reparto', true), child('s-luca', 'Luca', LUCA_CF, 'Branco')],
    unreadable: [],
  };
  vi.mocked(fetchFamily).mockImplementation((familyId) => Promise.resolve(familyId === stored.family.id ? structuredClone(stored) : null));
  vi.mocked(changeFamily).mockImplementation((change) => {
    if (change.kind === 'updateChild') {
      stored.children = stored.children.map((one) =>
        one.id === change.childId ? { ...one, ...change.child, branch: change.child.branch as FamilyChild['branch'] } : one,
      );
    }
    if (change.kind === 'removeChild') stored.children = stored.children.filter((one) => one.id !== change.childId);
    if (change.kind === 'addParent') {
      const { name = '', surname = '', cf = '', email } = change.parent;
      stored.parents.push({ id: 'p-new', family_id: 'f-rossi', name, surname, cf, email: email || null, phone: null });
    }
    return Promise.resolve('f-rossi');
  });
});

afterEach(() => {
  vi.clearAllMocks();
  vi.restoreAllMocks();
});

function showFamily(familyId = 'f-rossi', staff: Staff = { role: 'admin' }) {
  return renderWithProviders(
    <Routes>
      <Route path="/admin/famiglie/:familyId" element={<FamilyDetail />} />
      <Route path="/admin/famiglie" element={<FamiliesNotice />} />
    </Routes>,
    { initialEntries: [`/admin/famiglie/${familyId}`], staff },
  );
}

/** Stands for 'Famiglie': shows the notice the family's page sends. */
function FamiliesNotice() {
  const state = useLocation().state as { notice?: string } | null;
  return <p>Famiglie: {state?.notice}</p>;
}

const section = (name: string) => screen.getByRole('region', { name });
const person = (sectionName: string, fullName: string) => {
  const item = within(section(sectionName))
    .getAllByRole('listitem')
    .find((candidate) => candidate.textContent?.startsWith(fullName));
  if (!item) throw new Error(`No ${fullName} in ${sectionName}`);
  return item;
};

describe("a family's page", () => {
  it("lets an admin erase the family after confirming, and goes back to 'Famiglie' saying what was kept", async () => {
    const { user } = showFamily();
    await user.click(await screen.findByRole('button', { name: 'Elimina famiglia' }));
    const dialog = await screen.findByRole('dialog', { name: 'Eliminare la famiglia Rossi?' });
    await user.click(within(dialog).getByRole('button', { name: 'Elimina famiglia' }));
    expect(
      await screen.findByText('Famiglie: Famiglia Rossi eliminata: 2 pagamenti conservati come «Famiglia eliminata f-rossi».'),
    ).toBeInTheDocument();
    expect(vi.mocked(callAdminContract)).toHaveBeenCalledWith(adminFamilyDataContract, { familyId: 'f-rossi', action: 'erase' });
  });

  it("shows the treasurer no 'Dati personali': exporting or erasing a family is an admin's", async () => {
    showFamily('f-rossi', { role: 'tesoriere' });
    expect(await screen.findByRole('heading', { name: 'Famiglia Rossi' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Elimina famiglia' })).toBeNull();
    expect(screen.queryByRole('button', { name: /Esporta dati/ })).toBeNull();
  });

  it('shows the parents and the children, an archived child without Rimuovi, and the way back', async () => {
    showFamily();
    expect(await screen.findByRole('heading', { level: 1, name: 'Famiglia Rossi' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Torna a Famiglie' })).toHaveAttribute('href', '/admin/famiglie');

    const mario = within(person('Genitori', 'Mario Rossi'));
    expect(mario.getByText('Codice fiscale RSSMRA80A01H501U')).toBeInTheDocument();
    expect(mario.getByText('mario.rossi@example.com')).toBeInTheDocument();
    expect(mario.getByText('333 1234567')).toBeInTheDocument();
    expect(mario.getByRole('button', { name: 'Modifica Mario Rossi' })).toBeInTheDocument();
    expect(mario.getByRole('button', { name: 'Rimuovi Mario Rossi' })).toBeInTheDocument();

    const children = within(section('Figli')).getAllByRole('listitem');
    expect(children.map((item) => item.querySelector('p')?.textContent)).toEqual(['Giulia RossiArchiviato', 'Luca Rossi']);
    const giulia = within(person('Figli', 'Giulia Rossi'));
    expect(giulia.getByText('Reparto · Codice fiscale RSSGLI14D50H501P')).toBeInTheDocument();
    expect(giulia.getByRole('button', { name: 'Modifica Giulia Rossi' })).toBeInTheDocument();
    expect(giulia.queryByRole('button', { name: /Rimuovi/ })).not.toBeInTheDocument();
    expect(within(person('Figli', 'Luca Rossi')).getByRole('button', { name: 'Rimuovi Luca Rossi' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Aggiungi genitore' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Aggiungi figlio' })).toBeInTheDocument();
    expect(fetchFamily).toHaveBeenCalledWith('f-rossi');
  });

  it('moves a child to another branch: sends updateChild and shows the family read again', async () => {
    const { user } = showFamily();
    await user.click(await screen.findByRole('button', { name: 'Modifica Luca Rossi' }));
    const form = screen.getByRole('form', { name: 'Modifica Luca Rossi' });
    expect(within(form).getByLabelText('Cognome')).toHaveFocus();
    expect(within(form).getByLabelText('Codice Fiscale')).toHaveValue(LUCA_CF);
    await user.selectOptions(within(form).getByRole('combobox', { name: 'Branca' }), 'Reparto');
    const reads = vi.mocked(fetchFamily).mock.calls.length;
    await user.click(within(form).getByRole('button', { name: 'Salva' }));

    await waitFor(() => expect(screen.queryByRole('form')).not.toBeInTheDocument());
    expect(changeFamily).toHaveBeenCalledWith({
      kind: 'updateChild',
      childId: 's-luca',
      child: { surname: 'Rossi', name: 'Luca', cf: LUCA_CF, branch: 'Reparto' },
    });
    expect(vi.mocked(fetchFamily).mock.calls.length).toBeGreaterThan(reads);
    expect(within(person('Figli', 'Luca Rossi')).getByText(`Reparto · Codice fiscale ${LUCA_CF}`)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Modifica Luca Rossi' })).toHaveFocus();
  });

  it('shows the check of a wrong fiscal code under its field and sends nothing', async () => {
    const { user } = showFamily();
    await user.click(await screen.findByRole('button', { name: 'Modifica Luca Rossi' }));
    const form = screen.getByRole('form', { name: 'Modifica Luca Rossi' });
    const cf = within(form).getByLabelText('Codice Fiscale');
    await user.clear(cf);
    await user.type(cf, 'rsslcu12c15h501x');
    await user.click(within(form).getByRole('button', { name: 'Salva' }));

    expect(cf).toHaveAccessibleDescription(
      'Codice fiscale non valido: il carattere di controllo di «RSSLCU12C15H501X» dovrebbe essere «L».',
    );
    expect(cf).toHaveAttribute('aria-invalid', 'true');
    expect(cf).toHaveFocus();
    expect(changeFamily).not.toHaveBeenCalled();

    await user.clear(within(form).getByLabelText('Nome'));
    await user.click(within(form).getByRole('button', { name: 'Salva' }));
    expect(within(form).getByLabelText('Nome')).toHaveAccessibleDescription('Manca «Nome».');
    expect(changeFamily).not.toHaveBeenCalled();

    await user.click(within(form).getByRole('button', { name: 'Annulla' }));
    expect(screen.queryByRole('form')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Modifica Luca Rossi' })).toHaveFocus();
  });

  it('asks for confirmation before removing a child, then sends removeChild', async () => {
    const { user } = showFamily();
    await user.click(await screen.findByRole('button', { name: 'Rimuovi Luca Rossi' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent(
      'Rimuovere Luca Rossi dalla famiglia? Se ha degli ordini viene archiviato (resta nei conti, non compare più ai genitori); altrimenti viene eliminato.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Annulla' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(changeFamily).not.toHaveBeenCalled();

    await user.click(screen.getByRole('button', { name: 'Rimuovi Luca Rossi' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Rimuovi' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(changeFamily).toHaveBeenCalledWith({ kind: 'removeChild', childId: 's-luca' });
    expect(within(section('Figli')).queryByText('Luca Rossi')).not.toBeInTheDocument();
    expect(within(section('Figli')).getAllByRole('listitem')).toHaveLength(1);
  });

  it("asks before removing a parent and shows the function's refusal in the dialog", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const lastParent = 'Una famiglia ha almeno un genitore: aggiungi prima l’altro genitore.';
    vi.mocked(changeFamily).mockRejectedValueOnce(new UserFacingError(lastParent, 409));
    const { user } = showFamily();
    await user.click(await screen.findByRole('button', { name: 'Rimuovi Mario Rossi' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Rimuovere Mario Rossi dalla famiglia?');
    expect(dialog).not.toHaveTextContent('archiviato');
    await user.click(within(dialog).getByRole('button', { name: 'Rimuovi' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(lastParent);
    expect(changeFamily).toHaveBeenCalledWith({ kind: 'removeParent', parentId: 'p-mario' });
  });

  it("shows the function's 409 in the form and keeps it open", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const taken = 'Il codice fiscale RSSMRA80A01H501U è già di Mario Rossi.';
    vi.mocked(changeFamily).mockRejectedValueOnce(new UserFacingError(taken, 409));
    const { user } = showFamily();
    await user.click(await screen.findByRole('button', { name: 'Modifica Luca Rossi' }));
    const form = screen.getByRole('form', { name: 'Modifica Luca Rossi' });
    const cf = within(form).getByLabelText('Codice Fiscale');
    await user.clear(cf);
    await user.type(cf, 'RSSMRA80A01H501U');
    await user.click(within(form).getByRole('button', { name: 'Salva' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent(taken);
    expect(screen.getByRole('form', { name: 'Modifica Luca Rossi' })).toBeInTheDocument();
    expect(changeFamily).toHaveBeenCalledWith({
      kind: 'updateChild',
      childId: 's-luca',
      child: { surname: 'Rossi', name: 'Luca', cf: 'RSSMRA80A01H501U', branch: 'Branco' },
    });
  });

  it('adds a parent: the form opens on Cognome and sends addParent with the checked fields', async () => {
    const { user } = showFamily();
    await user.click(await screen.findByRole('button', { name: 'Aggiungi genitore' }));
    const form = screen.getByRole('form', { name: 'Nuovo genitore' });
    expect(within(form).getByLabelText('Cognome')).toHaveFocus();
    await user.type(within(form).getByLabelText('Cognome'), 'Rossi');
    await user.type(within(form).getByLabelText('Nome'), ' Anna ');
    await user.type(within(form).getByLabelText('Codice Fiscale'), 'bncmra75b41f205j');
    await user.type(within(form).getByLabelText('Email'), 'Anna@Example.com');
    await user.click(within(form).getByRole('button', { name: 'Salva' }));

    await waitFor(() => expect(screen.queryByRole('form')).not.toBeInTheDocument());
    expect(changeFamily).toHaveBeenCalledWith({
      kind: 'addParent',
      familyId: 'f-rossi',
      parent: { surname: 'Rossi', name: 'Anna', cf: 'BNCMRA75B41F205J', email: 'anna@example.com', phone: '' },
    });
    expect(within(person('Genitori', 'Anna Rossi')).getByText('anna@example.com')).toBeInTheDocument();
  });

  it("says 'Famiglia non trovata.' for a family that does not exist, with the way back", async () => {
    showFamily('f-missing');
    expect(await screen.findByText('Famiglia non trovata.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Torna a Famiglie' })).toHaveAttribute('href', '/admin/famiglie');
    expect(screen.queryByRole('button', { name: /Aggiungi/ })).not.toBeInTheDocument();
  });

  it("records cash for Luca's T-shirt: only the children who may buy it, a size each, the server's total and receipt", async () => {
    vi.mocked(recordCashPayment).mockResolvedValue({ orderId: 'contanti-1', totalEuros: 15, receiptNumber: '2025/7', lines: [] });
    const { user } = showFamily();
    const section = await screen.findByRole('region', { name: 'Registra pagamento in contanti' });
    await user.selectOptions(within(section).getByRole('combobox', { name: 'Prodotto' }), 'Maglietta Gruppo');
    // Giulia is archived: only Luca is offered.
    expect(
      within(section)
        .getAllByRole('checkbox')
        .map((box) => box.closest('label')?.textContent),
    ).toEqual(['Luca (Branco)']);
    await user.click(within(section).getByRole('checkbox', { name: 'Luca (Branco)' }));
    await user.click(within(section).getByRole('button', { name: 'Registra pagamento in contanti' }));
    expect(within(section).getByText('Scegli la taglia di ogni figlio.')).toBeInTheDocument();
    await user.selectOptions(within(section).getByRole('combobox', { name: 'Taglia di Luca' }), 'M');
    await user.click(within(section).getByRole('button', { name: 'Registra pagamento in contanti' }));
    expect(await within(section).findByText(/Pagamento in contanti registrato: 15,00 €, ricevuta n\. 2025\/7/)).toBeInTheDocument();
    expect(recordCashPayment).toHaveBeenCalledWith({
      familyId: 'f-rossi',
      product: 'maglietta',
      children: [{ id: 's-luca', size: 'M' }],
      idempotencyKey: expect.stringMatching(/^[0-9a-f-]{36}$/),
    });
  });
});

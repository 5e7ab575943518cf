import { seedCatalogue } from '@domain/catalogue/season-catalogue';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { FamilyLookup } from '@domain/families/family-lookup';
import { FamilyLookupForm } from '@/features/family-lookup/FamilyLookupForm';
import type { LookupFields } from '@/features/family-lookup/lookup-messages';
import { fn, setupFunctionsServer } from '../support/functions';
import { renderWithProviders } from '../support/render';

const server = setupFunctionsServer();

const rossi: FamilyLookup = {
  family: { id: 'family-rossi', surname: 'Rossi' },
  receipts: [],
  catalogue: seedCatalogue(),
  children: [
    {
      id: 'son-rossi-marco',
      name: 'Marco',
      surname: 'Rossi',
      cf: 'RSSMRC12E03H501X',
      branch: 'Reparto',
      paid: [],
      medicalForm: { eligible: false, uploaded: false },
    },
  ],
};

/**
 * lookup-family answering `replies` in turn, behind a live session
 * (request-access-code answers `session`, so no code is asked for); the
 * bodies lookup-family received land in `calls.lookup`, request-access-code's in `calls.access`.
 */
function lookupAnswers(...replies: Array<{ status: number; json: object }>) {
  const calls = { lookup: [] as unknown[], access: [] as unknown[] };
  let next = 0;
  server.use(
    fn('request-access-code', () => ({ status: 200, json: { status: 'session' } }), calls.access),
    fn('lookup-family', () => replies[Math.min(next++, replies.length - 1)]!, calls.lookup),
  );
  return calls;
}

/** The camp page's choice between the Acconto and the Saldo (PRODUCT_PAGES). */
const CAMP_CHOICE = { label: 'Quota da Pagare', placeholder: 'Seleziona la quota', options: ['Acconto', 'Saldo'] };

function renderForm(fields: LookupFields = { quota: CAMP_CHOICE, method: true }) {
  const onFound = vi.fn();
  const onEdit = vi.fn();
  const { user } = renderWithProviders(<FamilyLookupForm fields={fields} onFound={onFound} onEdit={onEdit} />, {
    initialEntries: ['/campo-estivo'],
  });
  return { onFound, onEdit, user };
}

async function choose(user: ReturnType<typeof renderWithProviders>['user'], label: RegExp, option: string) {
  await user.selectOptions(screen.getByRole('combobox', { name: label }), option);
}

describe('FamilyLookupForm', () => {
  it('asks for a valid code and both choices before any query', async () => {
    const calls = lookupAnswers({ status: 200, json: rossi });
    const { user } = renderForm();
    await user.click(screen.getByRole('button', { name: 'Trova' }));
    expect(await screen.findByText('Inserisci un codice fiscale valido')).toBeInTheDocument();
    expect(screen.getAllByText("Seleziona un'opzione")).toHaveLength(2);
    expect(calls.lookup).toHaveLength(0);
    expect(calls.access).toHaveLength(0);
  });

  it('refuses a code with a wrong check character without querying', async () => {
    const calls = lookupAnswers({ status: 200, json: rossi });
    const { user } = renderForm({ quota: null, method: false });
    await user.type(screen.getByLabelText('Codice Fiscale Genitore'), 'RSSMRA80C12H501A');
    await user.click(screen.getByRole('button', { name: 'Trova' }));
    expect(await screen.findByText('Inserisci un codice fiscale valido')).toBeInTheDocument();
    expect(calls.lookup).toHaveLength(0);
    expect(calls.access).toHaveLength(0);
  });

  it.each([
    ['30 February', 'RSSMRA80B30H501X'],
    ['32 March, typed with dashes', 'RSS-MRA-80C32-H501G'],
  ])('refuses a code whose birth date cannot exist (%s) with the same message, without querying', async (_date, code) => {
    const calls = lookupAnswers({ status: 200, json: rossi });
    const { user } = renderForm({ quota: null, method: false });
    await user.type(screen.getByLabelText('Codice Fiscale Genitore'), code);
    await user.click(screen.getByRole('button', { name: 'Trova' }));
    expect(await screen.findByText('Inserisci un codice fiscale valido')).toBeInTheDocument();
    expect(calls.lookup).toHaveLength(0);
    expect(calls.access).toHaveLength(0);
  });

  it('finds the family by a code typed with dashes and dots, sent without them', async () => {
    const calls = lookupAnswers({ status: 200, json: rossi });
    const { user, onFound } = renderForm({ quota: null, method: false });
    await user.type(screen.getByLabelText('Codice Fiscale Genitore'), 'rss-mra.80c12-h501e');
    await user.click(screen.getByRole('button', { name: 'Trova' }));
    await waitFor(() => expect(onFound).toHaveBeenCalledWith(rossi, expect.objectContaining({ fiscalCode: 'RSSMRA80C12H501E' })));
    expect(calls.lookup).toEqual([{ cf: 'RSSMRA80C12H501E' }]);
  });

  it("shows the function's refusal of a birthplace no register has (only the server holds the register)", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const calls = { access: [] as unknown[] };
    server.use(fn('request-access-code', () => ({ status: 400, json: { error: 'Inserisci un codice fiscale valido' } }), calls.access));
    const { user, onFound } = renderForm({ quota: null, method: false });
    await user.type(screen.getByLabelText('Codice Fiscale Genitore'), 'RSSMRA80C12M999V');
    await user.click(screen.getByRole('button', { name: 'Trova' }));
    expect(await screen.findByText('Inserisci un codice fiscale valido')).toBeInTheDocument();
    expect(calls.access).toEqual([{ cf: 'RSSMRA80C12M999V', returnPath: '/campo-estivo' }]);
    expect(onFound).not.toHaveBeenCalled();
  });

  it('with a live session, looks up the normalised code at once and hands over the family and the choices', async () => {
    const calls = lookupAnswers({ status: 200, json: rossi });
    const { user, onFound } = renderForm();
    await user.type(screen.getByLabelText('Codice Fiscale Genitore'), ' rssmra80c12h501e ');
    await choose(user, /Quota da Pagare/, 'Saldo');
    await choose(user, /Metodo di Pagamento/, 'Bonifico');
    await user.click(screen.getByRole('button', { name: 'Trova' }));
    await waitFor(() => expect(onFound).toHaveBeenCalledTimes(1));
    // The screen the e-mailed link would lead back to goes with it.
    expect(calls.access).toEqual([{ cf: 'RSSMRA80C12H501E', returnPath: '/campo-estivo' }]);
    expect(calls.lookup).toEqual([{ cf: 'RSSMRA80C12H501E' }]);
    expect(onFound).toHaveBeenCalledWith(rossi, { fiscalCode: 'RSSMRA80C12H501E', quota: 'Saldo', method: 'Bonifico' });
  });

  it('says when no parent has the code', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    server.use(
      fn('request-access-code', () => ({ status: 404, json: { error: 'Il codice fiscale inserito non risulta nei nostri sistemi' } })),
    );
    const { user, onFound } = renderForm({ quota: null, method: false });
    await user.type(screen.getByLabelText('Codice Fiscale Genitore'), 'BNCNNA84L45B114C');
    await user.click(screen.getByRole('button', { name: 'Trova' }));
    expect(await screen.findByText('Il codice fiscale inserito non risulta nei nostri sistemi')).toBeInTheDocument();
    expect(onFound).not.toHaveBeenCalled();
  });

  it("shows the function's Italian error when it fails, and Trova retries", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    lookupAnswers({ status: 503, json: { error: 'Il servizio non è configurato. Contatta il gruppo.' } }, { status: 200, json: rossi });
    const { user, onFound } = renderForm({ quota: null, method: false });
    await user.type(screen.getByLabelText('Codice Fiscale Genitore'), 'RSSMRA80C12H501E');
    await user.click(screen.getByRole('button', { name: 'Trova' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Il servizio non è configurato. Contatta il gruppo.');
    await user.click(screen.getByRole('button', { name: 'Trova' }));
    await waitFor(() => expect(onFound).toHaveBeenCalledWith(rossi, expect.anything()));
  });

  it('reports edits of the fiscal code so the screen can clear the choice', async () => {
    const { user, onEdit } = renderForm({ quota: null, method: false });
    await user.type(screen.getByLabelText('Codice Fiscale Genitore'), 'R');
    expect(onEdit).toHaveBeenLastCalledWith('fiscalCode', expect.objectContaining({ fiscalCode: 'R' }));
  });
});

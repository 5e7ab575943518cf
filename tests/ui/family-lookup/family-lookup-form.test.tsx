import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { FamilyLookupForm } from '../../../src/features/family-lookup/FamilyLookupForm';
import type { FamilyLookup } from '../../../src/lib/db/families';

const findFamily = vi.hoisted(() => vi.fn<(cf: string) => Promise<FamilyLookup | null>>());
vi.mock('../../../src/lib/db/families', () => ({ findFamilyByParentFiscalCode: findFamily }));

const rossi: FamilyLookup = {
  family: { id: 'family-rossi', surname: 'Rossi', orders_id: [], updated_at: null },
  sons: [],
};

function renderForm(fields = { quota: true, method: true }) {
  const onFound = vi.fn();
  const onEdit = vi.fn();
  render(
    <QueryClientProvider client={new QueryClient()}>
      <FamilyLookupForm fields={fields} onFound={onFound} onEdit={onEdit} />
    </QueryClientProvider>,
  );
  return { onFound, onEdit, user: userEvent.setup() };
}

async function choose(user: ReturnType<typeof userEvent.setup>, label: RegExp, option: string) {
  await user.click(screen.getByRole('button', { name: label }));
  await user.click(await screen.findByRole('option', { name: option }));
}

describe('FamilyLookupForm', () => {
  beforeEach(() => {
    findFamily.mockReset();
  });

  it('asks for a valid code and both choices before any query', async () => {
    const { user } = renderForm();
    await user.click(screen.getByRole('button', { name: 'Trova' }));
    expect(await screen.findByText('Inserisci un codice fiscale valido')).toBeInTheDocument();
    expect(screen.getAllByText("Seleziona un'opzione")).toHaveLength(2);
    expect(findFamily).not.toHaveBeenCalled();
  });

  it('refuses a code with a wrong check character without querying', async () => {
    const { user } = renderForm({ quota: false, method: false });
    await user.type(screen.getByLabelText('Codice Fiscale Genitore'), 'RSSMRA80C12H501A');
    await user.click(screen.getByRole('button', { name: 'Trova' }));
    expect(await screen.findByText('Inserisci un codice fiscale valido')).toBeInTheDocument();
    expect(findFamily).not.toHaveBeenCalled();
  });

  it('looks up the normalised code and hands over the family and the choices', async () => {
    findFamily.mockResolvedValue(rossi);
    const { user, onFound } = renderForm();
    await user.type(screen.getByLabelText('Codice Fiscale Genitore'), ' rssmra80c12h501e ');
    await choose(user, /Quota da Pagare/, 'Saldo');
    await choose(user, /Metodo di Pagamento/, 'Bonifico');
    await user.click(screen.getByRole('button', { name: 'Trova' }));
    await waitFor(() => expect(onFound).toHaveBeenCalledTimes(1));
    expect(findFamily).toHaveBeenCalledWith('RSSMRA80C12H501E');
    expect(onFound).toHaveBeenCalledWith(rossi, { fiscalCode: 'RSSMRA80C12H501E', quota: 'Saldo', method: 'Bonifico' });
  });

  it('says when no parent has the code', async () => {
    findFamily.mockResolvedValue(null);
    const { user, onFound } = renderForm({ quota: false, method: false });
    await user.type(screen.getByLabelText('Codice Fiscale Genitore'), 'BNCNNA84L45B114C');
    await user.click(screen.getByRole('button', { name: 'Trova' }));
    expect(await screen.findByText('Il codice fiscale inserito non risulta nei nostri sistemi')).toBeInTheDocument();
    expect(onFound).not.toHaveBeenCalled();
  });

  it('shows an Italian error when the database cannot be read, and Trova retries', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    findFamily.mockRejectedValueOnce(new Error('offline')).mockResolvedValueOnce(rossi);
    const { user, onFound } = renderForm({ quota: false, method: false });
    await user.type(screen.getByLabelText('Codice Fiscale Genitore'), 'RSSMRA80C12H501E');
    await user.click(screen.getByRole('button', { name: 'Trova' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Si è verificato un errore imprevisto');
    await user.click(screen.getByRole('button', { name: 'Trova' }));
    await waitFor(() => expect(onFound).toHaveBeenCalledWith(rossi, expect.anything()));
  });

  it('reports edits of the fiscal code so the screen can clear the choice', async () => {
    const { user, onEdit } = renderForm({ quota: false, method: false });
    await user.type(screen.getByLabelText('Codice Fiscale Genitore'), 'R');
    expect(onEdit).toHaveBeenLastCalledWith('fiscalCode', expect.objectContaining({ fiscalCode: 'R' }));
  });
});

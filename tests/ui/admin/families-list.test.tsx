import { screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ChildDocument } from '@domain/roster/child-schema';
import type { FamilyDocument } from '@domain/roster/family-schema';
import type { ParentDocument } from '@domain/roster/parent-schema';
import {
  fetchFamiliesPage,
  type FamiliesCursor,
  type FamiliesPage,
  type FamiliesSearch,
  type FamilyRow,
} from '@/features/admin/families/api/families';
import { FamiliesList } from '@/features/admin/families/FamiliesList';
import { renderWithProviders } from '../support/render';

/**
 * The 'Famiglie' list against a fake of its Firestore reads
 * (src/features/admin/families/api/families.ts): the search's parsing, the query
 * options and hooks are the real ones.
 */
vi.mock('@/features/admin/families/api/families', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@/features/admin/families/api/families')>()),
  fetchFamiliesPage: vi.fn(),
  fetchFamily: vi.fn(),
  changeFamily: vi.fn(),
}));

const UPDATED = new Date(2025, 0, 10);
const family = (id: string, surname: string, fiscalCodes: string[]): FamilyDocument => ({
  id,
  surname,
  orders_id: [],
  surname_key: surname.replace(/\s+/g, '').toLowerCase(),
  fiscal_codes: fiscalCodes,
  updated_at: UPDATED,
  contacts_confirmed_at: surname === 'Rossi' ? new Date('2025-09-15T10:00:00Z') : null,
  contacts_confirmed_season: surname === 'Rossi' ? 2025 : null,
});
const parent = (id: string, familyId: string, name: string, surname: string, cf: string, email: string | null, phone: string | null) =>
  ({ id, family_id: familyId, name, surname, cf, email, phone }) satisfies ParentDocument;
const child = (
  id: string,
  familyId: string,
  name: string,
  surname: string,
  cf: string,
  branch: ChildDocument['branch'],
  archived = false,
) => ({
  id,
  family_id: familyId,
  name,
  surname,
  cf,
  branch,
  medical_doc: '',
  medical_forms: [],
  archived_at: archived ? UPDATED : null,
  updated_at: UPDATED,
  archived,
});

/** The fake roster, alphabetical. */
let roster: FamilyRow[];

const matches = (search: FamiliesSearch, row: FamilyRow) =>
  search.kind === 'all' ||
  (search.kind === 'fiscalCode' && row.family.fiscal_codes.includes(search.cf)) ||
  (search.kind === 'surname' && (row.family.surname_key ?? '').startsWith(search.prefix));

beforeEach(() => {
  roster = [
    {
      family: family('f-bianchi', 'Bianchi', ['BNCMRA75B41F205J', 'VRDNDR10A01L219G']),
      parents: [parent('p-maria', 'f-bianchi', 'Maria', 'Bianchi', 'BNCMRA75B41F205J', null, null)],
      children: [child('s-andrea', 'f-bianchi', 'Andrea', 'Bianchi', 'VRDNDR10A01L219G', 'Clan')],
    },
    {
      family: family('f-rossi', 'Rossi', ['RSSMRA80A01H501U', 'RSSGLI14D50H501P', 'RSSLCU12C15H501L']),
      parents: [parent('p-mario', 'f-rossi', 'Mario', 'Rossi', 'RSSMRA80A01H501U', 'mario.rossi@example.com', '333 1234567')],
      children: [
        child('s-giulia', 'f-rossi', 'Giulia', 'Rossi', 'RSSGLI14D50H501P', 'Reparto', true),
        child('s-luca', 'f-rossi', 'Luca', 'Rossi', 'RSSLCU12C15H501L', 'Branco'),
      ],
    },
  ];
  vi.mocked(fetchFamiliesPage).mockImplementation((search) =>
    Promise.resolve({ rows: roster.filter((row) => matches(search, row)), unreadable: [], next: null }),
  );
});

afterEach(() => {
  vi.clearAllMocks();
  vi.restoreAllMocks();
});

function showList() {
  return renderWithProviders(
    <Routes>
      <Route path="/admin/famiglie" element={<FamiliesList />} />
    </Routes>,
    { initialEntries: ['/admin/famiglie'] },
  );
}

const familyRow = (surname: string) => {
  const row = screen.getAllByTestId('family-row').find((candidate) => within(candidate).getAllByRole('cell')[0]?.textContent === surname);
  if (!row) throw new Error(`No family row of ${surname}`);
  return row;
};
const searches = () => vi.mocked(fetchFamiliesPage).mock.calls.map(([search]) => search);

describe("the admin's 'Famiglie' list", () => {
  it('shows each family with its parents and children, a link to its page, and how many', async () => {
    showList();
    expect(screen.getByRole('heading', { level: 1, name: 'Famiglie' })).toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: 'Importa anagrafica' })[0]).toHaveAttribute('href', '/admin/famiglie/importa');
    const rows = await screen.findAllByTestId('family-row');
    expect(rows.map((row) => within(row).getAllByRole('cell')[0]?.textContent)).toEqual(['Bianchi', 'Rossi']);

    const rossi = within(familyRow('Rossi'));
    expect(rossi.getByRole('link', { name: 'Rossi' })).toHaveAttribute('href', '/admin/famiglie/f-rossi');
    const [, parents, children] = rossi.getAllByRole('cell');
    expect(parents).toHaveTextContent(/Mario Rossi\s*mario\.rossi@example\.com · 333 1234567/);
    expect(parents).toHaveTextContent('Contatti confermati il 15/09/2025 (stagione 2025)');
    expect(within(familyRow('Bianchi')).getAllByRole('cell')[1]).toHaveTextContent('Contatti mai confermati');
    expect(
      within(children!)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Giulia · RepartoArchiviato', 'Luca · Branco']);
    expect(within(familyRow('Bianchi')).getAllByRole('cell')[2]).toHaveTextContent('Andrea · Clan');
    expect(within(familyRow('Bianchi')).queryByText('Archiviato')).not.toBeInTheDocument();

    expect(screen.getByText('2 famiglie')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Mostra altri' })).not.toBeInTheDocument();
    expect(fetchFamiliesPage).toHaveBeenCalledWith({ kind: 'all' }, null);
  });

  it('searches a surname prefix after typing stops, and a fiscal code by the code', async () => {
    const { user } = showList();
    await screen.findAllByTestId('family-row');
    const field = screen.getByLabelText('Cerca per cognome o codice fiscale');

    await user.type(field, 'Ro ss');
    await waitFor(() => expect(searches().at(-1)).toEqual({ kind: 'surname', prefix: 'ross' }));
    await waitFor(() => expect(screen.getAllByTestId('family-row')).toHaveLength(1));
    expect(familyRow('Rossi')).toBeInTheDocument();
    expect(screen.getByText('1 famiglia')).toBeInTheDocument();
    // Debounced: no read for the letters typed on the way.
    expect(searches()).toEqual([{ kind: 'all' }, { kind: 'surname', prefix: 'ross' }]);

    await user.clear(field);
    await user.type(field, ' vrdndr10a01 l219g ');
    await waitFor(() => expect(searches().at(-1)).toEqual({ kind: 'fiscalCode', cf: 'VRDNDR10A01L219G' }));
    await waitFor(() => expect(familyRow('Bianchi')).toBeInTheDocument());
    expect(screen.getAllByTestId('family-row')).toHaveLength(1);
  });

  it("shows 'Mostra altri' while pages remain and adds the next page", async () => {
    const cursor = { id: 'f-bianchi' } as unknown as FamiliesCursor;
    vi.mocked(fetchFamiliesPage).mockImplementation((_search, after): Promise<FamiliesPage> =>
      Promise.resolve(
        after === null ? { rows: [roster[0]!], unreadable: [], next: cursor } : { rows: [roster[1]!], unreadable: [], next: null },
      ),
    );
    const { user } = showList();
    expect(await screen.findByText('1 famiglia')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Mostra altri' }));
    expect(await screen.findByText('2 famiglie')).toBeInTheDocument();
    expect(fetchFamiliesPage).toHaveBeenLastCalledWith({ kind: 'all' }, cursor);
    expect(screen.getAllByTestId('family-row')).toHaveLength(2);
    expect(screen.queryByRole('button', { name: 'Mostra altri' })).not.toBeInTheDocument();
  });

  it('invites an import when there is no family, and says so when a search finds none', async () => {
    roster = [];
    const { user } = showList();
    const empty = await screen.findByText("Nessuna famiglia: importa l'anagrafica per cominciare.");
    expect(within(empty.closest('[role="status"]') as HTMLElement).getByRole('link', { name: 'Importa anagrafica' })).toHaveAttribute(
      'href',
      '/admin/famiglie/importa',
    );

    await user.type(screen.getByLabelText('Cerca per cognome o codice fiscale'), 'Verdi');
    expect(await screen.findByText('Nessuna famiglia trovata.')).toBeInTheDocument();
    expect(screen.queryByText(/importa l'anagrafica per cominciare/)).not.toBeInTheDocument();
  });

  it('warns about unreadable documents and offers a retry when the list cannot be read', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.mocked(fetchFamiliesPage).mockRejectedValueOnce(Object.assign(new Error('down'), { code: 'unavailable' }));
    const { user } = showList();
    expect(await screen.findByText(/Il servizio non è raggiungibile/)).toBeInTheDocument();
    vi.mocked(fetchFamiliesPage).mockResolvedValueOnce({ rows: roster, unreadable: ['sons/s9'], next: null });
    await user.click(screen.getByRole('button', { name: 'Riprova' }));
    expect(await screen.findAllByTestId('family-row')).toHaveLength(2);
    expect(screen.getByText('1 documento non leggibile: segnalato nella console.')).toBeInTheDocument();
  });

  it('shows stacked cards on a phone', async () => {
    vi.stubGlobal('matchMedia', (query: string) => ({
      matches: false,
      media: query,
      addEventListener: () => {},
      removeEventListener: () => {},
    }));
    try {
      showList();
      const cards = await screen.findAllByTestId('family-card');
      expect(cards).toHaveLength(2);
      expect(screen.queryByRole('table')).not.toBeInTheDocument();
      expect(within(cards[1]!).getByRole('link', { name: 'Rossi' })).toHaveAttribute('href', '/admin/famiglie/f-rossi');
      expect(cards[1]).toHaveTextContent('Giulia · RepartoArchiviato');
    } finally {
      vi.unstubAllGlobals();
    }
  });
});

import { useMutation, useQuery } from '@tanstack/react-query';
import { screen, waitFor, within } from '@testing-library/react';
import Papa from 'papaparse';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SEASON } from '@config/season';
import type { CatalogueProduct } from '@domain/catalogue/product';
import { seasonCatalogue, seedCatalogue } from '@domain/catalogue/season-catalogue';
import { SEED_PRICES } from '@domain/catalogue/seed';
import type { EnrolmentRow, ProductCell } from '@domain/enrolment/enrolment-status';
import type { EnrolmentStatus as EnrolmentData } from '@/features/admin/enrolment/api/enrolment-status';
import type { SignedMedicalForm } from '@/features/admin/shell/api/medical-form-link';
import { EnrolmentStatus } from '@/features/admin/enrolment/EnrolmentStatus';
import { UserFacingError } from '@/lib/api/functions-client';
import { renderWithProviders } from '../support/render';

/**
 * The view reads Firestore and calls admin-medical-form through its api
 * module; the module is replaced by one whose hooks run real queries and
 * mutations over these fakes.
 */
const api = vi.hoisted(() => ({
  fetchStatus: vi.fn<(season: number) => Promise<EnrolmentData>>(),
  sign: vi.fn<(form: { childId: string; publicId?: string }) => Promise<SignedMedicalForm>>(),
}));
vi.mock('@/features/admin/enrolment/api/enrolment-status', () => ({
  useEnrolmentStatus: (season: number) => useQuery({ queryKey: ['enrolment-test', season], queryFn: () => api.fetchStatus(season) }),
}));
/** The documents linked to a product: none unless a test sets them; read only for a role with the `documents` permission. */
const documents = vi.hoisted(() => ({
  columns: [] as Array<{ id: string; title: string; states: Map<string, 'signed' | 'partial' | 'missing' | 'withdrawn'> }>,
  enabled: [] as boolean[],
}));
vi.mock('@/features/admin/enrolment/api/camp-documents', () => ({
  useCampDocumentColumns: (season: number, enabled: boolean) => {
    documents.enabled.push(enabled);
    return useQuery({ queryKey: ['camp-documents-test', season], queryFn: () => Promise.resolve(documents.columns), enabled });
  },
}));
/** The season's catalogue the shell answers: the seeded products unless a test adds the season's own. */
const shell = vi.hoisted(() => ({ catalogue: null as CatalogueProduct[] | null }));
vi.mock('@/features/admin/shell/api/season-settings', () => ({ useSeasonCatalogue: () => shell.catalogue ?? seedCatalogue() }));
vi.mock('@/features/admin/shell/api/medical-form-link', () => ({ useSignedMedicalForm: () => useMutation({ mutationFn: api.sign }) }));
const csv = vi.hoisted(() => ({ download: vi.fn<(filename: string, text: string) => void>() }));
vi.mock('@/lib/csv', async (original) => ({ ...(await original<typeof import('@/lib/csv')>()), downloadCsv: csv.download }));

const YEAR = SEASON.campYear;
const none = { state: 'none', size: '' } as const;
/** The cells a test sets, by a short name of their seeded product. */
type Cells = Partial<Record<'acconto' | 'saldo' | 'felpa' | 'maglietta', ProductCell>>;
const row = ({
  acconto = none,
  saldo = none,
  felpa = none,
  maglietta = none,
  ...overrides
}: Partial<Omit<EnrolmentRow, 'products'>> & Cells): EnrolmentRow => ({
  childId: 'c',
  familyId: 'f',
  familySurname: 'Bianchi',
  surname: 'Bianchi',
  name: 'Sara',
  branch: 'Reparto',
  products: { 'campo-acconto': acconto, 'campo-saldo': saldo, felpa, maglietta },
  medicalForm: { state: 'notRequired' },
  ...overrides,
});

const SARA = row({
  childId: 'son-bianchi-sara',
  acconto: { state: 'paid', size: '' },
  medicalForm: { state: 'received', date: new Date(YEAR, 3, 9, 10), replaced: [] },
});
const MATTEO = row({
  childId: 'son-verdi-matteo',
  familyId: 'family-verdi',
  familySurname: 'Verdi',
  surname: 'Verdi',
  name: 'Matteo',
  acconto: { state: 'toVerify', size: '' },
  felpa: { state: 'toVerify', size: 'M' },
  medicalForm: { state: 'missing' },
});
const ALICE = row({
  childId: 'son-verdi-alice',
  familyId: 'family-verdi',
  familySurname: 'Verdi',
  surname: 'Verdi',
  name: 'Alice',
  branch: 'Branco',
  acconto: { state: 'paid', size: '' },
  saldo: { state: 'paid', size: '' },
  maglietta: { state: 'paid', size: 'XS' },
});
const DATA: EnrolmentData = { rows: [SARA, ALICE, MATTEO], unreadable: [], lastReminders: new Map() };

function show(address = '/admin/situazione-iscritti') {
  return renderWithProviders(<EnrolmentStatus />, { initialEntries: [address] });
}

const shownNames = () => screen.getAllByTestId('enrolment-row').map((tr) => within(tr).getAllByRole('cell')[2]?.textContent);

beforeEach(() => {
  api.fetchStatus.mockResolvedValue(DATA);
});
afterEach(() => {
  vi.restoreAllMocks();
  api.fetchStatus.mockReset();
  api.sign.mockReset();
  csv.download.mockReset();
  shell.catalogue = null;
  documents.columns = [];
  documents.enabled = [];
});

describe('EnrolmentStatus', () => {
  it("shows a spinner, then the season's children with coloured states, sizes and the counts line", async () => {
    show();
    expect(screen.getByRole('heading', { name: 'Situazione iscritti' })).toBeInTheDocument();
    expect(screen.getByRole('status', { name: 'Caricamento' })).toBeInTheDocument();
    expect(await screen.findAllByTestId('enrolment-row')).toHaveLength(3);
    expect(api.fetchStatus).toHaveBeenCalledWith(YEAR);
    expect(shownNames()).toEqual(['Sara', 'Alice', 'Matteo']);

    const matteo = within(screen.getAllByTestId('enrolment-row')[2] as HTMLElement);
    expect(matteo.getByText('Bonifico da verificare (M)')).toHaveClass('bg-yellow-100');
    expect(matteo.getByText('Mancante')).toHaveClass('bg-red-100');
    const sara = within(screen.getAllByTestId('enrolment-row')[0] as HTMLElement);
    expect(sara.getByText('Pagato')).toHaveClass('bg-green-100');
    expect(sara.getByText(`Ricevuta il 09/04/${YEAR}`)).toBeInTheDocument();
    expect(sara.getByRole('button', { name: 'Apri scheda di Sara Bianchi' })).toBeInTheDocument();
    expect(matteo.queryByRole('button', { name: /Apri scheda/ })).not.toBeInTheDocument();
    expect(screen.getByTestId('enrolment-counts')).toHaveTextContent(
      `Stagione ${YEAR}: 3 figli · Acconto pagato: 2 · Saldo non pagato: 2 · Schede mediche mancanti: 1`,
    );
  });

  it('reads the season of the address', async () => {
    show(`/admin/situazione-iscritti?stagione=${YEAR - 1}`);
    await screen.findAllByTestId('enrolment-row');
    expect(api.fetchStatus).toHaveBeenCalledWith(YEAR - 1);
  });

  it("filters 'Saldo non pagato', 'Scheda medica mancante', by name and by branch, and offers to show everyone again", async () => {
    const { user } = show();
    await screen.findAllByTestId('enrolment-row');
    await user.click(screen.getByRole('button', { name: 'Saldo non pagato' }));
    expect(shownNames()).toEqual(['Sara', 'Matteo']);
    expect(screen.getByTestId('enrolment-counts')).toHaveTextContent('2 di 3 figli mostrati');
    await user.click(screen.getByRole('button', { name: 'Scheda medica mancante' }));
    expect(shownNames()).toEqual(['Matteo']);
    await user.click(screen.getByRole('button', { name: 'Tutti' }));
    await user.type(screen.getByLabelText('Cerca nome o cognome'), 'verdi');
    expect(shownNames()).toEqual(['Alice', 'Matteo']);
    await user.selectOptions(screen.getByLabelText('Branca'), 'Branco');
    expect(shownNames()).toEqual(['Alice']);
    await user.click(screen.getByRole('button', { name: 'Saldo non pagato' }));
    expect(screen.queryAllByTestId('enrolment-row')).toHaveLength(0);
    expect(screen.getByText('Nessun iscritto corrisponde ai filtri.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Mostra tutti' }));
    expect(shownNames()).toEqual(['Sara', 'Alice', 'Matteo']);
  });

  it("'Apri scheda' opens a tab at the click and points it at the signed URL the function answers", async () => {
    const tab = { opener: {}, closed: false, location: { href: '' }, close: vi.fn() };
    const open = vi.spyOn(window, 'open').mockReturnValue(tab as unknown as Window);
    const url = `http://127.0.0.1:9300/v1_1/demo/image/download?public_id=x&signature=abc`;
    api.sign.mockResolvedValue({ url, expiresAt: new Date(Date.now() + 300_000).toISOString() });
    const { user } = show();
    await user.click(await screen.findByRole('button', { name: 'Apri scheda di Sara Bianchi' }));
    expect(open).toHaveBeenCalledWith('', '_blank');
    await waitFor(() => expect(tab.location.href).toBe(url));
    expect(api.sign.mock.calls[0]?.[0]).toEqual({ childId: 'son-bianchi-sara' });
    expect(tab.opener).toBeNull();
  });

  it("shows the treasurer the form's state but no 'Apri scheda': the role opens no medical forms", async () => {
    renderWithProviders(<EnrolmentStatus />, { initialEntries: ['/admin/situazione-iscritti'], staff: { role: 'tesoriere' } });
    expect(await screen.findByText('Sara')).toBeInTheDocument();
    expect(screen.getAllByText(/Ricevuta il/).length).toBeGreaterThan(0);
    expect(screen.queryByRole('button', { name: /Apri scheda/ })).toBeNull();
  });

  it("lists the forms a new upload replaced, 'Sostituita il', each opening its own file", async () => {
    const tab = { opener: {}, closed: false, location: { href: '' }, close: vi.fn() };
    vi.spyOn(window, 'open').mockReturnValue(tab as unknown as Window);
    api.sign.mockResolvedValue({ url: 'http://127.0.0.1:9300/x', expiresAt: new Date(Date.now() + 300_000).toISOString() });
    api.fetchStatus.mockResolvedValue({
      rows: [
        {
          ...SARA,
          medicalForm: {
            state: 'received',
            date: new Date(YEAR, 4, 20, 10),
            replaced: [{ publicId: 'Documenti/x/son-bianchi-sara/1-0a1b2c3d', replacedAt: new Date(YEAR, 4, 20, 10) }],
          },
        },
      ],
      unreadable: [],
      lastReminders: new Map(),
    });
    const { user } = show();
    const sara = within((await screen.findAllByTestId('enrolment-row'))[0] as HTMLElement);
    expect(sara.getByText(`Ricevuta il 20/05/${YEAR}`)).toBeInTheDocument();
    expect(sara.getByText(`Sostituita il 20/05/${YEAR}`)).toBeInTheDocument();
    await user.click(sara.getByRole('button', { name: `Apri la scheda di Sara Bianchi sostituita il 20/05/${YEAR}` }));
    await waitFor(() =>
      expect(api.sign).toHaveBeenCalledWith(
        { childId: SARA.childId, publicId: 'Documenti/x/son-bianchi-sara/1-0a1b2c3d' },
        expect.anything(),
      ),
    );
  });

  it("shows the function's refusal and closes the blank tab", async () => {
    const tab = { opener: null, closed: false, location: { href: '' }, close: vi.fn() };
    vi.spyOn(window, 'open').mockReturnValue(tab as unknown as Window);
    api.sign.mockRejectedValue(new UserFacingError('Questo account non è un amministratore.', 403));
    const { user } = show();
    await user.click(await screen.findByRole('button', { name: 'Apri scheda di Sara Bianchi' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Non è stato possibile aprire la scheda medica');
    expect(alert).toHaveTextContent('Questo account non è un amministratore.');
    expect(tab.close).toHaveBeenCalled();
    expect(tab.location.href).toBe('');
  });

  it("shows an Italian error with 'Riprova' that reads again", async () => {
    api.fetchStatus.mockReset();
    api.fetchStatus.mockRejectedValueOnce(Object.assign(new Error('denied'), { code: 'permission-denied' })).mockResolvedValue(DATA);
    const { user } = show();
    expect(await screen.findByText('Accesso ai dati non consentito. Accedi di nuovo e riprova.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Riprova' }));
    expect(await screen.findAllByTestId('enrolment-row')).toHaveLength(3);
  });

  it('says so when the season has no children', async () => {
    api.fetchStatus.mockResolvedValue({ rows: [], unreadable: ['sons/x'], lastReminders: new Map() });
    show();
    expect(await screen.findByText(`Nessun iscritto nella stagione ${YEAR}.`)).toBeInTheDocument();
    expect(screen.getByText('1 documento non leggibile: segnalato nella console.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Esporta CSV' })).toBeDisabled();
  });

  it("'Esporta CSV' downloads the rows shown, filters applied, as situazione-iscritti-{season}.csv", async () => {
    const { user } = show();
    await screen.findAllByTestId('enrolment-row');
    await user.click(screen.getByRole('button', { name: 'Saldo non pagato' }));
    await user.click(screen.getByRole('button', { name: 'Esporta CSV' }));
    expect(csv.download).toHaveBeenCalledTimes(1);
    const [filename = '', text = ''] = csv.download.mock.calls[0] ?? [];
    expect(filename).toBe(`situazione-iscritti-${YEAR}.csv`);
    const parsed = Papa.parse<string[]>(text.replace(/^\uFEFF/, ''), { delimiter: ';', skipEmptyLines: true }).data;
    expect(parsed.slice(1)).toEqual([
      ['Bianchi', 'Bianchi', 'Sara', 'Reparto', 'Pagato', 'Non pagato', 'Non pagato', 'Non pagato', 'Ricevuta', `09/04/${YEAR}`],
      [
        'Verdi',
        'Verdi',
        'Matteo',
        'Reparto',
        'Bonifico da verificare',
        'Non pagato',
        'Bonifico da verificare (M)',
        'Non pagato',
        'Mancante',
        '',
      ],
    ]);
  });

  it('gives each document linked to a product its column for the admin, in the table and the CSV; none for the treasurer', async () => {
    documents.columns = [
      {
        id: `autorizzazione-campo-estivo-${YEAR}-v1`,
        title: 'Autorizzazione al campo estivo',
        states: new Map([
          ['son-bianchi-sara', 'signed'],
          ['son-verdi-alice', 'partial'],
          ['son-verdi-matteo', 'missing'],
        ]),
      },
    ];
    const { user } = show();
    expect(await screen.findByRole('columnheader', { name: 'Autorizzazione al campo estivo' })).toBeInTheDocument();
    const [sara, alice, matteo] = screen.getAllByTestId('enrolment-row');
    expect(within(sara!).getByText('Firmato')).toHaveClass('bg-green-100');
    expect(within(alice!).getByText('Manca la firma del secondo genitore')).toHaveClass('bg-yellow-100');
    expect(within(matteo!).getByText('Da firmare')).toHaveClass('bg-red-100');
    await user.click(screen.getByRole('button', { name: 'Esporta CSV' }));
    const [, text = ''] = csv.download.mock.calls[0] ?? [];
    const parsed = Papa.parse<string[]>(text.replace(/^\uFEFF/, ''), { delimiter: ';', skipEmptyLines: true }).data;
    expect(parsed.map((line) => line.at(-1))).toEqual([
      'Autorizzazione al campo estivo',
      'Firmato',
      'Manca la firma del secondo genitore',
      'Da firmare',
    ]);
  });

  it("asks no documents for the treasurer, whose role has no 'documents' permission", async () => {
    renderWithProviders(<EnrolmentStatus />, { initialEntries: ['/admin/situazione-iscritti'], staff: { role: 'tesoriere' } });
    await screen.findAllByTestId('enrolment-row');
    expect(documents.enabled.every((enabled) => !enabled)).toBe(true);
  });

  it("shows 'Ultimo promemoria' under a reminded child's name, and the reminders box for the current season only", async () => {
    api.fetchStatus.mockResolvedValue({ ...DATA, lastReminders: new Map([['son-bianchi-sara', new Date(`${YEAR}-05-31T22:30:00Z`)]]) });
    const { unmount } = show();
    const sara = within((await screen.findAllByTestId('enrolment-row'))[0] as HTMLElement);
    expect(sara.getByText(`Ultimo promemoria: 01/06/${YEAR}`)).toBeInTheDocument();
    expect(screen.queryAllByText(/Ultimo promemoria/)).toHaveLength(1);
    expect(screen.getByRole('button', { name: 'Invia promemoria' })).toBeInTheDocument();
    unmount();
    show(`/admin/situazione-iscritti?stagione=${YEAR - 1}`);
    await screen.findAllByTestId('enrolment-row');
    expect(screen.queryByRole('button', { name: 'Invia promemoria' })).not.toBeInTheDocument();
  });

  it("gives each of the season's own products its column, in the table and the CSV", async () => {
    shell.catalogue = seasonCatalogue(SEED_PRICES, [
      { name: 'Uscita di Pasqua', price: { euros: 15 }, branches: ['Reparto'], sizes: false },
    ]);
    api.fetchStatus.mockResolvedValue({
      ...DATA,
      rows: [{ ...SARA, products: { ...SARA.products, 'uscita-di-pasqua': { state: 'paid', size: '' } } }],
    });
    const { user } = show();
    const sara = within((await screen.findAllByTestId('enrolment-row'))[0] as HTMLElement);
    expect(screen.getByRole('columnheader', { name: 'Uscita di Pasqua' })).toBeInTheDocument();
    expect(sara.getAllByText('Pagato')).toHaveLength(2);
    await user.click(screen.getByRole('button', { name: 'Esporta CSV' }));
    const [, text = ''] = csv.download.mock.calls[0] ?? [];
    const parsed = Papa.parse<string[]>(text.replace(/^\uFEFF/, ''), { delimiter: ';', skipEmptyLines: true }).data;
    expect(parsed[0]?.slice(4, 9)).toEqual(['Acconto', 'Saldo', 'Felpa', 'Maglietta', 'Uscita di Pasqua']);
    expect(parsed[1]?.slice(4, 9)).toEqual(['Pagato', 'Non pagato', 'Non pagato', 'Non pagato', 'Pagato']);
  });
});

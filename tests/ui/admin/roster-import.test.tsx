import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ROSTER_TEMPLATE_HEADER } from '@domain/roster/roster';
import { commitRoster, previewRoster, type RosterCommit, type RosterPreview } from '@/features/admin/families/api/roster-import';
import { SHEET_FILE_MESSAGES } from '@/lib/read-sheet-file';
import { downloadRosterTemplate } from '@/features/admin/families/roster/roster-template';
import { RosterImport } from '@/features/admin/families/roster/RosterImport';
import { UserFacingError } from '@/lib/api/functions-client';
import { renderWithProviders } from '../support/render';

/**
 * 'Importa anagrafica' over fakes of its two calls
 * (src/features/admin/families/api/roster-import.ts) and of the template's download;
 * the file reading, the header check, the mutations and the screen are the
 * real ones.
 */
vi.mock('@/features/admin/families/api/roster-import', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@/features/admin/families/api/roster-import')>()),
  previewRoster: vi.fn(),
  commitRoster: vi.fn(),
}));
vi.mock('@/features/admin/families/roster/roster-template', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@/features/admin/families/roster/roster-template')>()),
  downloadRosterTemplate: vi.fn(() => Promise.resolve()),
}));

const FILE_LABEL = "File dell'anagrafica (.xlsx o .csv)";

const ROWS = [
  'Rossi;Luca;RSSLCU16B11H501X;Reparto;Rossi;Mario;RSSMRA80C12H501E;mario.rossi@example.com;;;;;;',
  'Colombo;Tommaso;CLMTMS13A22F205T;Reparto;Colombo;Stefano;CLMSFN79C14F205M;;;Riva;Francesca;RVIFNC81H42A794A;;',
  'Gallo;Giorgia;GLLGRG13R50D969O;Reparto;Gallo;Paola;GLLPLA84L53D969J;paola.gallo.example.com;;;;;;',
  'Caruso;Mattia;CRSMTT15E05I452D;Castorini;Caruso;Rosa;CRSRSO84P42I452J;;;;;;;',
];
const csv = (header: readonly string[] = ROSTER_TEMPLATE_HEADER, name = 'anagrafica.csv') =>
  new File([[header.join(';'), ...ROWS].join('\r\n')], name, { type: 'text/csv' });

const PLAN: RosterPreview = {
  create: [
    {
      familyId: null,
      surname: 'Colombo',
      rows: [3],
      newChildren: [{ cf: 'CLMTMS13A22F205T', name: 'Tommaso', surname: 'Colombo', branch: 'Reparto', row: 3 }],
      childUpdates: [],
      newParents: [
        { cf: 'CLMSFN79C14F205M', name: 'Stefano', surname: 'Colombo', email: null, phone: null },
        { cf: 'RVIFNC81H42A794A', name: 'Francesca', surname: 'Riva', email: null, phone: null },
      ],
      parentUpdates: [],
      changes: [],
    },
  ],
  update: [
    {
      familyId: 'family-rossi',
      surname: 'Rossi',
      rows: [2],
      newChildren: [{ cf: 'RSSNNA18A41H501X', name: 'Anna', surname: 'Rossi', branch: 'Branco', row: 6 }],
      childUpdates: [{ id: 'son-rossi-luca', cf: 'RSSLCU16B11H501X', set: { branch: 'Reparto' } }],
      newParents: [],
      parentUpdates: [{ id: 'parent-rossi-mario', cf: 'RSSMRA80C12H501E', set: { phone: null } }],
      changes: [
        { person: 'Luca Rossi', field: 'Branca', from: 'Branco', to: 'Reparto' },
        { person: 'Mario Rossi (genitore)', field: 'Telefono', from: '+39 333 100 0001', to: '' },
      ],
    },
  ],
  unchanged: 2,
  missing: [
    {
      id: 'son-bianchi-sara',
      familyId: 'family-bianchi',
      cf: 'BNCSRA12S70H501L',
      name: 'Sara',
      surname: 'Bianchi',
      branch: 'Reparto',
      archived: false,
    },
  ],
  errors: [
    { row: 5, column: 'Branca', message: 'Branca sconosciuta: «Castorini».' },
    { row: 4, column: 'Email Genitore 1', message: 'Email non valida: «paola.gallo.example.com».' },
  ],
  joined: [],
  reads: 16,
};

const NOTHING_TO_DO: RosterPreview = { ...PLAN, create: [], update: [], unchanged: 3, errors: [] };

const COMMITTED: RosterCommit = { created: 1, updated: 1, unchanged: 2, archived: 1, errors: PLAN.errors, failed: 0 };

beforeEach(() => {
  vi.mocked(previewRoster).mockResolvedValue(PLAN);
  vi.mocked(commitRoster).mockResolvedValue(COMMITTED);
});
afterEach(() => {
  vi.clearAllMocks();
  vi.restoreAllMocks();
});

function renderImport() {
  return renderWithProviders(<RosterImport />, { initialEntries: ['/admin/famiglie/importa'] });
}

/** The section under the heading `name` (h3). */
const section = (name: string) => screen.getByRole('heading', { name, level: 3 }).closest('section')!;

describe('Importa anagrafica', () => {
  it('explains the file, links back to Famiglie and offers the template', async () => {
    const { user } = renderImport();
    expect(screen.getByRole('heading', { name: 'Importa anagrafica', level: 1 })).toBeInTheDocument();
    expect(screen.getByText(/una riga per ogni figlio/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Torna a Famiglie' })).toHaveAttribute('href', '/admin/famiglie');
    await user.click(screen.getByRole('button', { name: 'Scarica modello' }));
    expect(downloadRosterTemplate).toHaveBeenCalledOnce();
  });

  it('reads the file, sends its rows for the check and shows what the import would do', async () => {
    let answer: (plan: RosterPreview) => void = () => {};
    vi.mocked(previewRoster).mockReturnValue(new Promise((resolve) => (answer = resolve)));
    const { user } = renderImport();
    await user.upload(screen.getByLabelText(FILE_LABEL), csv());

    expect(await screen.findByRole('status', { name: 'Controllo in corso…' })).toBeInTheDocument();
    await waitFor(() => expect(previewRoster).toHaveBeenCalledOnce());
    const [upload] = vi.mocked(previewRoster).mock.calls[0]!;
    expect(upload.fileName).toBe('anagrafica.csv');
    expect(upload.rows.map((row) => [row.row, row.cells.Nome])).toEqual([
      [2, 'Luca'],
      [3, 'Tommaso'],
      [4, 'Giorgia'],
      [5, 'Mattia'],
    ]);
    answer(PLAN);

    const heading = await screen.findByRole('heading', { name: "Anteprima dell'importazione" });
    await waitFor(() => expect(heading).toHaveFocus());
    expect(screen.queryByRole('status', { name: 'Controllo in corso…' })).not.toBeInTheDocument();
    expect(screen.getByTestId('roster-counts')).toHaveTextContent(
      '1 famiglia da creare · 1 da aggiornare · 2 invariate · 2 righe con errori',
    );

    const created = within(section('Da creare')).getByTestId('roster-create');
    expect(created).toHaveTextContent('Famiglia Colombo');
    expect(created).toHaveTextContent('Figli: Tommaso (Reparto)');
    expect(created).toHaveTextContent('Genitori: Stefano Colombo, Francesca Riva');

    const updated = within(section('Da aggiornare')).getByTestId('roster-update');
    expect(
      within(updated)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      'Luca Rossi — Branca: Branco → Reparto',
      'Mario Rossi (genitore) — Telefono: +39 333 100 0001 → (vuoto)',
      'Nuovo figlio: Anna Rossi (Branco)',
    ]);

    const missing = section('Non più nel file');
    expect(missing).toHaveTextContent('restano come sono, a meno che tu non spunti «Archivia»');
    expect(within(missing).getByTestId('roster-missing')).toHaveTextContent('Sara Bianchi');
    expect(within(missing).getByRole('checkbox', { name: 'Archivia Sara Bianchi' })).not.toBeChecked();

    const errors = section('Errori');
    expect(errors).toHaveTextContent('Queste righe saranno saltate');
    expect(
      within(errors)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Riga', 'Colonna', 'Problema']);
    expect(
      within(errors)
        .getAllByTestId('roster-error')
        .map((row) => within(row).getAllByRole('cell')[0]?.textContent),
    ).toEqual(['4', '5']);
    expect(screen.getByRole('button', { name: 'Conferma importazione' })).toBeEnabled();
  });

  it('commits with the ticked children to archive, then shows the counts and what was left out', async () => {
    const { user } = renderImport();
    await user.upload(screen.getByLabelText(FILE_LABEL), csv());
    await user.click(await screen.findByRole('checkbox', { name: 'Archivia Sara Bianchi' }));
    await user.click(screen.getByRole('button', { name: 'Conferma importazione' }));

    expect(vi.mocked(commitRoster).mock.calls[0]?.[0]).toEqual({
      ...vi.mocked(previewRoster).mock.calls[0]?.[0],
      archive: ['son-bianchi-sara'],
    });
    const heading = await screen.findByRole('heading', { name: "Esito dell'importazione" });
    await waitFor(() => expect(heading).toHaveFocus());
    expect(
      screen.getByText('Importazione completata: 1 famiglia creata, 1 aggiornata, 2 invariate, 1 figlio archiviato.'),
    ).toBeInTheDocument();
    expect(screen.getByText(/2 righe non sono state importate/)).toHaveTextContent(
      '2 righe non sono state importate perché hanno errori: correggi il file e importalo di nuovo per aggiungerle.',
    );
    expect(within(section('Righe non importate')).getAllByTestId('roster-error')).toHaveLength(2);
    expect(screen.queryByRole('heading', { name: "Anteprima dell'importazione" })).not.toBeInTheDocument();

    // 'Ripeti il controllo' checks the same rows again.
    vi.mocked(previewRoster).mockResolvedValue(NOTHING_TO_DO);
    await user.click(screen.getByRole('button', { name: 'Ripeti il controllo' }));
    expect(await screen.findByText(/l'anagrafica corrisponde già al file/)).toBeInTheDocument();
    expect(vi.mocked(previewRoster).mock.calls[1]?.[0]).toEqual(vi.mocked(previewRoster).mock.calls[0]?.[0]);
  });

  it('says that running the import again finishes families a commit could not write', async () => {
    vi.mocked(commitRoster).mockResolvedValue({ ...COMMITTED, errors: [], failed: 3 });
    const { user } = renderImport();
    await user.upload(screen.getByLabelText(FILE_LABEL), csv());
    await user.click(await screen.findByRole('button', { name: 'Conferma importazione' }));
    expect(await screen.findByText(/3 famiglie non sono state scritte/)).toHaveTextContent(
      "Importa di nuovo lo stesso file per completare l'importazione",
    );
    expect(vi.mocked(commitRoster).mock.calls[0]?.[0].archive).toEqual([]);
  });

  it("keeps 'Conferma importazione' disabled while nothing would change and nothing is ticked", async () => {
    vi.mocked(previewRoster).mockResolvedValue(NOTHING_TO_DO);
    const { user } = renderImport();
    await user.upload(screen.getByLabelText(FILE_LABEL), csv());
    const confirm = await screen.findByRole('button', { name: 'Conferma importazione' });
    expect(confirm).toBeDisabled();
    await user.click(screen.getByRole('checkbox', { name: 'Archivia Sara Bianchi' }));
    expect(confirm).toBeEnabled();
  });

  it('names the missing columns and checks nothing', async () => {
    const header = ROSTER_TEMPLATE_HEADER.filter((title) => title !== 'Branca' && title !== 'Codice Fiscale Genitore 1');
    const { user } = renderImport();
    await user.upload(screen.getByLabelText(FILE_LABEL), csv(header));
    expect(await screen.findByRole('alert')).toHaveTextContent('Mancano le colonne: Branca, Codice Fiscale Genitore 1.');
    expect(previewRoster).not.toHaveBeenCalled();
  });

  it('says when the file cannot be read, and checks nothing', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const { user } = renderImport();
    await user.upload(screen.getByLabelText(FILE_LABEL), new File(['non un foglio'], 'anagrafica.xlsx'));
    expect(await screen.findByRole('alert')).toHaveTextContent(SHEET_FILE_MESSAGES.unreadable);
    expect(previewRoster).not.toHaveBeenCalled();
  });

  it("shows a failed check's message, and 'Riprova' checks again", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.mocked(previewRoster).mockRejectedValueOnce(new UserFacingError('Sessione scaduta: accedi di nuovo.', 401));
    const { user } = renderImport();
    await user.upload(screen.getByLabelText(FILE_LABEL), csv());
    expect(await screen.findByRole('alert')).toHaveTextContent('Sessione scaduta: accedi di nuovo.');
    await user.click(screen.getByRole('button', { name: 'Riprova' }));
    expect(await screen.findByRole('heading', { name: "Anteprima dell'importazione" })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(previewRoster).toHaveBeenCalledTimes(2);
  });

  it("shows a failed commit's message with 'Riprova', which commits again", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.mocked(commitRoster).mockRejectedValueOnce(new UserFacingError('Il servizio non è raggiungibile.', 0));
    const { user } = renderImport();
    await user.upload(screen.getByLabelText(FILE_LABEL), csv());
    await user.click(await screen.findByRole('button', { name: 'Conferma importazione' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Il servizio non è raggiungibile.');
    await user.click(screen.getByRole('button', { name: 'Riprova' }));
    expect(await screen.findByRole('heading', { name: "Esito dell'importazione" })).toBeInTheDocument();
    expect(commitRoster).toHaveBeenCalledTimes(2);
  });
});

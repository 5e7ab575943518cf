import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { SEASON } from '@config/season';
import type { DocumentList, DocumentStatus, DocumentWrite } from '@contracts/admin-group-documents';
import { PHOTO_RELEASE_LEVELS, type DocumentFields } from '@domain/documents/group-document';
import { Documents } from '@/features/admin/documents/Documents';
import { renderWithProviders } from '../support/render';

/** 'Documenti' over its api module, replaced (docs/admin.md, "Documenti"). */
const api = vi.hoisted(() => ({
  fetchGroupDocuments: vi.fn<(season: number) => Promise<DocumentList>>(),
  createGroupDocument: vi.fn<(season: number, fields: DocumentFields) => Promise<DocumentWrite>>(),
  editGroupDocument: vi.fn<(id: string, revision: string, fields: DocumentFields) => Promise<DocumentWrite>>(),
  retireGroupDocument: vi.fn<(id: string) => Promise<DocumentWrite>>(),
  fetchGroupDocumentStatus: vi.fn<(id: string) => Promise<DocumentStatus>>(),
  remindGroupDocument: vi.fn<(id: string) => Promise<{ sent: number; recentlyReminded: number; withoutEmail: number }>>(),
}));
vi.mock('@/features/admin/documents/api/group-documents', () => api);
const csv = vi.hoisted(() => ({ downloadCsv: vi.fn<(name: string, text: string) => void>() }));
vi.mock('@/lib/csv', async (original) => ({ ...(await original<typeof import('@/lib/csv')>()), downloadCsv: csv.downloadCsv }));

const YEAR = SEASON.campYear;
const document = {
  id: `autorizzazione-uscite-${YEAR}-v1`,
  key: `autorizzazione-uscite-${YEAR}`,
  version: 1,
  season: YEAR,
  title: 'Autorizzazione uscite',
  text: 'Io, {genitore}, autorizzo {figlio} alle uscite del reparto.',
  kind: 'authorisation' as const,
  choices: [],
  branches: ['Reparto' as const],
  product: null,
  deadline: `${YEAR}-06-30`,
  signers: 'one' as const,
  createdAt: new Date(`${YEAR}-02-10T10:00:00Z`).toISOString(),
  retiredAt: null,
  revision: 'rev-1',
  signatures: 2,
};
const counts = { signed: 1, partial: 1, missing: 1, withdrawn: 0 };
const signature = (id: string, signerName: string) => ({
  id,
  signerName,
  signedAt: new Date(`${YEAR}-03-01T09:30:00Z`).toISOString(),
  choice: null,
  delegates: '',
  withdrawnAt: null,
});
const row = (
  childId: string,
  name: string,
  state: 'signed' | 'partial' | 'missing',
  signatures = [] as ReturnType<typeof signature>[],
) => ({
  childId,
  familyId: `family-${childId}`,
  name,
  surname: 'Rossi',
  branch: 'Reparto' as const,
  state,
  choice: null,
  signatures,
});

beforeEach(() => {
  api.fetchGroupDocuments.mockResolvedValue({ documents: [{ ...document, counts }] });
  api.fetchGroupDocumentStatus.mockResolvedValue({
    document,
    counts,
    rows: [
      row('marco', 'Marco', 'signed', [signature('s1', 'Mario Rossi')]),
      row('sara', 'Sara', 'partial', [signature('s2', 'Anna Rossi')]),
      row('luca', 'Luca', 'missing'),
    ],
  });
});

describe('Documenti', () => {
  it("lists the season's documents and creates one with the photo release's levels prefilled", async () => {
    api.createGroupDocument.mockResolvedValue({ document: { ...document, title: 'Liberatoria foto', signatures: 0 }, outcome: 'created' });
    const { user } = renderWithProviders(<Documents />, {
      initialEntries: ['/admin/documenti'],
      staff: { role: 'capo', branches: ['Reparto'] },
    });
    const [listed] = await screen.findAllByTestId('document-row');
    expect(listed).toHaveTextContent('Autorizzazione uscite');
    expect(listed).toHaveTextContent(`30/06/${YEAR}`);
    expect(api.fetchGroupDocuments).toHaveBeenCalledWith(YEAR);

    await user.click(screen.getByRole('button', { name: 'Nuovo documento' }));
    const form = screen.getByRole('form', { name: 'Nuovo documento' });
    expect(within(form).getByText(/\{figlio\}.*\{genitore\}.*\{delegati\}/)).toBeInTheDocument();
    // A capo picks only among their branches.
    expect(within(form).getByRole('checkbox', { name: 'Reparto' })).toBeChecked();
    expect(within(form).queryByRole('checkbox', { name: 'Clan' })).toBeNull();
    await user.click(within(form).getByRole('button', { name: 'Salva' }));
    expect(await within(form).findByText('Scrivi un titolo di almeno 3 caratteri.')).toBeInTheDocument();
    expect(api.createGroupDocument).not.toHaveBeenCalled();

    await user.type(within(form).getByLabelText('Titolo'), 'Liberatoria foto');
    await user.type(within(form).getByLabelText('Testo'), 'Io, genitore di ragazzo, scelgo come usare le foto.');
    await user.selectOptions(within(form).getByLabelText('Tipo'), 'choice');
    expect(within(form).getByLabelText('Livelli (uno per riga)')).toHaveValue(PHOTO_RELEASE_LEVELS.join('\n'));
    await user.click(within(form).getByRole('checkbox', { name: 'Firma di entrambi i genitori' }));
    await user.click(within(form).getByRole('button', { name: 'Salva' }));
    await waitFor(() =>
      expect(api.createGroupDocument).toHaveBeenCalledWith(YEAR, {
        title: 'Liberatoria foto',
        text: 'Io, genitore di ragazzo, scelgo come usare le foto.',
        kind: 'choice',
        choices: [...PHOTO_RELEASE_LEVELS],
        branches: ['Reparto'],
        product: null,
        deadline: null,
        signers: 'both',
      }),
    );
    expect(await screen.findByText('Documento «Liberatoria foto» salvato.')).toBeInTheDocument();
  });

  it('warns that editing a signed document makes a new version, and sends the revision it started from', async () => {
    api.editGroupDocument.mockResolvedValue({ document: { ...document, id: 'x-v2', version: 2, signatures: 0 }, outcome: 'versioned' });
    const { user } = renderWithProviders(<Documents />, { initialEntries: ['/admin/documenti'] });
    await user.click(await screen.findByRole('button', { name: 'Modifica Autorizzazione uscite' }));
    expect(screen.getByText(/ha già 2 firme: salvando una modifica ne farai una nuova versione/)).toBeInTheDocument();
    await user.type(screen.getByLabelText('Testo'), ' Anche in treno.');
    await user.click(screen.getByRole('button', { name: 'Salva' }));
    await waitFor(() =>
      expect(api.editGroupDocument).toHaveBeenCalledWith(
        document.id,
        'rev-1',
        expect.objectContaining({ text: `${document.text} Anche in treno.` }),
      ),
    );
    expect(await screen.findByText('Salvato come versione 2: ai genitori sarà chiesto di firmare di nuovo.')).toBeInTheDocument();
  });

  it("shows a document's signatures, filters 'Mancanti', sends the reminders and exports the rows shown", async () => {
    api.remindGroupDocument.mockResolvedValue({ sent: 2, recentlyReminded: 0, withoutEmail: 1 });
    const { user } = renderWithProviders(<Documents />, { initialEntries: ['/admin/documenti'] });
    await user.click(await screen.findByRole('button', { name: 'Firme di Autorizzazione uscite' }));
    expect(await screen.findAllByTestId('document-status-row')).toHaveLength(3);
    expect(screen.getByTestId('document-status-counts')).toHaveTextContent('1 firmati, 1 con una firma su due, 1 mancanti');
    expect(screen.getByText(`Mario Rossi, 01/03/${YEAR} 10:30`)).toBeInTheDocument();

    await user.click(screen.getByRole('checkbox', { name: 'Mancanti' }));
    const rows = screen.getAllByTestId('document-status-row');
    expect(rows.map((shown) => shown.textContent)).toEqual([
      expect.stringContaining('Manca la firma del secondo genitore'),
      expect.stringContaining('Da firmare'),
    ]);
    await user.click(screen.getByRole('button', { name: 'Esporta CSV' }));
    const [name, text] = csv.downloadCsv.mock.calls[0] ?? [];
    expect(name).toBe(`firme-${document.id}.csv`);
    expect(text?.split('\r\n')).toEqual([
      '\uFEFFBranca;Cognome;Nome;Stato;Scelta;Firmato da;Firmato il;Revocato il',
      `Reparto;Rossi;Sara;Manca la firma del secondo genitore;;Anna Rossi;01/03/${YEAR} 10:30;`,
      'Reparto;Rossi;Luca;Da firmare;;;;',
    ]);

    await user.click(screen.getByRole('button', { name: 'Invia promemoria' }));
    const dialog = await screen.findByRole('dialog', { name: 'Inviare i promemoria?' });
    await user.click(within(dialog).getByRole('button', { name: 'Invia' }));
    expect(
      await screen.findByText('Promemoria inviati a 2 famiglie. 1 senza e-mail: vanno avvisate a voce o per telefono.'),
    ).toBeInTheDocument();
    expect(api.remindGroupDocument).toHaveBeenCalledWith(document.id);
  });
});

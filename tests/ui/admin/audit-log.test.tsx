import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AuditEntryDocument } from '@domain/audit-log';
import { fetchAuditPage } from '@/features/admin/audit/api/audit-log';
import { AuditLog } from '@/features/admin/audit/AuditLog';
import { renderWithProviders } from '../support/render';

/** The 'Registro' view over a faked Firestore read (src/features/admin/audit/api/audit-log.ts); its query and hook are the real ones. */
vi.mock('@/features/admin/audit/api/audit-log', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@/features/admin/audit/api/audit-log')>()),
  fetchAuditPage: vi.fn(),
}));

const entry = (id: string, action: AuditEntryDocument['action'], email: string, summary: string, at: Date): AuditEntryDocument => ({
  id,
  at,
  actor: { uid: email, email },
  action,
  target: { collection: 'payments', id: 'p1' },
  summary,
  before: null,
  after: null,
});

const ENTRIES = [
  entry('e2', 'medical_form.open', 'capo@example.com', 'Scheda medica di Sara Bianchi aperta', new Date('2025-06-09T08:30:00Z')),
  entry('e1', 'payment.confirm', 'tesoriere@example.com', 'Bonifico confermato: famiglia Verdi, 30,00 €', new Date('2025-06-08T16:05:00Z')),
];

beforeEach(() => {
  vi.mocked(fetchAuditPage).mockImplementation((action) =>
    Promise.resolve({ rows: ENTRIES.filter((candidate) => !action || candidate.action === action), unreadable: [], next: null }),
  );
});
afterEach(() => vi.clearAllMocks());

describe('Registro', () => {
  it('lists what admins did, newest first, with when (Rome time), who, the action and the detail', async () => {
    renderWithProviders(<AuditLog />, { initialEntries: ['/admin/registro'] });
    expect(screen.getByRole('heading', { name: 'Registro' })).toBeInTheDocument();
    const rows = await screen.findAllByTestId('audit-entry');
    expect(
      rows.map((row) =>
        within(row)
          .getAllByRole('cell')
          .map((cell) => cell.textContent),
      ),
    ).toEqual([
      ['09/06/2025, 10:30', 'capo@example.com', 'Scheda medica aperta', 'Scheda medica di Sara Bianchi aperta'],
      ['08/06/2025, 18:05', 'tesoriere@example.com', 'Bonifico confermato', 'Bonifico confermato: famiglia Verdi, 30,00 €'],
    ]);
    expect(fetchAuditPage).toHaveBeenCalledWith(null, null);
  });

  it("opens a roster import's entry onto each family's changes, parents' e-mails before and after included, and the children archived", async () => {
    const imported: AuditEntryDocument = {
      ...entry(
        'e3',
        'roster.import',
        'segreteria@example.com',
        'Importazione di «censimento.csv»: 1 famiglie nuove, 1 aggiornate',
        new Date(),
      ),
      after: {
        file: 'censimento.csv',
        import_id: 'e3',
        part: 1,
        parts: 1,
        families: [
          {
            family_id: 'family-gialli',
            surname: 'Gialli',
            created: true,
            children_added: [{ id: 's1', name: 'Marco Gialli', branch: 'Reparto' }],
            parents_added: [{ id: 'p1', name: 'Laura Gialli', email: 'laura.gialli@example.com', phone: null }],
            children_changed: [],
            parents_changed: [],
          },
          {
            family_id: 'family-bianchi',
            surname: 'Bianchi',
            created: false,
            children_added: [],
            parents_added: [],
            children_changed: [
              {
                id: 's2',
                name: 'Sara Bianchi',
                before: { branch: 'Branco', archived: true },
                after: { branch: 'Reparto', archived: false },
              },
            ],
            parents_changed: [
              { id: 'p2', name: 'Anna Bianchi', before: { email: 'anna@old.example.com' }, after: { email: 'anna@new.example.com' } },
            ],
          },
        ],
        archived: [{ id: 's3', name: 'Luca Rossi' }],
      },
    };
    vi.mocked(fetchAuditPage).mockResolvedValue({ rows: [imported, ...ENTRIES], unreadable: [], next: null });
    const { user } = renderWithProviders(<AuditLog />, { initialEntries: ['/admin/registro'] });
    const [row] = await screen.findAllByTestId('audit-entry');
    expect(screen.queryByTestId('roster-import-details')).toBeNull();
    await user.click(within(row!).getByText('Mostra le famiglie (2) e gli archiviati (1)'));
    const details = within(row!).getByTestId('roster-import-details');
    expect(
      within(details)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(
      expect.arrayContaining([
        'Aggiunto Marco Gialli (Reparto)',
        'Aggiunto genitore Laura Gialli, e-mail laura.gialli@example.com, telefono —',
        'Sara Bianchi: Branca Branco → Reparto; Stato Archiviato → Nel censimento',
        'Anna Bianchi (genitore): Email anna@old.example.com → anna@new.example.com',
        'Archiviati: Luca Rossi',
      ]),
    );
    expect(details).toHaveTextContent('Gialli (nuova famiglia)');
    // Other entries have no such disclosure.
    expect(screen.getAllByText(/^Mostra /)).toHaveLength(1);
  });

  it("filters by 'Azione' and says when nothing was recorded", async () => {
    const { user } = renderWithProviders(<AuditLog />, { initialEntries: ['/admin/registro'] });
    await screen.findAllByTestId('audit-entry');
    await user.selectOptions(screen.getByLabelText('Azione'), 'Scheda medica aperta');
    expect(fetchAuditPage).toHaveBeenLastCalledWith('medical_form.open', null);
    expect(await screen.findAllByTestId('audit-entry')).toHaveLength(1);
    await user.selectOptions(screen.getByLabelText('Azione'), 'Conferma annullata');
    expect(await screen.findByText('Nessuna voce nel registro.')).toBeInTheDocument();
  });
});

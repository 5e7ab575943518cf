import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AuditEntryDocument } from '@domain/audit-log';
import { fetchLatestMailBudgetEntry } from '@/features/admin/shell/api/mail-notices';
import { MailBudgetNotice } from '@/features/admin/shell/MailBudgetNotice';
import { renderWithProviders } from '../support/render';

/** The notice over a faked Firestore read (src/features/admin/shell/api/mail-notices.ts); its query and hook are the real ones. */
vi.mock('@/features/admin/shell/api/mail-notices', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@/features/admin/shell/api/mail-notices')>()),
  fetchLatestMailBudgetEntry: vi.fn(),
}));

const entryAt = (at: Date): AuditEntryDocument => ({
  id: 'b1',
  at,
  actor: { uid: 'system', email: 'sistema' },
  action: 'mail.budget',
  target: { collection: 'mail_budget', id: '2025-06-09' },
  summary: 'Raggiunto il limite di 800 e-mail al giorno: i codici di accesso partono comunque, gli altri messaggi partiranno domani.',
  before: null,
  after: { cap: 'total', limit: 800 },
});

afterEach(() => vi.clearAllMocks());

describe("the mail budget's notice", () => {
  it("tells the admin, on the day a cap was reached, that codes still go and the rest waits, with the way to 'Registro'", async () => {
    vi.mocked(fetchLatestMailBudgetEntry).mockResolvedValue(entryAt(new Date()));
    renderWithProviders(<MailBudgetNotice />, { initialEntries: ['/admin/check-pagamenti'] });
    const notice = await screen.findByRole('status');
    expect(notice).toHaveTextContent(
      'Oggi è stato raggiunto un limite giornaliero delle e-mail: i codici di accesso partono comunque, gli altri messaggi alle famiglie partiranno domani. Trovi i dettagli nel Registro come «Limite e-mail raggiunto».',
    );
    expect(screen.getByRole('link', { name: 'Registro' })).toHaveAttribute('href', '/admin/registro');
  });

  it('says nothing about an earlier day, nor when no cap was ever reached', async () => {
    vi.mocked(fetchLatestMailBudgetEntry).mockResolvedValue(entryAt(new Date(Date.now() - 2 * 24 * 60 * 60_000)));
    const { unmount } = renderWithProviders(<MailBudgetNotice />, { initialEntries: ['/admin/check-pagamenti'] });
    await vi.waitFor(() => expect(fetchLatestMailBudgetEntry).toHaveBeenCalled());
    expect(screen.queryByRole('status')).toBeNull();
    unmount();
    vi.mocked(fetchLatestMailBudgetEntry).mockResolvedValue(null);
    renderWithProviders(<MailBudgetNotice />, { initialEntries: ['/admin/check-pagamenti'] });
    await vi.waitFor(() => expect(fetchLatestMailBudgetEntry).toHaveBeenCalledTimes(2));
    expect(screen.queryByRole('status')).toBeNull();
  });
});

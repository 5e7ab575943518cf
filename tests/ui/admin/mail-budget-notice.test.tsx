import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AuditEntryDocument } from '@domain/audit-log';
import { italianDateTime, nextItalianMidnight } from '@domain/italian-time';
import { fetchLatestMailBudgetEntry } from '@/features/admin/shell/api/mail-notices';
import { MailBudgetNotice } from '@/features/admin/shell/MailBudgetNotice';
import { renderWithProviders } from '../support/render';

/** The notice over a faked Firestore read (src/features/admin/shell/api/mail-notices.ts); its query and hook are the real ones. */
vi.mock('@/features/admin/shell/api/mail-notices', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@/features/admin/shell/api/mail-notices')>()),
  fetchLatestMailBudgetEntry: vi.fn(),
}));

const entryAt = (at: Date, after: Record<string, unknown> = { cap: 'total', limit: 800 }): AuditEntryDocument => ({
  id: 'b1',
  at,
  actor: { uid: 'system', email: 'sistema' },
  action: 'mail.budget',
  target: { collection: 'mail_budget', id: '2025-06-09' },
  summary: 'Raggiunto il limite di 800 e-mail al giorno: i codici di accesso partono comunque, gli altri messaggi partiranno domani.',
  before: null,
  after,
});

afterEach(() => vi.clearAllMocks());

describe("the mail budget's notice", () => {
  it("tells the admin, on the day a cap was reached, that codes still go and when the held messages will be sent, with the way to 'Registro'", async () => {
    const until = nextItalianMidnight(new Date());
    vi.mocked(fetchLatestMailBudgetEntry).mockResolvedValue(entryAt(new Date(), { cap: 'total', limit: 800, until: until.toISOString() }));
    renderWithProviders(<MailBudgetNotice />, { initialEntries: ['/admin/check-pagamenti'] });
    const notice = await screen.findByRole('status');
    expect(notice).toHaveTextContent(
      `Oggi è stato raggiunto un limite giornaliero delle e-mail: i codici di accesso partono comunque, gli altri messaggi alle famiglie sono in attesa e partiranno dal ${italianDateTime(until)}. Trovi i dettagli nel Registro come «Limite e-mail raggiunto».`,
    );
    expect(notice).toHaveTextContent(/partiranno dal \d{2}\/\d{2}\/\d{4} 00:00\./);
    expect(screen.getByRole('link', { name: 'Registro' })).toHaveAttribute('href', '/admin/registro');
  });

  it('says "domani" for an entry written before the time was kept, and that sign-in e-mails were not sent past their allowance', async () => {
    vi.mocked(fetchLatestMailBudgetEntry).mockResolvedValue(entryAt(new Date()));
    const { unmount } = renderWithProviders(<MailBudgetNotice />, { initialEntries: ['/admin/check-pagamenti'] });
    expect(await screen.findByRole('status')).toHaveTextContent('gli altri messaggi alle famiglie sono in attesa e partiranno domani.');
    unmount();
    vi.mocked(fetchLatestMailBudgetEntry).mockResolvedValue(entryAt(new Date(), { cap: 'sign-in-total', limit: 400 }));
    renderWithProviders(<MailBudgetNotice />, { initialEntries: ['/admin/check-pagamenti'] });
    expect(await screen.findByRole('status')).toHaveTextContent(
      'Oggi è stato raggiunto il limite delle e-mail di accesso: i codici chiesti dopo non sono stati inviati',
    );
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

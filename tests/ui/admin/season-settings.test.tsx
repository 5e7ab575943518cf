import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { callAdminFunction } from '@/features/admin/api/admin-functions';
import { SeasonSettings } from '@/features/admin/settings/SeasonSettings';
import { renderWithProviders } from '../support/render';

/** 'Impostazioni stagione' against a fake of its admin-function call (the function runs against the emulators in tests/unit/functions/admin-season-settings.test.ts). */
vi.mock('@/features/admin/api/admin-functions', () => ({ callAdminFunction: vi.fn() }));

const ON = { season: 2025, cardFee: true, updatedBy: null, updatedAt: null };

beforeEach(() => vi.clearAllMocks());

describe("'Impostazioni stagione'", () => {
  it('shows the card fee with the legal note and switches it off', async () => {
    vi.mocked(callAdminFunction).mockImplementation((_name, body) =>
      Promise.resolve(
        (body as { action: string }).action === 'read'
          ? ON
          : { ...ON, cardFee: false, updatedBy: 'tesoriere@example.com', updatedAt: '2025-03-01T10:00:00.000Z' },
      ),
    );
    renderWithProviders(<SeasonSettings />);
    expect(await screen.findByRole('heading', { name: 'Impostazioni stagione 2025' })).toBeInTheDocument();
    expect(screen.getByText(/D\.Lgs\. 11\/2010, art\. 3, comma 4/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Disattiva le commissioni' }));
    expect(callAdminFunction).toHaveBeenCalledWith('admin-season-settings', { action: 'update', cardFee: false }, expect.anything());
    expect(await screen.findByText(/Disattivate: chi paga con carta paga solo il totale/)).toBeInTheDocument();
    expect(screen.getByText('Ultima modifica di tesoriere@example.com il 01/03/2025.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Attiva le commissioni' })).toBeInTheDocument();
  });
});

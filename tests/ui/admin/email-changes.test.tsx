import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { GroupEmailChangeView } from '@contracts/admin-email-change';
import { callAdminContract } from '@/features/admin/shell/api/admin-functions';
import { EmailChanges } from '@/features/admin/families/EmailChanges';
import { UserFacingError } from '@/lib/api/functions-client';
import { renderWithProviders } from '../support/render';

/** 'Cambi di e-mail da confermare' against a fake of admin-email-change: the hooks and the mutation are real. */
vi.mock('@/features/admin/shell/api/admin-functions', () => ({ callAdminContract: vi.fn() }));

const PAOLO: GroupEmailChangeView = {
  parentId: 'p-paolo',
  name: 'Paolo Verdi',
  oldEmail: 'paolo@example.com',
  newEmail: 'paolo.nuovo@example.com',
  requestedAt: '2025-09-15T10:00:00.000Z',
};
const call = vi.mocked(callAdminContract);

describe("a family's e-mail changes waiting for the group", () => {
  it("shows who asks, from which address to which, and 'Conferma cambio' confirms it", async () => {
    let waiting = [PAOLO];
    call.mockImplementation(((_contract: unknown, request: { action: string }) => {
      if (request.action === 'confirm') waiting = [];
      return Promise.resolve({ changes: waiting });
    }) as never);
    const { user } = renderWithProviders(<EmailChanges familyId="f-verdi" />);
    const section = within(await screen.findByRole('region', { name: 'Cambi di e-mail da confermare' }));
    expect(section.getByText('Paolo Verdi')).toBeInTheDocument();
    expect(section.getByText('paolo@example.com → paolo.nuovo@example.com')).toBeInTheDocument();
    await user.click(section.getByRole('button', { name: 'Conferma cambio' }));
    await vi.waitFor(() => expect(screen.queryByRole('region', { name: 'Cambi di e-mail da confermare' })).not.toBeInTheDocument());
    expect(call.mock.calls.map((args) => args[1])).toContainEqual({ action: 'confirm', familyId: 'f-verdi', parentId: 'p-paolo' });
  });

  it("sends 'refuse' with 'Rifiuta' and shows the function's message when the change no longer waits", async () => {
    call.mockImplementation(((_contract: unknown, request: { action: string }) =>
      request.action === 'list'
        ? Promise.resolve({ changes: [PAOLO] })
        : Promise.reject(new UserFacingError('Questo cambio di e-mail non è più in attesa. Aggiorna la pagina.', 404))) as never);
    const { user } = renderWithProviders(<EmailChanges familyId="f-verdi" />);
    await user.click(await screen.findByRole('button', { name: 'Rifiuta' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('non è più in attesa');
    expect(call.mock.calls.map((args) => args[1])).toContainEqual({ action: 'refuse', familyId: 'f-verdi', parentId: 'p-paolo' });
  });

  it('shows nothing when no change waits', async () => {
    call.mockReset();
    call.mockResolvedValue({ changes: [] });
    const { container } = renderWithProviders(<EmailChanges familyId="f-verdi" />);
    await vi.waitFor(() => expect(call).toHaveBeenCalled());
    expect(container).toBeEmptyDOMElement();
  });
});

import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { PRIVACY } from '@/config/privacy';
import { SEASON } from '@/config/season';
import type { ChildDocument } from '@/domain/documents';
import { italianDayText } from '@/domain/italian-time';
import { medicalFormDeletionDay } from '@/domain/medical-form-retention';
import type { Branch } from '@/domain/plans';
import { MedicalForms } from '@/features/admin/medical-forms/MedicalForms';
import { renderWithProviders } from '../support/render';

/** 'Schede mediche' over its api module's reads, replaced (docs/privacy.md). */
const api = vi.hoisted(() => ({
  fetchBranchChildren: vi.fn<(branches: readonly Branch[]) => Promise<{ children: ChildDocument[]; unreadable: string[] }>>(),
  fetchMedicalFormOpenings: vi.fn<(childId: string) => Promise<{ at: Date; by: string }[]>>(),
  deleteSeasonMedicalForms: vi.fn<(season: number) => Promise<{ season: number; children: number; files: number }>>(),
}));
vi.mock('@/features/admin/api/medical-forms', () => api);

const YEAR = SEASON.campYear;
const child = (id: string, name: string, branch: Branch, received: Date | null): ChildDocument => ({
  id,
  family_id: 'f',
  name,
  surname: 'Rossi',
  cf: 'X',
  branch,
  medical_doc: received ? 'https://res.cloudinary.com/demo/x.pdf' : '',
  medical_forms: received ? [{ public_id: `p-${id}`, version: 1, bytes: 1, season: YEAR, received_at: received, consent: null }] : [],
  archived_at: null,
  updated_at: new Date(YEAR, 2, 1),
});

beforeEach(() => {
  api.fetchBranchChildren.mockResolvedValue({
    children: [child('marco', 'Marco', 'Reparto', new Date(YEAR, 3, 9, 10)), child('sara', 'Sara', 'Reparto', null)],
    unreadable: [],
  });
  api.fetchMedicalFormOpenings.mockResolvedValue([{ at: new Date(`${YEAR}-07-02T09:30:00+02:00`), by: 'capo.reparto@example.com' }]);
});

describe('MedicalForms', () => {
  it("shows a capo their branch's children, the forms received, who opened one, and when the season's forms go", async () => {
    const { user } = renderWithProviders(<MedicalForms />, {
      initialEntries: ['/admin/schede-mediche'],
      staff: { role: 'capo', branches: ['Reparto'] },
    });
    expect(await screen.findByTestId('medical-form-counts')).toHaveTextContent(`Stagione ${YEAR}, Reparto: 1 schede ricevute su 2 ragazzi`);
    expect(api.fetchBranchChildren).toHaveBeenCalledWith(['Reparto']);
    const [marco, sara] = screen.getAllByTestId('medical-form-row');
    expect(within(marco!).getByRole('button', { name: 'Apri scheda di Marco Rossi' })).toBeInTheDocument();
    expect(sara).toHaveTextContent('Nessuna scheda');
    expect(
      screen.getByText(`Le schede della stagione ${YEAR} saranno eliminate il ${italianDayText(medicalFormDeletionDay(YEAR, PRIVACY))}.`),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Elimina ora' })).toBeNull();

    await user.click(within(marco!).getByRole('button', { name: 'Mostra chi ha aperto la scheda di Marco Rossi' }));
    expect(await within(marco!).findByText(/capo\.reparto@example\.com/)).toHaveTextContent(
      `02/07/${YEAR} 09:30 · capo.reparto@example.com`,
    );
    expect(api.fetchMedicalFormOpenings).toHaveBeenCalledWith('marco');
  });

  it("lets an admin delete an ended season's forms with 'Elimina ora', after confirming", async () => {
    api.deleteSeasonMedicalForms.mockResolvedValue({ season: YEAR - 1, children: 3, files: 4 });
    const { user } = renderWithProviders(<MedicalForms />, { initialEntries: [`/admin/schede-mediche?stagione=${YEAR - 1}`] });
    await user.click(await screen.findByRole('button', { name: 'Elimina ora' }));
    const dialog = await screen.findByRole('dialog', { name: `Eliminare le schede della stagione ${YEAR - 1}?` });
    await user.click(within(dialog).getByRole('button', { name: 'Elimina' }));
    await waitFor(() => expect(api.deleteSeasonMedicalForms).toHaveBeenCalledWith(YEAR - 1));
    expect(await screen.findByText(`Eliminate 4 schede di 3 ragazzi della stagione ${YEAR - 1}.`)).toBeInTheDocument();
  });
});

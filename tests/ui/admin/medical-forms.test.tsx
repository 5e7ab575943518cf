import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { PRIVACY } from '@config/privacy';
import { SEASON } from '@config/season';
import type { ChildDocument } from '@domain/roster/child-schema';
import { italianDayText } from '@domain/italian-time';
import { medicalFormDeletionDay } from '@domain/medical-forms/medical-form-retention';
import type { Branch } from '@domain/branches';
import { MedicalForms } from '@/features/admin/medical-forms/MedicalForms';
import type { RetentionRunReport } from '@/features/admin/medical-forms/api/medical-forms';
import { renderWithProviders } from '../support/render';

/** 'Schede mediche' over its api module's reads, replaced (docs/privacy.md). */
const api = vi.hoisted(() => ({
  fetchBranchChildren: vi.fn<(branches: readonly Branch[]) => Promise<{ children: ChildDocument[]; unreadable: string[] }>>(),
  fetchMedicalFormOpenings: vi.fn<(childId: string) => Promise<{ at: Date; by: string }[]>>(),
  deleteSeasonMedicalForms: vi.fn<(season: number) => Promise<{ season: number; children: number; files: number; failed: string[] }>>(),
  fetchLastRetentionRun: vi.fn<() => Promise<RetentionRunReport | null>>(),
}));
vi.mock('@/features/admin/medical-forms/api/medical-forms', () => api);

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
  api.fetchLastRetentionRun.mockResolvedValue(null);
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
    api.deleteSeasonMedicalForms.mockResolvedValue({ season: YEAR - 1, children: 3, files: 4, failed: ['Luca Rossi'] });
    const { user } = renderWithProviders(<MedicalForms />, { initialEntries: [`/admin/schede-mediche?stagione=${YEAR - 1}`] });
    await user.click(await screen.findByRole('button', { name: 'Elimina ora' }));
    const dialog = await screen.findByRole('dialog', { name: `Eliminare le schede della stagione ${YEAR - 1}?` });
    await user.click(within(dialog).getByRole('button', { name: 'Elimina' }));
    await waitFor(() => expect(api.deleteSeasonMedicalForms).toHaveBeenCalledWith(YEAR - 1));
    expect(await screen.findByText(`Eliminate 4 schede di 3 ragazzi della stagione ${YEAR - 1}.`)).toBeInTheDocument();
    expect(
      screen.getByText('Non è stato possibile eliminare le schede di: Luca Rossi. Riprova più tardi con «Elimina ora».'),
    ).toBeInTheDocument();
  });

  it("shows an admin what the daily retention could not handle, with the way to 'Registro'; a capo never reads it", async () => {
    api.fetchLastRetentionRun.mockResolvedValue({
      at: new Date(`${YEAR}-12-01T01:00:00Z`),
      failures: [
        { target: 'sons/son-rossi-marco', name: 'Marco Rossi', error: 'Cloudinary non risponde' },
        { target: `Documenti/Schede Mediche ${YEAR}`, name: '', error: 'Rate Limit Exceeded' },
      ],
    });
    renderWithProviders(<MedicalForms />, { initialEntries: ['/admin/schede-mediche'] });
    const notice = await screen.findByTestId('retention-run-failures');
    expect(notice).toHaveTextContent(
      `La pulizia automatica delle schede mediche del 01/12/${YEAR} non è riuscita per: Marco Rossi, Documenti/Schede Mediche ${YEAR}.`,
    );
    expect(within(notice).getByRole('link', { name: 'Registro' })).toHaveAttribute('href', '/admin/registro');
  });

  it('shows nothing when the last report has no failures, and never asks for it as a capo', async () => {
    api.fetchLastRetentionRun.mockResolvedValue({ at: new Date(), failures: [] });
    renderWithProviders(<MedicalForms />, { initialEntries: ['/admin/schede-mediche'] });
    await screen.findByTestId('medical-form-counts');
    await waitFor(() => expect(api.fetchLastRetentionRun).toHaveBeenCalled());
    expect(screen.queryByTestId('retention-run-failures')).toBeNull();

    api.fetchLastRetentionRun.mockClear();
    renderWithProviders(<MedicalForms />, { initialEntries: ['/admin/schede-mediche'], staff: { role: 'capo', branches: ['Reparto'] } });
    await screen.findAllByTestId('medical-form-counts');
    expect(api.fetchLastRetentionRun).not.toHaveBeenCalled();
  });
});

import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { AdmissionList } from '@contracts/admin-admissions';
import { Admissions } from '@/features/admin/admissions/Admissions';
import { fn, setupFunctionsServer } from '../support/functions';
import { renderWithProviders } from '../support/render';

// admin-admissions is faked at the network edge (msw); Firebase is only asked for the volunteer's ID token.
vi.mock('@/lib/firebase', () => ({
  getFirebase: () => ({ auth: { currentUser: { getIdToken: () => Promise.resolve('capo-token') } } }),
}));
const server = setupFunctionsServer();

const application = {
  id: 'a1',
  number: 'LA-0002',
  position: 2,
  childName: 'Tommaso Galli',
  birthDate: '2019-04-12',
  parentName: 'Laura Galli',
  email: 'laura.galli@example.com',
  phone: '333 765 4321',
  siblings: 'Marco, Reparto',
  note: '',
  appliedAt: '2026-11-02T10:00:00.000Z',
  state: 'waiting' as const,
  offeredUntil: null,
  decision: null,
};
const LIST: AdmissionList = { siblingsFirst: false, cohorts: [{ cohort: 2019, applications: [application] }] };

describe("'Lista d'attesa' in the admin", () => {
  it("lists a cohort's applications and records the Comunità capi's decision with the meeting's day", async () => {
    const calls: unknown[] = [];
    const decided = {
      siblingsFirst: false,
      cohorts: [
        {
          cohort: 2019,
          applications: [
            {
              ...application,
              decision: {
                outcome: 'Ammesso',
                meetingDate: '2026-12-01',
                recordedBy: 'capo@example.com',
                recordedAt: '2026-12-07T10:00:00.000Z',
              },
            },
          ],
        },
      ],
    };
    server.use(
      fn('admin-admissions', (body) => ({ status: 200, json: (body as { action: string }).action === 'list' ? LIST : decided }), calls),
    );
    const { user } = renderWithProviders(<Admissions />, { staff: { role: 'capo', branches: ['Branco'] } });
    const cohort = within(await screen.findByRole('region', { name: 'Nati nel 2019 (1)' }));
    expect(cohort.getByText(/2\. Tommaso Galli/)).toBeInTheDocument();
    expect(cohort.getByText(/Fratelli o sorelle nel gruppo: Marco, Reparto/)).toBeInTheDocument();
    const form = within(cohort.getByRole('form', { name: 'Decisione su Tommaso Galli' }));
    await user.selectOptions(form.getByLabelText('Decisione'), 'Ammesso');
    await user.clear(form.getByLabelText('Riunione del'));
    await user.type(form.getByLabelText('Riunione del'), '2026-12-01');
    await user.click(form.getByRole('button', { name: 'Registra' }));
    expect(await cohort.findByText(/Ammesso \(Comunità capi del 01\/12\/2026, registrato da capo@example\.com\)/)).toBeInTheDocument();
    expect(calls).toEqual([{ action: 'list' }, { action: 'decide', id: 'a1', outcome: 'Ammesso', meetingDate: '2026-12-01' }]);
  });
});

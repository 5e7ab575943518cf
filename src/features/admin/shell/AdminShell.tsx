import { Suspense } from 'react';
import { NavLink, Outlet, useLocation } from 'react-router';
import { seasonChoices } from '@/config/season';
import { paths } from '@/config/paths';
import { AdminLoading } from '../AdminLoading';
import { FailedMailNotice } from '../audit/FailedMailNotice';
import { SignOutButton } from '../SignOutButton';
import { SEASON_PARAM, useAdminSeason } from './use-admin-season';

const TABS = [
  { label: 'Pagamenti', path: paths.adminOrders },
  { label: 'Estratto conto', path: paths.adminStatement },
  { label: 'Situazione iscritti', path: paths.adminEnrolment },
  { label: 'Famiglie', path: paths.adminFamilies },
  { label: 'Registro', path: paths.adminAuditLog },
  { label: 'Impostazioni', path: paths.adminSettings },
] as const;

/**
 * The treasurer's desk around the admin views (docs/admin.md): the tabs
 * 'Pagamenti', 'Estratto conto', 'Situazione iscritti', 'Famiglie', 'Registro' and 'Impostazioni' (keeping the chosen season), the
 * season picker 'Stagione', 'Esci', and the notice of e-mails not
 * delivered. The view of the address shows below.
 */
export function AdminShell() {
  const [season, setSeason] = useAdminSeason();
  const { search } = useLocation();
  const seasonSearch = new URLSearchParams(search).has(SEASON_PARAM) ? `?${SEASON_PARAM}=${season}` : '';
  return (
    <div className="space-y-5">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <nav aria-label="Area admin" className="flex flex-wrap gap-1 rounded-xl bg-brand-50 p-1">
          {TABS.map((tab) => (
            <NavLink
              key={tab.path}
              to={tab.path + seasonSearch}
              className={({ isActive }) =>
                `inline-flex min-h-11 items-center rounded-lg px-4 text-sm font-semibold ${
                  isActive ? 'bg-white text-brand-800 shadow-sm' : 'text-brand-700 hover:bg-white/60'
                }`
              }
            >
              {tab.label}
            </NavLink>
          ))}
        </nav>
        <div className="flex items-end gap-3">
          <label className="text-sm font-medium text-gray-700">
            Stagione
            <select
              className="ml-2 min-h-11 rounded-lg border border-gray-500 bg-white px-3 text-base"
              value={season}
              onChange={(event) => setSeason(Number(event.target.value))}
            >
              {seasonChoices().map((year) => (
                <option key={year} value={year}>
                  {year}
                </option>
              ))}
            </select>
          </label>
          <SignOutButton size="sm" />
        </div>
      </div>
      <FailedMailNotice />
      <Suspense fallback={<AdminLoading />}>
        <Outlet />
      </Suspense>
    </div>
  );
}

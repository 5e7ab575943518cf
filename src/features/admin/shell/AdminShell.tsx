import { Suspense } from 'react';
import { Navigate, NavLink, Outlet, useLocation } from 'react-router';
import { seasonChoices } from '@config/season';
import { can } from '@domain/staff/staff-roles';
import { AdminLoading } from './AdminLoading';
import { FailedMailNotice } from './FailedMailNotice';
import { MailBudgetNotice } from './MailBudgetNotice';
import { SignOutButton } from './SignOutButton';
import { useStaff } from './staff-context';
import { ADMIN_SECTIONS, sectionOf } from './admin-sections';
import { SEASON_PARAM, useAdminSeason } from './use-admin-season';

/**
 * The volunteers' desk around the admin views (docs/admin.md): the tabs
 * of ADMIN_SECTIONS the signed-in role may use (keeping the chosen season),
 * the season picker 'Stagione', 'Esci', and, for who reads the log, the
 * notice of e-mails not delivered. The view of the address shows below; an
 * address of a section the role may not use goes to its first tab.
 */
export function AdminShell() {
  const staff = useStaff();
  const [season, setSeason] = useAdminSeason();
  const { pathname, search } = useLocation();
  const seasonSearch = new URLSearchParams(search).has(SEASON_PARAM) ? `?${SEASON_PARAM}=${season}` : '';
  const tabs = ADMIN_SECTIONS.filter((section) => can(staff, section.permission));
  const current = sectionOf(pathname);
  const first = tabs[0];
  if (current && !can(staff, current.permission) && first) return <Navigate to={first.path + seasonSearch} replace />;
  return (
    <div className="space-y-5">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <nav aria-label="Area admin" className="flex flex-wrap gap-1 rounded-xl bg-brand-50 p-1">
          {tabs.map((tab) => (
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
      {can(staff, 'auditLog') && <FailedMailNotice />}
      {can(staff, 'auditLog') && <MailBudgetNotice />}
      <Suspense fallback={<AdminLoading />}>
        <Outlet />
      </Suspense>
    </div>
  );
}

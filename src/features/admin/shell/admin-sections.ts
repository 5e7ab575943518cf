import { paths } from '@config/paths';
import type { Permission } from '@domain/staff/staff-roles';

/** One tab of the admin: its label, its address (and those under it), and what a role needs to use it. */
export interface AdminSection {
  label: string;
  path: string;
  permission: Permission;
}

/** The admin's tabs in their order (docs/admin.md); a role sees those its permissions allow (src/domain/staff/staff-roles.ts). */
export const ADMIN_SECTIONS: readonly AdminSection[] = [
  { label: 'Pagamenti', path: paths.adminOrders, permission: 'payments' },
  { label: 'Estratto conto', path: paths.adminStatement, permission: 'payments' },
  { label: 'Situazione iscritti', path: paths.adminEnrolment, permission: 'payments' },
  { label: 'Rendiconto', path: paths.adminAccounts, permission: 'payments' },
  { label: 'Famiglie', path: paths.adminFamilies, permission: 'roster' },
  { label: 'Schede mediche', path: paths.adminMedicalForms, permission: 'medicalForms' },
  { label: 'Documenti', path: paths.adminDocuments, permission: 'documents' },
  { label: 'Uscite e campi', path: paths.adminEvents, permission: 'events' },
  { label: "Lista d'attesa", path: paths.adminAdmissions, permission: 'admissions' },
  { label: 'Registro', path: paths.adminAuditLog, permission: 'auditLog' },
  { label: 'Impostazioni', path: paths.adminSettings, permission: 'settings' },
  { label: 'Utenti', path: paths.adminUsers, permission: 'users' },
];

/** The section an address belongs to ('/admin/famiglie/family-rossi' → 'Famiglie'), undefined for none. */
export function sectionOf(pathname: string): AdminSection | undefined {
  return ADMIN_SECTIONS.find((section) => pathname === section.path || pathname.startsWith(`${section.path}/`));
}

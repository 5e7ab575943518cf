import { Link } from 'react-router';
import { paths } from '@config/paths';
import type { FamilyDocument } from '@domain/roster/family-schema';
import type { ParentDocument } from '@domain/roster/parent-schema';
import { italianDate } from '@domain/italian-time';
import type { FamilyChild, FamilyRow } from './api/families';
import { ArchivedBadge } from './family-ui';

/** A parent's line: 'name surname', then e-mail and phone when known. */
function ParentLine({ parent }: { parent: ParentDocument }) {
  const contacts = [parent.email, parent.phone].filter(Boolean).join(' · ');
  return (
    <li>
      <span className="font-medium text-gray-900">
        {parent.name} {parent.surname}
      </span>
      {contacts && <span className="block text-sm break-all text-gray-600">{contacts}</span>}
    </li>
  );
}

/** A child's line: 'name · branch', and the 'Archiviato' badge when archived. */
function ChildLine({ child }: { child: FamilyChild }) {
  return (
    <li>
      {child.name} · {child.branch}
      {child.archived && <ArchivedBadge />}
    </li>
  );
}

/** The family's surname as the link to its page ('—' when it has none). */
function FamilyLink({ row }: { row: FamilyRow }) {
  return (
    <Link to={paths.adminFamily(row.family.id)} className="inline-flex min-h-11 items-center font-semibold text-brand-700 underline">
      {row.family.surname || '—'}
    </Link>
  );
}

/**
 * When a parent last confirmed the family's contacts on 'La mia famiglia'
 * (docs/documents.md, "Contacts"): 'Contatti confermati il dd/mm/yyyy
 * (stagione {year})', or 'Contatti mai confermati'.
 */
export function ContactsConfirmedLine({ family }: { family: Pick<FamilyDocument, 'contacts_confirmed_at' | 'contacts_confirmed_season'> }) {
  return (
    <p className="text-sm text-gray-600">
      {family.contacts_confirmed_at
        ? `Contatti confermati il ${italianDate(family.contacts_confirmed_at)}${family.contacts_confirmed_season ? ` (stagione ${family.contacts_confirmed_season})` : ''}`
        : 'Contatti mai confermati'}
    </p>
  );
}

const None = () => <p className="text-sm text-gray-600">Nessuno</p>;

function People({ row, who }: { row: FamilyRow; who: 'parents' | 'children' }) {
  if (who === 'parents')
    return row.parents.length ? (
      <ul className="space-y-1">
        {row.parents.map((parent) => (
          <ParentLine key={parent.id} parent={parent} />
        ))}
      </ul>
    ) : (
      <None />
    );
  return row.children.length ? (
    <ul className="space-y-1">
      {row.children.map((child) => (
        <ChildLine key={child.id} child={child} />
      ))}
    </ul>
  ) : (
    <None />
  );
}

/**
 * One family of the 'Famiglie' table (docs/admin.md, "Famiglie"), a row
 * `data-testid="family-row"`: the surname, a link to the family's page; its
 * parents (name surname, e-mail, phone) and when the contacts were last
 * confirmed ({@link ContactsConfirmedLine}); its children (name · branch,
 * 'Archiviato' when archived).
 */
export function FamilyTableRow({ row }: { row: FamilyRow }) {
  return (
    <tr className="bg-white align-top" data-testid="family-row">
      <td className="px-3 py-2">
        <FamilyLink row={row} />
      </td>
      <td className="px-3 py-2">
        <People row={row} who="parents" />
        <ContactsConfirmedLine family={row.family} />
      </td>
      <td className="px-3 py-2">
        <People row={row} who="children" />
      </td>
    </tr>
  );
}

/**
 * One family on a phone, a card `data-testid="family-card"`: the same facts
 * as {@link FamilyTableRow}, stacked so nothing needs a sideways swipe
 * (docs/architecture.md, "Accessibility").
 */
export function FamilyCard({ row }: { row: FamilyRow }) {
  return (
    <li className="space-y-2 rounded-xl bg-white p-4 shadow-sm ring-1 ring-gray-200" data-testid="family-card">
      <h2 className="text-base">
        <FamilyLink row={row} />
      </h2>
      <div>
        <h3 className="text-sm font-semibold text-gray-700">Genitori</h3>
        <People row={row} who="parents" />
        <ContactsConfirmedLine family={row.family} />
      </div>
      <div>
        <h3 className="text-sm font-semibold text-gray-700">Figli</h3>
        <People row={row} who="children" />
      </div>
    </li>
  );
}

import { useEffect, useRef, useState } from 'react';
import { Link, useParams } from 'react-router';
import { Alert } from '@/components/ui/Alert';
import { Button } from '@/components/ui/Button';
import { Spinner } from '@/components/ui/Spinner';
import { paths } from '@config/paths';
import type { FamilyDocument } from '@domain/roster/family-schema';
import type { ParentDocument } from '@domain/roster/parent-schema';
import type { FamilyChild, FamilyRecord } from './api/families';
import { useFamily } from './api/families-queries';
import { RetryAlert, UnreadableAlert } from '../shell/ReadAlerts';
import { can } from '@domain/staff/staff-roles';
import { useStaff } from '@/features/admin/shell/staff-context';
import { CashPayment } from './CashPayment';
import { ContactsConfirmedLine } from './FamilyRows';
import { EmailChanges } from './EmailChanges';
import { FamilyReduction } from './FamilyReduction';
import { FamilyRights } from './FamilyRights';
import { ChildForm } from './ChildForm';
import { ArchivedBadge } from './family-ui';
import { ParentForm } from './ParentForm';
import { PersonCard } from './PersonCard';
import { RemovePersonDialog, type RemoveRequest } from './RemovePersonDialog';

/** The form open on the page: a parent or a child, edited (the person) or added (null). */
type Editing = { who: 'parent'; parent: ParentDocument | null } | { who: 'child'; child: FamilyChild | null };

const ADD_PARENT_ID = 'family-add-parent';
const ADD_CHILD_ID = 'family-add-child';
const PARENTS_HEADING_ID = 'family-parents';
const CHILDREN_HEADING_ID = 'family-children';
const editParentId = (parent: ParentDocument) => `family-edit-parent-${parent.id}`;
const editChildId = (child: FamilyChild) => `family-edit-child-${child.id}`;

const sectionHeading = 'text-lg font-semibold text-brand-800 focus:outline-none';

/** The parent's facts under the name: fiscal code, e-mail and phone (when known). */
function ParentDetails({ parent }: { parent: ParentDocument }) {
  return (
    <>
      <p>Codice fiscale {parent.cf}</p>
      {parent.email && <p className="break-all">{parent.email}</p>}
      {parent.phone && <p>{parent.phone}</p>}
    </>
  );
}

/**
 * The editor of a family's people: one form open at a time, the removal
 * dialog, and the focus given back to the button that opened a form when
 * it closes, or to the section's heading after a removal (the button is
 * gone with the person).
 */
function usePeopleEditor() {
  const [editing, setEditing] = useState<Editing | null>(null);
  const [removing, setRemoving] = useState<RemoveRequest | null>(null);
  const focusNext = useRef<string | null>(null);

  // After a render without form or dialog, the element they were opened from (or a heading) takes the focus.
  useEffect(() => {
    if (!focusNext.current || editing || removing) return;
    document.getElementById(focusNext.current)?.focus();
    focusNext.current = null;
  });

  const closeForm = (openerId: string) => {
    focusNext.current = openerId;
    setEditing(null);
  };
  const closeDialog = (removed: boolean) => {
    if (removed) focusNext.current = removing?.who === 'child' ? CHILDREN_HEADING_ID : PARENTS_HEADING_ID;
    setRemoving(null);
  };
  return { editing, setEditing, removing, setRemoving, closeForm, closeDialog };
}

type PeopleEditor = ReturnType<typeof usePeopleEditor>;

/**
 * The parents and children of a loaded family, with the editor (one form
 * open at a time, under the person edited or in place of 'Aggiungi …').
 */
function FamilyPeople({ record }: { record: FamilyRecord }) {
  const editor = usePeopleEditor();
  return (
    <>
      <UnreadableAlert count={record.unreadable.length} />
      <ParentsSection family={record.family} parents={record.parents} editor={editor} />
      <ChildrenSection family={record.family} children={record.children} editor={editor} />
      <RemovePersonDialog request={editor.removing} onClose={editor.closeDialog} />
    </>
  );
}

/** 'Genitori': each parent with 'Modifica' and 'Rimuovi', and 'Aggiungi genitore'. */
function ParentsSection({ family, parents, editor }: { family: FamilyDocument; parents: ParentDocument[]; editor: PeopleEditor }) {
  const { editing, setEditing, setRemoving, closeForm } = editor;
  return (
    <section aria-labelledby={PARENTS_HEADING_ID} className="space-y-3">
      <h2 id={PARENTS_HEADING_ID} tabIndex={-1} className={sectionHeading}>
        Genitori
      </h2>
      {parents.length === 0 && <p className="text-gray-700">Nessun genitore.</p>}
      <ul className="space-y-3">
        {parents.map((parent) => (
          <PersonCard
            key={parent.id}
            fullName={`${parent.name} ${parent.surname}`}
            details={<ParentDetails parent={parent} />}
            editId={editParentId(parent)}
            onEdit={() => setEditing({ who: 'parent', parent })}
            onRemove={() => setRemoving({ who: 'parent', parent })}
          >
            {editing?.who === 'parent' && editing.parent?.id === parent.id && (
              <ParentForm familyId={family.id} parent={parent} onClose={() => closeForm(editParentId(parent))} />
            )}
          </PersonCard>
        ))}
      </ul>
      {editing?.who === 'parent' && editing.parent === null ? (
        <ParentForm familyId={family.id} parent={null} onClose={() => closeForm(ADD_PARENT_ID)} />
      ) : (
        <Button id={ADD_PARENT_ID} variant="secondary" onClick={() => setEditing({ who: 'parent', parent: null })}>
          Aggiungi genitore
        </Button>
      )}
    </section>
  );
}

/** 'Figli': each child with 'Modifica' and 'Rimuovi' (none for an archived one), and 'Aggiungi figlio'. */
function ChildrenSection({ family, children, editor }: { family: FamilyDocument; children: FamilyChild[]; editor: PeopleEditor }) {
  const { editing, setEditing, setRemoving, closeForm } = editor;
  return (
    <section aria-labelledby={CHILDREN_HEADING_ID} className="space-y-3">
      <h2 id={CHILDREN_HEADING_ID} tabIndex={-1} className={sectionHeading}>
        Figli
      </h2>
      {children.length === 0 && <p className="text-gray-700">Nessun figlio.</p>}
      <ul className="space-y-3">
        {children.map((child) => (
          <PersonCard
            key={child.id}
            fullName={`${child.name} ${child.surname}`}
            badge={child.archived && <ArchivedBadge />}
            details={
              <p>
                {child.branch} · Codice fiscale {child.cf}
              </p>
            }
            editId={editChildId(child)}
            onEdit={() => setEditing({ who: 'child', child })}
            onRemove={child.archived ? undefined : () => setRemoving({ who: 'child', child })}
          >
            {editing?.who === 'child' && editing.child?.id === child.id && (
              <ChildForm familyId={family.id} familySurname={family.surname} child={child} onClose={() => closeForm(editChildId(child))} />
            )}
          </PersonCard>
        ))}
      </ul>
      {editing?.who === 'child' && editing.child === null ? (
        <ChildForm familyId={family.id} familySurname={family.surname} child={null} onClose={() => closeForm(ADD_CHILD_ID)} />
      ) : (
        <Button id={ADD_CHILD_ID} variant="secondary" onClick={() => setEditing({ who: 'child', child: null })}>
          Aggiungi figlio
        </Button>
      )}
    </section>
  );
}

/**
 * /admin/famiglie/:familyId, one family (docs/admin.md, "Famiglie"): 'Torna
 * a Famiglie' first, whatever the state; 'Famiglia {surname}'; the e-mail
 * changes waiting for the group ({@link EmailChanges}); its
 * 'Genitori' (fiscal code, e-mail, phone) and 'Figli' (branch, fiscal code,
 * 'Archiviato'), each with 'Modifica' and 'Rimuovi' (none for an archived
 * child), and 'Aggiungi genitore' / 'Aggiungi figlio'. Changes go through
 * admin-family; the page shows them once the family is read again; then
 * 'Registra pagamento in contanti' ({@link CashPayment}), for the admin and
 * the treasurer 'Riduzione' ({@link FamilyReduction}) and, for an
 * admin, 'Dati personali' ({@link FamilyRights}). A
 * spinner while loading, 'Riprova' on a failed read, 'Famiglia non
 * trovata.' for an id that does not exist.
 */
export function FamilyDetail() {
  const { familyId = '' } = useParams();
  const family = useFamily(familyId);
  const staff = useStaff();

  return (
    <div className="space-y-5">
      <Link to={paths.adminFamilies} className="inline-flex min-h-11 items-center font-semibold text-brand-700 underline">
        <span aria-hidden="true" className="mr-1">
          ←
        </span>
        Torna a Famiglie
      </Link>
      {/* One heading element in every state: the focus a navigation gives it (FocusPageHeading) survives the load. */}
      <h1 className="text-2xl font-bold text-brand-800">{family.data ? `Famiglia ${family.data.family.surname}` : 'Famiglia'}</h1>
      {family.data && <ContactsConfirmedLine family={family.data.family} />}
      {family.data && can(staff, 'roster') && <EmailChanges familyId={familyId} />}
      {family.data && <FamilyPeople record={family.data} />}
      {family.data && <CashPayment record={family.data} />}
      {family.data && can(staff, 'payments') && <FamilyReduction familyId={familyId} />}
      {family.data && can(staff, 'privacy') && <FamilyRights familyId={familyId} surname={family.data.family.surname} />}
      {family.isPending && (
        <div className="flex justify-center py-10">
          <Spinner />
        </div>
      )}
      {family.isError && <RetryAlert error={family.error} onRetry={() => void family.refetch()} />}
      {family.isSuccess && !family.data && <Alert kind="warning">Famiglia non trovata.</Alert>}
    </div>
  );
}

import { useCallback, useEffect, useState } from 'react';
import { Alert } from '@/components/ui/Alert';
import { Button } from '@/components/ui/Button';
import { Spinner } from '@/components/ui/Spinner';
import { TextField } from '@/components/ui/TextField';
import { GROUP } from '@config/group';
import type { FamilyContacts } from '@contracts/family-contacts';
import { CLIENT_MESSAGES, UserFacingError } from '@/lib/api/functions-client';
import { confirmContacts, fetchFamilyContacts } from './api/contacts';
import { EmailChange } from './EmailChange';

type Parent = FamilyContacts['parents'][number];

const messageOf = (error: unknown) => (error instanceof UserFacingError ? error.message : CLIENT_MESSAGES.unexpected);

/** Props of {@link ContactsConfirmation}. */
export interface ContactsConfirmationProps {
  /** Called once the family's contacts are confirmed for the season (ISO instant). */
  onConfirmed?: (confirmedAt: string) => void;
}

/** A parent's contacts; the session's own parent may change the phone (sent with 'Confermo') and the e-mail (with a code). */
function ParentContacts({
  parent,
  phone,
  onPhoneChange,
  onEmailChanged,
}: {
  parent: Parent;
  phone: string;
  onPhoneChange: (phone: string) => void;
  onEmailChanged: (email: string) => void;
}) {
  const [editing, setEditing] = useState<'none' | 'phone' | 'email'>('none');
  const [changedTo, setChangedTo] = useState<string | null>(null);
  const [awaitingGroup, setAwaitingGroup] = useState<string | null>(null);
  return (
    <li className="space-y-2 py-3">
      <p className="font-medium break-words">
        {parent.name} {parent.surname}
        {parent.self && <span className="font-normal text-gray-600"> (tu)</span>}
      </p>
      <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
        <dt className="text-gray-600">E-mail</dt>
        <dd className="break-all">{parent.email ?? 'non indicata'}</dd>
        <dt className="text-gray-600">Telefono</dt>
        <dd className="break-all">{(parent.self ? phone : parent.phone) || 'non indicato'}</dd>
      </dl>
      {parent.self && editing === 'phone' && (
        <TextField label="Telefono" type="tel" autoComplete="tel" value={phone} onChange={(event) => onPhoneChange(event.target.value)} />
      )}
      {parent.self && editing === 'email' && (
        <EmailChange
          onChanged={(email) => {
            onEmailChanged(email);
            setChangedTo(email);
            setEditing('none');
          }}
          onAwaitingGroup={(email) => {
            setAwaitingGroup(email);
            setEditing('none');
          }}
          onCancel={() => setEditing('none')}
        />
      )}
      {changedTo && <Alert kind="success">Indirizzo cambiato: da ora ti scriviamo a {changedTo}.</Alert>}
      {awaitingGroup && (
        <Alert kind="success">
          Nuovo indirizzo {awaitingGroup} verificato: l'indirizzo cambia quando il gruppo avrà confermato il cambio. Fino ad allora ti
          scriviamo all'indirizzo attuale.
        </Alert>
      )}
      {parent.self && editing === 'none' && (
        <div className="flex flex-wrap gap-2">
          <Button variant="secondary" size="sm" onClick={() => setEditing('phone')}>
            Modifica telefono
          </Button>
          <Button variant="secondary" size="sm" onClick={() => setEditing('email')}>
            Modifica e-mail
          </Button>
        </div>
      )}
    </li>
  );
}

/**
 * 'Conferma i contatti' (docs/documents.md, "Contacts"), shown on 'La mia
 * famiglia' while the family has not confirmed its contacts this season:
 * each parent's e-mail and phone, the children's data as the group has them
 * (read-only: 'Se qualcosa non è giusto scrivi al gruppo'), 'Confermo'
 * (confirm-family-contacts, with the parent's own phone when changed), and
 * the parent's own e-mail change (change-parent-email). Nothing once
 * confirmed this season; a thank-you right after confirming.
 */
export function ContactsConfirmation({ onConfirmed }: ContactsConfirmationProps) {
  const [contacts, setContacts] = useState<FamilyContacts | null>(null);
  const [phone, setPhone] = useState('');
  const [loadError, setLoadError] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [confirmed, setConfirmed] = useState(false);

  // The state is set when the answer arrives, never synchronously in the effect.
  const load = useCallback(
    () =>
      fetchFamilyContacts().then(
        (answer) => {
          setLoadError(null);
          setContacts(answer);
          setPhone(answer.parents.find((parent) => parent.self)?.phone ?? '');
        },
        (caught: unknown) => setLoadError(messageOf(caught)),
      ),
    [],
  );
  useEffect(() => {
    void load();
  }, [load]);

  if (loadError)
    return (
      <Alert kind="error">
        {loadError}{' '}
        <Button variant="secondary" size="sm" onClick={() => void load()}>
          Riprova
        </Button>
      </Alert>
    );
  if (confirmed) return <Alert kind="success">Grazie: i contatti della famiglia sono confermati per questa stagione.</Alert>;
  if (!contacts) return <Spinner className="mx-auto size-6" />;
  if (contacts.confirmedThisSeason) return null;

  const self = contacts.parents.find((parent) => parent.self);
  const confirm = async () => {
    setBusy(true);
    setError(null);
    try {
      const answer = await confirmContacts(self && phone.trim() !== (self.phone ?? '') ? phone : undefined);
      setConfirmed(true);
      onConfirmed?.(answer.confirmedAt);
    } catch (caught) {
      setError(messageOf(caught));
    } finally {
      setBusy(false);
    }
  };
  const emailChanged = (email: string) =>
    setContacts({ ...contacts, parents: contacts.parents.map((parent) => (parent.self ? { ...parent, email } : parent)) });

  return (
    <section aria-labelledby="contacts-confirmation" className="space-y-3 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-gray-200 sm:p-5">
      <h2 id="contacts-confirmation" className="text-lg font-semibold">
        Conferma i contatti della famiglia
      </h2>
      <p className="text-sm text-gray-700">
        Controlla che i dati siano giusti per la stagione {contacts.season}: li usiamo per avvisi, ricevute e codici di accesso.
      </p>
      <h3 className="font-semibold">Genitori</h3>
      <ul className="divide-y divide-gray-100">
        {contacts.parents.map((parent) => (
          <ParentContacts key={parent.id} parent={parent} phone={phone} onPhoneChange={setPhone} onEmailChanged={emailChanged} />
        ))}
      </ul>
      <h3 className="font-semibold">Figli</h3>
      <ul className="space-y-1 text-sm">
        {contacts.children.map((child) => (
          <li key={child.id} className="break-words">
            <span className="font-medium">
              {child.name} {child.surname}
            </span>{' '}
            · {child.branch} · {child.cf}
          </li>
        ))}
      </ul>
      <p className="text-sm text-gray-700">
        Se qualcosa non è giusto scrivi al gruppo:{' '}
        <a className="font-semibold text-brand-700 underline" href={`mailto:${GROUP.email}`}>
          {GROUP.email}
        </a>
      </p>
      {error && <Alert kind="error">{error}</Alert>}
      <Button onClick={() => void confirm()} loading={busy} className="w-full sm:w-auto">
        Confermo
      </Button>
    </section>
  );
}

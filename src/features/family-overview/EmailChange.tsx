import { useState, type FormEvent } from 'react';
import { Alert } from '@/components/ui/Alert';
import { Button } from '@/components/ui/Button';
import { CodeField } from '@/components/ui/CodeField';
import { TextField } from '@/components/ui/TextField';
import { CLIENT_MESSAGES, UserFacingError } from '@/lib/api/functions-client';
import { askGroupConfirmation, confirmEmailCodes, requestEmailCode } from './api/contacts';

const messageOf = (error: unknown) => (error instanceof UserFacingError ? error.message : CLIENT_MESSAGES.unexpected);

/** The codes' addresses as the server masked them; `oldEmail` null when the parent had none. */
type Sent = { email: string; oldEmail: string | null };

/** Props of {@link EmailChange}. */
export interface EmailChangeProps {
  /** The change landed: the new address. */
  onChanged: (email: string) => void;
  /** The new address is proven and the change waits for the group: the new address. */
  onAwaitingGroup: (email: string) => void;
  onCancel: () => void;
}

/**
 * The session parent's e-mail change (docs/security.md, "Changing a
 * parent's e-mail"): the new address and 'Invia i codici' (one code to the
 * new address, one to the current one), then both codes on one screen and
 * 'Conferma indirizzo'. 'Non riesco più a leggere il mio indirizzo attuale'
 * (or no current address) asks for the new address's code only and
 * 'Chiedi la conferma al gruppo'.
 */
export function EmailChange({ onChanged, onAwaitingGroup, onCancel }: EmailChangeProps) {
  const [email, setEmail] = useState('');
  const [code, setCode] = useState('');
  const [oldCode, setOldCode] = useState('');
  const [sent, setSent] = useState<Sent | null>(null);
  const [askGroup, setAskGroup] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const groupPath = askGroup || (sent !== null && sent.oldEmail === null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      if (sent === null) {
        const answer = await requestEmailCode(email);
        if (answer.status === 'code-sent') setSent({ email: answer.email, oldEmail: answer.oldEmail });
      } else if (groupPath) onAwaitingGroup((await askGroupConfirmation(code)).email);
      else onChanged((await confirmEmailCodes(code, oldCode)).email);
    } catch (caught) {
      setError(messageOf(caught));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form onSubmit={(event) => void submit(event)} className="space-y-3" noValidate>
      {sent === null ? (
        <TextField
          label="Nuovo indirizzo e-mail"
          type="email"
          autoComplete="email"
          value={email}
          onChange={(event) => setEmail(event.target.value)}
        />
      ) : (
        <>
          <p className="text-sm">
            {groupPath
              ? `Inserisci il codice che ti abbiamo inviato a ${sent.email}: poi il gruppo confermerà il cambio.`
              : `Ti abbiamo inviato due codici di 6 cifre, uno a ${sent.email} e uno al tuo indirizzo attuale ${sent.oldEmail}: l'indirizzo cambia solo quando li inserisci entrambi.`}
          </p>
          <CodeField label={`Codice arrivato a ${sent.email} (nuovo indirizzo)`} value={code} onChange={setCode} />
          {!groupPath && (
            <CodeField label={`Codice arrivato a ${sent.oldEmail} (indirizzo attuale)`} value={oldCode} onChange={setOldCode} />
          )}
          {sent.oldEmail !== null && (
            <Button variant="secondary" size="sm" onClick={() => (setAskGroup(!askGroup), setError(null))}>
              {askGroup ? 'Ho il codice del mio indirizzo attuale' : 'Non riesco più a leggere il mio indirizzo attuale'}
            </Button>
          )}
        </>
      )}
      {error && <Alert kind="error">{error}</Alert>}
      <div className="flex flex-wrap gap-2">
        <Button type="submit" size="sm" loading={busy}>
          {sent === null ? 'Invia i codici' : groupPath ? 'Chiedi la conferma al gruppo' : 'Conferma indirizzo'}
        </Button>
        <Button variant="secondary" size="sm" onClick={onCancel}>
          Annulla
        </Button>
      </div>
    </form>
  );
}

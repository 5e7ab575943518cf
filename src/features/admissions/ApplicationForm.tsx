import { useState, type FormEvent } from 'react';
import { Alert } from '@/components/ui/Alert';
import { Button } from '@/components/ui/Button';
import { PrivacyConsent } from '@/components/layout/PrivacyConsent';
import { CodeField } from '@/components/ui/CodeField';
import { TextField } from '@/components/ui/TextField';
import type { AdmissionPlace } from '@contracts/admission-apply';
import { CLIENT_MESSAGES, UserFacingError } from '@/lib/api/functions-client';
import { confirmApplication, sendApplication } from './api/admissions';

const messageOf = (error: unknown) => (error instanceof UserFacingError ? error.message : CLIENT_MESSAGES.unexpected);

const EMPTY = {
  parentName: '',
  parentSurname: '',
  parentCf: '',
  email: '',
  phone: '',
  childName: '',
  childSurname: '',
  childCf: '',
  siblings: '',
  note: '',
};
type Fields = typeof EMPTY;

/**
 * 'Iscrivi alla lista d'attesa' (docs/product.md, "Waiting list"): the
 * parent's and the child's details, brothers or sisters in the group, a
 * note and the privacy notice; then the code e-mailed to the parent and
 * 'Conferma'. Every rule is the server's: its Italian message is shown as it comes.
 */
export function ApplicationForm({ onApplied }: { onApplied: (place: AdmissionPlace) => void }) {
  const [fields, setFields] = useState<Fields>(EMPTY);
  const [privacy, setPrivacy] = useState(false);
  const [pending, setPending] = useState<{ id: string; email: string; minutes: number } | null>(null);
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const field = (name: keyof Fields) => ({
    value: fields[name],
    onChange: (event: { target: { value: string } }) => setFields({ ...fields, [name]: event.target.value }),
  });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      if (pending) {
        const answer = await confirmApplication(pending.id, code);
        if (answer.status === 'applied') onApplied(answer.place);
      } else {
        const answer = await sendApplication({
          parent: { name: fields.parentName, surname: fields.parentSurname, cf: fields.parentCf, email: fields.email, phone: fields.phone },
          child: { name: fields.childName, surname: fields.childSurname, cf: fields.childCf },
          siblings: fields.siblings,
          note: fields.note,
          privacyAccepted: privacy,
        });
        if (answer.status === 'code-sent') setPending({ id: answer.pendingId, email: answer.email, minutes: answer.minutes });
      }
    } catch (caught) {
      setError(messageOf(caught));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form onSubmit={(event) => void submit(event)} className="space-y-5" noValidate>
      {pending ? (
        <section className="space-y-3">
          <p className="text-gray-800">
            Ti abbiamo inviato un codice di 6 cifre a {pending.email}: inseriscilo qui entro {pending.minutes} minuti per completare la
            domanda.
          </p>
          <CodeField label="Codice ricevuto per e-mail" value={code} onChange={setCode} />
        </section>
      ) : (
        <>
          <fieldset className="space-y-3">
            <legend className="text-lg font-semibold text-brand-800">Il genitore</legend>
            <TextField label="Nome" autoComplete="given-name" {...field('parentName')} />
            <TextField label="Cognome" autoComplete="family-name" {...field('parentSurname')} />
            <TextField label="Codice fiscale" autoCapitalize="characters" {...field('parentCf')} />
            <TextField label="E-mail" type="email" autoComplete="email" {...field('email')} />
            <TextField label="Telefono" type="tel" autoComplete="tel" {...field('phone')} />
          </fieldset>
          <fieldset className="space-y-3">
            <legend className="text-lg font-semibold text-brand-800">Il bambino o la bambina</legend>
            <TextField label="Nome del bambino o della bambina" {...field('childName')} />
            <TextField label="Cognome del bambino o della bambina" {...field('childSurname')} />
            <TextField label="Codice fiscale del bambino o della bambina" autoCapitalize="characters" {...field('childCf')} />
            <TextField label="Fratelli o sorelle già nel gruppo (nome e branca)" {...field('siblings')} />
            <TextField label="Note" {...field('note')} />
          </fieldset>
          <PrivacyConsent
            label="Ho letto l'informativa privacy sui dati miei e di mio figlio o mia figlia."
            checked={privacy}
            onChange={setPrivacy}
          />
        </>
      )}
      {error && <Alert kind="error">{error}</Alert>}
      <Button type="submit" loading={busy}>
        {pending ? 'Conferma' : "Iscrivi alla lista d'attesa"}
      </Button>
    </form>
  );
}

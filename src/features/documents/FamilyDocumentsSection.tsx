import { useCallback, useEffect, useRef, useState } from 'react';
import { SIGNING_MESSAGES } from '@contracts/document-signing';
import { SIGNATURE_STATE_LABELS } from '@domain/documents/document-signature';
import { renderDocumentText, textDigest } from '@domain/documents/document-text';
import { italianDateTime, italianDayText } from '@domain/italian-time';
import { Alert } from '@/components/ui/Alert';
import { Button } from '@/components/ui/Button';
import { Spinner } from '@/components/ui/Spinner';
import { CodeField } from '@/components/ui/CodeField';
import { TextField } from '@/components/ui/TextField';
import { UserFacingError } from '@/lib/api/functions-client';
import {
  fetchFamilyDocuments,
  requestSignatureCode,
  signDocument,
  withdrawConsent,
  type FamilyDocument,
  type FamilyDocumentChild,
  type FamilyDocuments,
  type SignatureCodeSent,
} from './api/signing';

const failure = (error: unknown) => (error instanceof UserFacingError ? error.message : 'Qualcosa non ha funzionato: riprova.');

/** Where one card's signing is: reading the text, waiting for the code, or nothing open. */
type Step = { kind: 'closed' } | { kind: 'reading' } | ({ kind: 'code' } & SignatureCodeSent);

/** Props of {@link DocumentCard}. */
interface DocumentCardProps {
  document: FamilyDocument;
  child: FamilyDocumentChild;
  /** The document's other children this parent has not signed for yet: 'Firma' may sign for them too. */
  siblings: readonly FamilyDocumentChild[];
  parentName: string;
  /** Reads the documents again (after a signature, a withdrawal, or a document changed meanwhile). */
  onChanged: () => Promise<void>;
}

/**
 * One document for one child (docs/documents.md, "Signing"): its state,
 * the signatures given; 'Leggi e firma' opens the text as this parent signs
 * it, rendered in the browser with the level or the delegates picked
 * (`renderDocumentText`) and hashed (`textDigest`) as the server will;
 * 'Ho letto e accetto' or a level or the delegates, 'Firma', then the
 * e-mailed code and 'Conferma'. 'Firma anche per' lists the document's
 * other children still to sign by this parent (ticked at first), each with
 * its own text shown: one code signs for all of them (the server writes one
 * signature per child), so a family with many children is not sent a code
 * per child (SIGNING_CODES_PER_HOUR). 'Revoca' on this parent's signature
 * that holds. A press while a call is pending does nothing.
 */
function DocumentCard({ document, child, siblings, parentName, onChanged }: DocumentCardProps) {
  const [step, setStep] = useState<Step>({ kind: 'closed' });
  const [accepted, setAccepted] = useState(false);
  const [choice, setChoice] = useState<string | null>(null);
  const [delegates, setDelegates] = useState('');
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [alsoFor, setAlsoFor] = useState<ReadonlySet<string>>(() => new Set(siblings.map((sibling) => sibling.childId)));
  const pending = useRef(false);
  const textOf = (name: string) =>
    renderDocumentText(
      { title: document.title, text: document.template, kind: document.kind },
      { child: name, parent: parentName, delegates: document.kind === 'delegation' ? delegates.trim() : '' },
      document.kind === 'choice' ? choice : null,
    );
  const text = textOf(child.childName);
  const others = siblings.filter((sibling) => alsoFor.has(sibling.childId));
  const toggle = (childId: string, on: boolean) =>
    setAlsoFor((current) => {
      const next = new Set(current);
      if (on) next.add(childId);
      else next.delete(childId);
      return next;
    });
  const ready =
    document.kind === 'choice' ? choice !== null : document.kind === 'delegation' ? accepted && delegates.trim().length >= 3 : accepted;

  /** Runs `action` once at a time; its failure shows, a changed document reloads. */
  const once = async (action: () => Promise<void>) => {
    if (pending.current) return;
    pending.current = true;
    setBusy(true);
    setError(null);
    try {
      await action();
    } catch (caught) {
      setError(failure(caught));
      if (caught instanceof UserFacingError && caught.message === SIGNING_MESSAGES.documentChanged) {
        setStep({ kind: 'closed' });
        await onChanged();
      }
    } finally {
      pending.current = false;
      setBusy(false);
    }
  };
  // The texts on screen, this card's child first: what the code will sign, one signature per child.
  const shown = () =>
    Promise.all(
      [child, ...others].map(async (signed) => ({ childId: signed.childId, textSha256: await textDigest(textOf(signed.childName)) })),
    );
  const sign = () =>
    once(async () => {
      const answer = await requestSignatureCode({
        documentId: document.id,
        shown: await shown(),
        choice: document.kind === 'choice' ? choice : null,
        delegates,
      });
      setCode('');
      setStep({ kind: 'code', ...answer });
    });
  const confirm = () =>
    once(async () => {
      if (step.kind !== 'code') return;
      const answer = await signDocument({ requestId: step.requestId, code, shown: await shown() });
      setStep({ kind: 'closed' });
      setNotice(
        answer.signatures.length > 1
          ? `Firma registrata per ${answer.signatures.length} figli: ti abbiamo inviato per e-mail una copia in PDF.`
          : 'Firma registrata: ti abbiamo inviato per e-mail una copia in PDF.',
      );
      await onChanged();
    });
  const withdraw = (signatureId: string) =>
    once(async () => {
      await withdrawConsent(signatureId);
      setNotice('Consenso revocato: ti abbiamo inviato una conferma per e-mail.');
      await onChanged();
    });
  const mine = child.signatures.find((signature) => signature.mine && signature.withdrawnAt === null);
  const headingId = `doc-${document.id}-${child.childId}`;

  return (
    <article aria-labelledby={headingId} className="space-y-3 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-gray-200">
      <header className="flex flex-wrap items-baseline justify-between gap-2">
        <h3 id={headingId} className="text-base font-semibold">
          {document.title} — {child.childName}
        </h3>
        <span className="text-sm font-medium text-gray-700">{SIGNATURE_STATE_LABELS[child.state]}</span>
      </header>
      {document.deadline && child.state !== 'signed' && (
        <p className="text-sm text-gray-600">Da firmare entro il {italianDayText(document.deadline)}.</p>
      )}
      {document.signers === 'both' && (
        <p className="text-sm text-gray-600">Serve la firma di entrambi i genitori, ciascuno dal proprio accesso.</p>
      )}
      {child.signatures.length > 0 && (
        <ul className="space-y-1 text-sm">
          {child.signatures.map((signature) => (
            <li key={signature.id} className="flex flex-wrap items-center gap-2">
              <span>
                Firmato da {signature.signerName} il {italianDateTime(new Date(signature.signedAt))}
                {signature.choice ? ` · ${signature.choice}` : ''}
                {signature.delegates ? ` · delegati: ${signature.delegates}` : ''}
                {signature.withdrawnAt ? ` · revocato il ${italianDateTime(new Date(signature.withdrawnAt))}` : ''}
              </span>
              {signature.mine && signature.withdrawnAt === null && (
                <Button variant="secondary" size="sm" loading={busy} onClick={() => void withdraw(signature.id)}>
                  Revoca
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}
      {notice && <Alert kind="success">{notice}</Alert>}
      {error && <Alert kind="error">{error}</Alert>}
      {!mine && step.kind === 'closed' && (
        <Button
          variant="primary"
          onClick={() => {
            setNotice(null);
            setStep({ kind: 'reading' });
          }}
        >
          Leggi e firma
        </Button>
      )}
      {step.kind !== 'closed' && (
        <div className="space-y-3">
          <div
            className="max-h-96 overflow-y-auto rounded-lg bg-gray-50 p-4 text-sm whitespace-pre-line ring-1 ring-gray-200"
            tabIndex={0}
            aria-label="Testo del documento"
          >
            {text}
          </div>
          {others.map((other) => (
            <div
              key={other.childId}
              className="max-h-96 overflow-y-auto rounded-lg bg-gray-50 p-4 text-sm whitespace-pre-line ring-1 ring-gray-200"
              tabIndex={0}
              aria-label={`Testo del documento per ${other.childName}`}
            >
              {textOf(other.childName)}
            </div>
          ))}
          {step.kind === 'reading' && (
            <>
              {siblings.length > 0 && (
                <fieldset className="space-y-2">
                  <legend className="text-sm font-medium">Firma anche per</legend>
                  {siblings.map((sibling) => (
                    <label key={sibling.childId} className="flex min-h-11 cursor-pointer items-center gap-3 text-sm">
                      <input
                        type="checkbox"
                        className="size-5 accent-brand-600"
                        checked={alsoFor.has(sibling.childId)}
                        onChange={(event) => toggle(sibling.childId, event.target.checked)}
                      />
                      {sibling.childName}
                    </label>
                  ))}
                </fieldset>
              )}
              {document.kind === 'choice' ? (
                <fieldset className="space-y-2">
                  <legend className="text-sm font-medium">Scegli</legend>
                  {document.choices.map((level) => (
                    <label key={level} className="flex min-h-11 cursor-pointer items-center gap-3 text-sm">
                      <input
                        type="radio"
                        className="size-5 accent-brand-600"
                        name={headingId}
                        value={level}
                        checked={choice === level}
                        onChange={() => setChoice(level)}
                      />
                      {level}
                    </label>
                  ))}
                </fieldset>
              ) : (
                <>
                  {document.kind === 'delegation' && (
                    <TextField
                      label="Persone delegate al ritiro (nome, cognome e, se vuoi, il legame)"
                      value={delegates}
                      maxLength={400}
                      onChange={(event) => setDelegates(event.target.value)}
                    />
                  )}
                  <label className="flex min-h-11 cursor-pointer items-center gap-3 text-sm">
                    <input
                      type="checkbox"
                      className="size-5 accent-brand-600"
                      checked={accepted}
                      onChange={(event) => setAccepted(event.target.checked)}
                    />
                    Ho letto e accetto
                  </label>
                </>
              )}
              <div className="flex flex-wrap gap-2">
                <Button variant="primary" disabled={!ready} loading={busy} onClick={() => void sign()}>
                  Firma
                </Button>
                <Button variant="secondary" disabled={busy} onClick={() => setStep({ kind: 'closed' })}>
                  Chiudi
                </Button>
              </div>
            </>
          )}
          {step.kind === 'code' && (
            <form
              className="space-y-2"
              onSubmit={(event) => {
                event.preventDefault();
                void confirm();
              }}
            >
              <p className="text-sm">
                Ti abbiamo inviato un codice di 6 cifre a {step.sentTo}: vale {step.minutes} minuti.
              </p>
              <CodeField label="Codice ricevuto per e-mail" value={code} onChange={setCode} />
              <Button type="submit" variant="primary" disabled={code.length !== 6} loading={busy}>
                Conferma
              </Button>
            </form>
          )}
        </div>
      )}
    </article>
  );
}

/**
 * 'Documenti da firmare' on 'La mia famiglia' (docs/documents.md,
 * "Signing"): for a verified parent (the family's session), one card per
 * document and child of this season (family-documents), read again after
 * each signature or withdrawal.
 */
export function FamilyDocumentsSection() {
  const [documents, setDocuments] = useState<FamilyDocuments | null>(null);
  const [error, setError] = useState<string | null>(null);
  const load = useCallback(async () => {
    try {
      setDocuments(await fetchFamilyDocuments());
      setError(null);
    } catch (caught) {
      setError(failure(caught));
    }
  }, []);
  useEffect(() => {
    let live = true;
    fetchFamilyDocuments().then(
      (answer) => live && setDocuments(answer),
      (caught: unknown) => live && setError(failure(caught)),
    );
    return () => {
      live = false;
    };
  }, []);

  return (
    <section aria-labelledby="family-documents" className="space-y-3">
      <h2 id="family-documents" className="text-lg font-semibold">
        Documenti da firmare
      </h2>
      {error && <Alert kind="error">{error}</Alert>}
      {!documents && !error && <Spinner label="Caricamento dei documenti…" />}
      {documents && documents.documents.length === 0 && (
        <Alert kind="info">Per ora non ci sono documenti da firmare per i tuoi figli in questa stagione.</Alert>
      )}
      {documents?.documents.flatMap((document) =>
        document.children.map((child) => (
          <DocumentCard
            key={`${document.id}:${child.childId}`}
            document={document}
            child={child}
            // A child already signed for (by the other parent, where one signature is enough) is not signed again by default.
            siblings={document.children.filter((other) => other.childId !== child.childId && !other.signedByMe && other.state !== 'signed')}
            parentName={documents.parent.name}
            onChanged={load}
          />
        )),
      )}
    </section>
  );
}

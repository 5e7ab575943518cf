import { useCallback, useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { paths } from '@config/paths';
import { GENERIC_PAGE, specPageOf } from '@config/product-pages';
import { signupStateText } from '@domain/events/event-signup';
import { italianDateTime, italianDayText } from '@domain/italian-time';
import { formatEuros } from '@domain/money';
import { Alert } from '@/components/ui/Alert';
import { Button } from '@/components/ui/Button';
import { Spinner } from '@/components/ui/Spinner';
import { UserFacingError } from '@/lib/api/functions-client';
import {
  changeSignup,
  fetchFamilyEvents,
  type FamilyEvent,
  type FamilyEventChild,
  type FamilyEvents,
  type SignupAnswer,
} from './api/events';

const failure = (error: unknown) => (error instanceof UserFacingError ? error.message : 'Qualcosa non ha funzionato: riprova.');

const LINK =
  'inline-flex min-h-11 items-center justify-center rounded-lg px-3 text-sm font-semibold focus-visible:outline-2 focus-visible:outline-offset-2 bg-white text-brand-700 ring-1 ring-brand-600/40 hover:bg-brand-50 focus-visible:outline-brand-600';

/** The page where a product is paid: its spec page (/campo-estivo) or its generic one (/pagamenti/{id}). */
const payPath = (productId: string) => specPageOf(productId)?.path ?? GENERIC_PAGE.path(productId);

/** An event's dates as a sentence: 'dal 09/05/… 08:30 al 10/05/… 17:00'. */
const when = (event: Pick<FamilyEvent, 'startsAt' | 'endsAt'>) =>
  `dal ${italianDateTime(new Date(event.startsAt))} al ${italianDateTime(new Date(event.endsAt))}`;

/** What the family is told after an action, from event-signup's answer. */
function outcomeText(answer: SignupAnswer, childName: string): string {
  switch (answer.state) {
    case 'confirmed':
      return `${childName} è iscritto: ti abbiamo inviato un'e-mail con l'evento da aggiungere al calendario.`;
    case 'waiting':
      return `Posti esauriti: ${childName} è in lista d'attesa${answer.position ? `, posizione ${answer.position}` : ''}. Se si libera un posto ti scriveremo per e-mail.`;
    case 'offered':
      return `C'è un posto per ${childName}: confermalo entro la scadenza.`;
    case 'cancelled':
      return `Iscrizione di ${childName} annullata.`;
  }
}

/** Props of {@link ChildSignup}. */
interface ChildSignupProps {
  event: FamilyEvent;
  child: FamilyEventChild;
  /** Reads the events again after a change (places left, the line). */
  onChanged: () => Promise<void>;
}

/**
 * One child on one event: the price of each product, the sign-up's state
 * ('Iscritto', "In lista d'attesa, posizione N", a place offered with its
 * deadline) and its actions ('Iscrivi'; 'Conferma il posto'; 'Annulla
 * iscrizione', asked to confirm, until the closing day), then what is
 * still needed with a link to where it is done (the documents on this
 * page, /scheda-medica, the product's payment page). A press while a call
 * is pending does nothing.
 */
function ChildSignup({ event, child, onChanged }: ChildSignupProps) {
  const [busy, setBusy] = useState(false);
  const [asking, setAsking] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const pending = useRef(false);
  const signup = child.signup;
  const headingId = `event-${event.id}-${child.childId}`;

  const act = async (action: 'signup' | 'cancel' | 'accept') => {
    if (pending.current) return;
    pending.current = true;
    setBusy(true);
    setError(null);
    setNotice(null);
    try {
      const answer = await changeSignup(action, event.id, child.childId);
      setAsking(false);
      setNotice(outcomeText(answer, child.childName));
      await onChanged();
    } catch (caught) {
      setError(failure(caught));
      await onChanged();
    } finally {
      pending.current = false;
      setBusy(false);
    }
  };

  const needed = child.missing;
  const anything = needed.documents.length > 0 || needed.medicalForm || needed.products.length > 0;
  const signedUp = signup !== null;

  return (
    <li aria-labelledby={headingId} className="space-y-2 py-3">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h4 id={headingId} className="font-medium">
          {child.childName}
        </h4>
        {signup && (
          <span className="text-sm font-semibold text-gray-800">
            {signup.state === 'offered' && signup.offeredUntil
              ? `Si è liberato un posto: conferma entro il ${italianDateTime(new Date(signup.offeredUntil))}`
              : signupStateText(signup.state, signup.position)}
          </span>
        )}
      </div>
      {child.products.length > 0 && (
        <ul className="text-sm text-gray-700">
          {child.products.map((product) => (
            <li key={product.id}>
              {product.name}: {formatEuros(product.priceEuros)}
              {product.paid ? ' · pagato' : ''}
            </li>
          ))}
        </ul>
      )}
      {!signedUp && child.offerExpiredAt && (
        <p className="text-sm text-gray-700">
          Il tempo per confermare il posto è scaduto il {italianDateTime(new Date(child.offerExpiredAt))}: il posto è passato alla famiglia
          successiva. Puoi iscriverti di nuovo in lista d'attesa.
        </p>
      )}
      {notice && <Alert kind="success">{notice}</Alert>}
      {error && <Alert kind="error">{error}</Alert>}
      {event.closed ? (
        <p className="text-sm text-gray-600">
          Iscrizioni chiuse il {italianDayText(event.closesOn)}
          {signedUp ? ': per cambiamenti scrivi ai capi.' : '.'}
        </p>
      ) : asking ? (
        <div className="space-y-2 rounded-lg bg-amber-50 p-3 ring-1 ring-amber-200">
          <p className="text-sm">
            Vuoi annullare l'iscrizione di {child.childName} a «{event.name}»?
            {signup?.state === 'waiting' ? ' Perderà il suo posto in lista d’attesa.' : ' Il posto passerà a chi è in lista d’attesa.'}
          </p>
          <div className="flex flex-wrap gap-2">
            <Button variant="primary" size="sm" loading={busy} onClick={() => void act('cancel')}>
              Sì, annulla l'iscrizione
            </Button>
            <Button variant="secondary" size="sm" disabled={busy} onClick={() => setAsking(false)}>
              No, tieni l'iscrizione
            </Button>
          </div>
        </div>
      ) : (
        <div className="flex flex-wrap gap-2">
          {!signedUp && (
            <Button
              variant="primary"
              size="sm"
              loading={busy}
              aria-label={`Iscrivi ${child.childName} a ${event.name}`}
              onClick={() => void act('signup')}
            >
              Iscrivi
            </Button>
          )}
          {signup?.state === 'offered' && (
            <Button variant="primary" size="sm" loading={busy} onClick={() => void act('accept')}>
              Conferma il posto
            </Button>
          )}
          {signedUp && (
            <Button variant="secondary" size="sm" disabled={busy} onClick={() => setAsking(true)}>
              Annulla iscrizione
            </Button>
          )}
        </div>
      )}
      {signedUp && anything && (
        <div className="space-y-2 text-sm">
          <p className="font-medium">Cosa manca ancora:</p>
          <ul className="flex flex-wrap gap-2">
            {needed.documents.map((document) => (
              <li key={document.id}>
                <a href="#family-documents" className={LINK}>
                  Firma «{document.title}»
                </a>
              </li>
            ))}
            {needed.medicalForm && (
              <li>
                <Link to={paths.schedaMedica} className={LINK}>
                  Carica la scheda medica
                </Link>
              </li>
            )}
            {child.products
              .filter((product) => needed.products.includes(product.id))
              .map((product) => (
                <li key={product.id}>
                  <Link to={payPath(product.id)} className={LINK}>
                    Paga {product.name}
                  </Link>
                </li>
              ))}
          </ul>
        </div>
      )}
    </li>
  );
}

/** One event: its dates, place, meeting point, closing day and places left, then each child of its branches. */
function EventCard({ event, onChanged }: { event: FamilyEvent; onChanged: () => Promise<void> }) {
  const headingId = `event-${event.id}`;
  return (
    <article aria-labelledby={headingId} className="space-y-2 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-gray-200">
      <header className="space-y-1">
        <h3 id={headingId} className="text-base font-semibold">
          {event.name}
        </h3>
        <p className="text-sm text-gray-700">
          {when(event)} · {event.place}
          {event.meetingPoint ? ` · Ritrovo: ${event.meetingPoint}` : ''}
        </p>
        <p className="text-sm text-gray-700">
          {event.placesLeft > 0
            ? `Posti disponibili: ${event.placesLeft} su ${event.places}`
            : "Posti esauriti: chi si iscrive va in lista d'attesa"}
          {event.closed ? '' : ` · Iscrizioni fino al ${italianDayText(event.closesOn)}`}
        </p>
      </header>
      <ul className="divide-y divide-gray-100">
        {event.children.map((child) => (
          <ChildSignup key={child.childId} event={event} child={child} onChanged={onChanged} />
        ))}
      </ul>
    </article>
  );
}

/**
 * 'Uscite e campi' on 'La mia famiglia' (docs/events.md, "On 'La mia
 * famiglia'"): for a verified parent (the family's session), this season's
 * outings and camps open to the children (family-events), each child's
 * sign-up and actions, read again after each change.
 */
export function FamilyEventsSection() {
  const [events, setEvents] = useState<FamilyEvents | null>(null);
  const [error, setError] = useState<string | null>(null);
  const load = useCallback(async () => {
    try {
      setEvents(await fetchFamilyEvents());
      setError(null);
    } catch (caught) {
      setError(failure(caught));
    }
  }, []);
  useEffect(() => {
    let live = true;
    fetchFamilyEvents().then(
      (answer) => live && setEvents(answer),
      (caught: unknown) => live && setError(failure(caught)),
    );
    return () => {
      live = false;
    };
  }, []);

  return (
    <section aria-labelledby="family-events" className="space-y-3">
      <h2 id="family-events" className="text-lg font-semibold">
        Uscite e campi
      </h2>
      {error && <Alert kind="error">{error}</Alert>}
      {!events && !error && <Spinner label="Caricamento di uscite e campi…" />}
      {events && events.events.length === 0 && <Alert kind="info">Per ora non ci sono uscite o campi aperti ai tuoi figli.</Alert>}
      {events?.events.map((event) => (
        <EventCard key={event.id} event={event} onChanged={load} />
      ))}
    </section>
  );
}

import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { SEASON } from '@config/season';
import { PLAN } from '@domain/catalogue/seed';
import { FamilyEventsSection } from '@/features/family-events/FamilyEventsSection';
import type { FamilyEvent, FamilyEventChild, FamilyEvents } from '@/features/family-events/api/events';
import { fn, setupFunctionsServer } from '../support/functions';
import { renderWithProviders } from '../support/render';

// family-events and event-signup are faked at the network edge (msw).
const server = setupFunctionsServer();

const NO_NEEDS: FamilyEventChild['missing'] = { documents: [], medicalForm: false, products: [] };

/** Matteo on an outing of the Reparto (2 places, one left), not signed up, nothing missing; `changes` over it. */
function child(changes: Partial<FamilyEventChild> = {}): FamilyEventChild {
  return { childId: 'matteo', childName: 'Matteo Verdi', signup: null, offerExpiredAt: null, products: [], missing: NO_NEEDS, ...changes };
}
function outing(children: FamilyEventChild[], changes: Partial<FamilyEvent> = {}): FamilyEvent {
  return {
    id: 'uscita-primavera',
    name: 'Uscita di primavera',
    branches: ['Reparto'],
    startsAt: '2099-05-09T08:30:00+02:00',
    endsAt: '2099-05-10T17:00:00+02:00',
    place: 'Colle Verde',
    meetingPoint: 'Piazza della chiesa',
    places: 2,
    placesLeft: 1,
    closesOn: '2099-05-01',
    closed: false,
    children,
    ...changes,
  };
}

/** family-events answers each of `answers` in turn (the last one again), counting the reads in `reads`. */
function serveEvents(answers: FamilyEvent[][], reads = { count: 0 }) {
  server.use(
    http.get('*/.netlify/functions/family-events', () => {
      const events = answers[Math.min(reads.count, answers.length - 1)]!;
      reads.count += 1;
      return HttpResponse.json({ season: SEASON.campYear, events } satisfies FamilyEvents);
    }),
  );
  return reads;
}

const render = () => renderWithProviders(<FamilyEventsSection />, { initialEntries: ['/famiglia'] });

describe("'Uscite e campi' on 'La mia famiglia'", () => {
  it("shows an outing with its dates, place and places left; 'Iscrivi' signs up once for two presses and shows the place in line", async () => {
    const reads = serveEvents([
      [outing([child()])],
      [outing([child({ signup: { state: 'waiting', position: 2, offeredUntil: null } })], { placesLeft: 0 })],
    ]);
    const calls: unknown[] = [];
    server.use(
      fn(
        'event-signup',
        async () => {
          await new Promise((resolve) => setTimeout(resolve, 30));
          return {
            status: 200,
            json: { eventId: 'uscita-primavera', childId: 'matteo', state: 'waiting', position: 2, offeredUntil: null },
          };
        },
        calls,
      ),
    );
    const { user } = render();
    const card = await screen.findByRole('article', { name: 'Uscita di primavera' });
    expect(card).toHaveTextContent('dal 09/05/2099 08:30 al 10/05/2099 17:00 · Colle Verde · Ritrovo: Piazza della chiesa');
    expect(card).toHaveTextContent('Posti disponibili: 1 su 2');
    expect(card).toHaveTextContent('Iscrizioni fino al 01/05/2099');

    const button = within(card).getByRole('button', { name: 'Iscrivi Matteo Verdi a Uscita di primavera' });
    await user.dblClick(button);
    await screen.findByText(/Posti esauriti: Matteo Verdi è in lista d'attesa, posizione 2/);
    expect(calls).toEqual([{ action: 'signup', eventId: 'uscita-primavera', childId: 'matteo' }]);
    await waitFor(() => expect(within(card).getByText("In lista d'attesa, posizione 2")).toBeInTheDocument());
    expect(card).toHaveTextContent("Posti esauriti: chi si iscrive va in lista d'attesa");
    expect(reads.count).toBe(2);
    expect(within(card).queryByRole('button', { name: /Iscrivi/ })).not.toBeInTheDocument();
  });

  it("lists what a child signed up still needs, with where to do it; 'Annulla iscrizione' asks first", async () => {
    const signedUp = child({
      signup: { state: 'confirmed', position: null, offeredUntil: null },
      products: [
        { id: 'campo-acconto', name: PLAN.campAcconto, priceEuros: 100, paid: true },
        { id: 'campo-saldo', name: PLAN.campSaldo, priceEuros: 155, paid: false },
        { id: 'uscita-di-pasqua', name: 'Uscita di Pasqua', priceEuros: 20, paid: false },
      ],
      missing: {
        documents: [{ id: 'uscite-v1', key: 'uscite', title: 'Autorizzazione uscite', state: 'partial' }],
        medicalForm: true,
        products: ['campo-saldo', 'uscita-di-pasqua'],
      },
    });
    serveEvents([[outing([signedUp])], [outing([child()], { placesLeft: 2 })]]);
    const calls: unknown[] = [];
    server.use(
      fn(
        'event-signup',
        () => ({
          status: 200,
          json: { eventId: 'uscita-primavera', childId: 'matteo', state: 'cancelled', position: null, offeredUntil: null },
        }),
        calls,
      ),
    );
    const { user } = render();
    const card = await screen.findByRole('article', { name: 'Uscita di primavera' });
    expect(within(card).getByText('Iscritto')).toBeInTheDocument();
    expect(card).toHaveTextContent('Campo Estivo - Acconto: 100,00 € · pagato');
    expect(card).toHaveTextContent('Campo Estivo - Saldo: 155,00 €');
    expect(within(card).getByRole('link', { name: 'Firma «Autorizzazione uscite»' })).toHaveAttribute('href', '#family-documents');
    expect(within(card).getByRole('link', { name: 'Carica la scheda medica' })).toHaveAttribute('href', '/scheda-medica');
    expect(within(card).getByRole('link', { name: `Paga ${PLAN.campSaldo}` })).toHaveAttribute('href', '/campo-estivo');
    expect(within(card).getByRole('link', { name: 'Paga Uscita di Pasqua' })).toHaveAttribute('href', '/pagamenti/uscita-di-pasqua');
    expect(within(card).queryByRole('link', { name: `Paga ${PLAN.campAcconto}` })).not.toBeInTheDocument();

    await user.click(within(card).getByRole('button', { name: 'Annulla iscrizione' }));
    expect(card).toHaveTextContent(
      "Vuoi annullare l'iscrizione di Matteo Verdi a «Uscita di primavera»? Il posto passerà a chi è in lista d’attesa.",
    );
    await user.click(within(card).getByRole('button', { name: "No, tieni l'iscrizione" }));
    expect(calls).toEqual([]);
    expect(within(card).getByText('Iscritto')).toBeInTheDocument();

    await user.click(within(card).getByRole('button', { name: 'Annulla iscrizione' }));
    await user.click(within(card).getByRole('button', { name: "Sì, annulla l'iscrizione" }));
    await screen.findByText('Iscrizione di Matteo Verdi annullata.');
    expect(calls).toEqual([{ action: 'cancel', eventId: 'uscita-primavera', childId: 'matteo' }]);
    await within(card).findByRole('button', { name: 'Iscrivi Matteo Verdi a Uscita di primavera' });
  });

  it("shows a place offered with its deadline and 'Conferma il posto'; a refusal's message and the list read again", async () => {
    const offered = child({ signup: { state: 'offered', position: null, offeredUntil: '2099-04-20T10:00:00.000Z' } });
    const reads = serveEvents([[outing([offered], { placesLeft: 0 })], [outing([child({ offerExpiredAt: '2099-04-20T10:00:00.000Z' })])]]);
    const calls: unknown[] = [];
    server.use(
      fn(
        'event-signup',
        () => ({
          status: 410,
          json: { error: 'Il tempo per confermare il posto è scaduto: il posto passa alla famiglia successiva in lista d’attesa.' },
        }),
        calls,
      ),
    );
    const { user } = render();
    const card = await screen.findByRole('article', { name: 'Uscita di primavera' });
    expect(card).toHaveTextContent('Si è liberato un posto: conferma entro il 20/04/2099 12:00');
    await user.click(within(card).getByRole('button', { name: 'Conferma il posto' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Il tempo per confermare il posto è scaduto');
    expect(calls).toEqual([{ action: 'accept', eventId: 'uscita-primavera', childId: 'matteo' }]);
    await waitFor(() => expect(reads.count).toBe(2));
    expect(card).toHaveTextContent('Il tempo per confermare il posto è scaduto il 20/04/2099 12:00');
    expect(within(card).getByRole('button', { name: 'Iscrivi Matteo Verdi a Uscita di primavera' })).toBeInTheDocument();
  });

  it('offers no action after the closing day, and says when there is nothing to sign up for', async () => {
    serveEvents([
      [
        outing([child({ signup: { state: 'confirmed', position: null, offeredUntil: null } })], { closed: true, closesOn: '2099-05-01' }),
        outing([child()], { id: 'campo', name: 'Campo estivo', closed: true }),
      ],
    ]);
    render();
    const card = await screen.findByRole('article', { name: 'Uscita di primavera' });
    expect(card).toHaveTextContent('Iscrizioni chiuse il 01/05/2099: per cambiamenti scrivi ai capi.');
    expect(within(card).queryByRole('button')).not.toBeInTheDocument();
    const camp = screen.getByRole('article', { name: 'Campo estivo' });
    expect(camp).toHaveTextContent('Iscrizioni chiuse il 01/05/2099.');
    expect(within(camp).queryByRole('button')).not.toBeInTheDocument();
  });

  it('says so when no outing or camp is open to the children', async () => {
    render();
    expect(await screen.findByText('Per ora non ci sono uscite o campi aperti ai tuoi figli.')).toBeInTheDocument();
  });
});

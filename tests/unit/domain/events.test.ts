import { describe, expect, it } from 'vitest';
import { emptyCounter, eventSchema, isOpenTo, placesLeft, signupsClosed } from '@domain/events/event';
import { nextInLine, offerDeadline, offerExpired, signupStateText, waitingRank, type SignupState } from '@domain/events/event-signup';
import { italianDay } from '@domain/italian-time';

const event = {
  branches: ['Reparto', 'Clan'] as ('Branco' | 'Reparto' | 'Clan')[],
  closes_on: '2030-03-20',
  cancelled_at: null,
  places: 3,
};

describe('events', () => {
  it('is open to a child of its branches until the end of its closing day in Italy', () => {
    expect(isOpenTo(event, 'Reparto', '2030-03-19')).toBe(true);
    expect(isOpenTo(event, 'Reparto', '2030-03-20')).toBe(true);
    expect(isOpenTo(event, 'Reparto', '2030-03-21')).toBe(false);
    expect(isOpenTo(event, 'Branco', '2030-03-19')).toBe(false);
    expect(isOpenTo({ ...event, cancelled_at: new Date() }, 'Clan', '2030-03-19')).toBe(false);
    // 23:30 UTC on the closing day is already the next day in Rome.
    expect(signupsClosed(event, italianDay(new Date('2030-03-20T22:30:00Z')))).toBe(false);
    expect(signupsClosed(event, italianDay(new Date('2030-03-20T23:30:00Z')))).toBe(true);
  });

  it('counts the places neither confirmed nor offered', () => {
    expect(placesLeft(event, null)).toBe(3);
    expect(placesLeft(event, emptyCounter('e'))).toBe(3);
    expect(placesLeft(event, { confirmed: 2, offered: 0 })).toBe(1);
    expect(placesLeft(event, { confirmed: 2, offered: 1 })).toBe(0);
    expect(placesLeft({ places: 1 }, { confirmed: 3, offered: 0 })).toBe(0);
  });

  it('reads an event with its defaults and refuses no places or no branch', () => {
    const stored = {
      id: 'e',
      name: 'Campo estivo',
      branches: ['Reparto'],
      starts_at: '2030-07-20T09:00:00+02:00',
      ends_at: '2030-07-30T18:00:00+02:00',
      place: 'Val di Sole',
      places: 30,
      closes_on: '2030-06-15',
      price: 180,
      season: 2030,
      created_at: new Date(),
    };
    expect(eventSchema.parse(stored)).toMatchObject({ meeting_point: '', required_documents: [], cancelled_at: null });
    expect(eventSchema.safeParse({ ...stored, places: 0 }).success).toBe(false);
    expect(eventSchema.safeParse({ ...stored, branches: [] }).success).toBe(false);
    expect(eventSchema.safeParse({ ...stored, starts_at: '2030-07-20' }).success).toBe(false);
  });
});

describe('the waiting list', () => {
  const line = (state: SignupState, position: number | null, id = '') => ({ state, position, id });

  it('shows a waiting place counted among those still waiting', () => {
    const others = [line('waiting', 1), line('cancelled', 2), line('offered', 3), line('waiting', 4), line('waiting', 6)];
    expect(waitingRank(line('waiting', 6), others)).toBe(3);
    expect(waitingRank(line('waiting', 1), others)).toBe(1);
    expect(waitingRank(line('confirmed', null), others)).toBeNull();
    expect(signupStateText('waiting', 3)).toBe("In lista d'attesa, posizione 3");
    expect(signupStateText('confirmed', null)).toBe('Iscritto');
  });

  it('offers a freed place to the lowest waiting sequence number', () => {
    expect(nextInLine([line('waiting', 7, 'g'), line('offered', 2, 'b'), line('waiting', 5, 'e'), line('cancelled', 1, 'a')])?.id).toBe(
      'e',
    );
    expect(nextInLine([line('confirmed', null), line('cancelled', 1)])).toBeNull();
  });

  it('ends an offer after the hours given', () => {
    const now = new Date('2030-03-01T10:00:00Z');
    const until = offerDeadline(now, 48);
    expect(until.toISOString()).toBe('2030-03-03T10:00:00.000Z');
    const offered = { state: 'offered' as const, offered_until: until };
    expect(offerExpired(offered, new Date('2030-03-03T09:59:59Z'))).toBe(false);
    expect(offerExpired(offered, until)).toBe(true);
    expect(offerExpired({ state: 'confirmed', offered_until: null }, until)).toBe(false);
  });
});

import { describe, expect, it } from 'vitest';
import {
  costOf,
  eventFieldsSchema,
  eventIdOf,
  eventRevision,
  isoToItalianLocal,
  italianLocalToIso,
  quotaProductOf,
  sameEventFields,
  type EventFields,
} from '@domain/events/event-admin';

/** The rules of the admin's events (docs/events.md, "The admin's side"). */

const fields: EventFields = {
  name: 'Uscita di primavera',
  branches: ['Reparto', 'Clan'],
  startsAt: '2099-05-09T08:30',
  endsAt: '2099-05-10T17:00',
  place: 'Colle Verde',
  meetingPoint: '',
  places: 12,
  closesOn: '2099-05-01',
  cost: { kind: 'quota', price: { euros: 15 } },
  requiredDocuments: ['a', 'b'],
};

describe('event-admin', () => {
  it("reads 'Dal' and 'Al' as Rome's clock, summer time or not, and back", () => {
    expect(italianLocalToIso('2099-05-09T08:30')).toBe('2099-05-09T08:30:00+02:00');
    expect(italianLocalToIso('2099-12-24T18:00')).toBe('2099-12-24T18:00:00+01:00');
    expect(isoToItalianLocal('2099-12-24T17:00:00Z')).toBe('2099-12-24T18:00');
    expect(isoToItalianLocal(italianLocalToIso('2099-03-29T01:30'))).toBe('2099-03-29T01:30');
  });

  it('names an event after its name and season, with a suffix after a called-off namesake', () => {
    expect(eventIdOf('Uscita di Pàsqua!', 2099)).toBe('uscita-di-pasqua-2099');
    expect(eventIdOf('Uscita di Pasqua', 2099, 2)).toBe('uscita-di-pasqua-2099-2');
  });

  it("makes an outing's 'Quota' a season product of its name, branches and closing day, and reads it back", () => {
    const product = quotaProductOf(fields)!;
    expect(product).toEqual({
      name: 'Uscita di primavera',
      price: { euros: 15 },
      branches: ['Reparto', 'Clan'],
      sizes: false,
      closesOn: '2099-05-01',
    });
    expect(costOf({ name: fields.name, products: ['uscita-di-primavera'] }, [product])).toEqual(fields.cost);
    expect(costOf({ name: fields.name, products: ['campo-acconto', 'campo-saldo'] }, [])).toEqual({ kind: 'camp' });
    expect(costOf({ name: fields.name, products: [] }, [product])).toEqual({ kind: 'free' });
    expect(quotaProductOf({ ...fields, cost: { kind: 'camp' } })).toBeNull();
  });

  it('compares fields and revisions whatever the order of branches and documents', async () => {
    const reordered = { ...fields, branches: ['Clan', 'Reparto'] as EventFields['branches'], requiredDocuments: ['b', 'a'] };
    expect(sameEventFields(fields, reordered)).toBe(true);
    expect(await eventRevision(fields, false)).toBe(await eventRevision(reordered, false));
    expect(await eventRevision(fields, false)).not.toBe(await eventRevision({ ...fields, places: 13 }, false));
    expect(await eventRevision(fields, false)).not.toBe(await eventRevision(fields, true));
  });

  it('refuses an end before the start and sign-ups closing after the first day', () => {
    const messages = (overrides: Partial<EventFields>) =>
      eventFieldsSchema.safeParse({ ...fields, ...overrides }).error?.issues.map((issue) => issue.message) ?? [];
    expect(messages({})).toEqual([]);
    expect(messages({ endsAt: '2099-05-09T08:00' })).toEqual(["La fine dell'evento viene dopo l'inizio."]);
    expect(messages({ closesOn: '2099-05-10' })).toEqual(["La chiusura delle iscrizioni è al più tardi il giorno d'inizio."]);
  });
});

import { Timestamp, type Firestore } from 'firebase-admin/firestore';
import { SEASON } from '@config/season';

/**
 * An outing of the Reparto as admin-events stores it (src/domain/events/event.ts), `places` places, far in the
 * future so its sign-ups are open on any day the tests run; `fields` override any field.
 */
export async function writeEvent(db: Firestore, id: string, places: number, fields: Record<string, unknown> = {}): Promise<string> {
  await db
    .collection('events')
    .doc(id)
    .set({
      id,
      name: 'Uscita di primavera',
      branches: ['Reparto'],
      starts_at: '2099-05-09T08:30:00+02:00',
      ends_at: '2099-05-10T17:00:00+02:00',
      place: 'Campo base di Colle Verde',
      meeting_point: '',
      places,
      closes_on: '2099-12-31',
      products: [],
      required_documents: [],
      season: SEASON.campYear,
      created_at: Timestamp.now(),
      cancelled_at: null,
      ...fields,
    });
  return id;
}

import { fiscalCodeBirth, fiscalCodeSex } from '../fiscal-code-birth';

/**
 * The waiting list's rules (docs/product.md, "Waiting list"). Pure.
 */

/** What the Comunità capi decided of an application ('Lista d'attesa' in the admin). */
export const ADMISSION_OUTCOMES = ['Ammesso', 'Non ammesso', 'Rinviato'] as const;
export type AdmissionOutcome = (typeof ADMISSION_OUTCOMES)[number];

/** A child's birth as an application keeps it: day (yyyy-mm-dd) and sex, read from the fiscal code. */
export interface ChildBirth {
  birthDate: string;
  sex: 'M' | 'F';
}

/**
 * The birth day and sex the fiscal code `cf` carries (characters 7–11: the
 * day plus 40 for a woman), the century the one that puts the birth on or
 * before `today` (yyyy-mm-dd): a child on a waiting list is never a hundred.
 * Null when the code carries no readable birth day.
 */
export function childBirth(cf: string, today: string): ChildBirth | null {
  const birth = fiscalCodeBirth(cf);
  const sex = fiscalCodeSex(cf);
  if (!birth || !sex) return null;
  const thisYear = Number(today.slice(0, 4));
  const pad = (value: number) => String(value).padStart(2, '0');
  let year = Math.floor(thisYear / 100) * 100 + birth.yearInCentury;
  if (`${year}-${pad(birth.month)}-${pad(birth.day)}` > today) year -= 100;
  return { birthDate: `${year}-${pad(birth.month)}-${pad(birth.day)}`, sex };
}

/** An application as the order of the list reads it. */
export interface QueuedApplication {
  id: string;
  cohort: number;
  /** The group's number, given in the order applications joined the list. */
  number: number;
  /** Brothers or sisters already in the group, as the parent wrote them ('' for none). */
  siblings: string;
}

/**
 * The list of one cohort in the group's order: by the moment the
 * application joined the list (its number: given one after the other, so
 * two confirmed at once never share a place), earliest first; with
 * `siblingsFirst` (the group's choice), those naming brothers or sisters in
 * the group before the rest, each part in that order.
 */
export function waitingOrder<T extends QueuedApplication>(applications: readonly T[], { siblingsFirst }: { siblingsFirst: boolean }): T[] {
  const rank = (application: T) => (siblingsFirst && application.siblings.trim() !== '' ? 0 : 1);
  return [...applications].sort((a, b) => rank(a) - rank(b) || a.number - b.number);
}

/** The 1-based position of `id` in its cohort's list (waitingOrder), or null when it is not there. */
export function waitingPosition(
  applications: readonly QueuedApplication[],
  id: string,
  options: { siblingsFirst: boolean },
): number | null {
  const index = waitingOrder(applications, options).findIndex((application) => application.id === id);
  return index < 0 ? null : index + 1;
}

/** Days after which an application on the list is asked 'Confermi l'interesse?' again: a year. */
export const INTEREST_ASKED_EVERY_DAYS = 365;
/** Days the family has to answer it before the application leaves the list. */
export const INTEREST_ANSWER_DAYS = 30;

/** True when the yearly question was asked and not answered since. */
export function interestAwaitsAnswer({ askedAt, confirmedAt }: { askedAt: Date | null; confirmedAt: Date | null }): boolean {
  return askedAt !== null && (!confirmedAt || confirmedAt < askedAt);
}

/** What the yearly check does with an application on the list at `now`: ask, let it lapse, or nothing. */
export function interestStep(
  application: { appliedAt: Date; askedAt: Date | null; confirmedAt: Date | null },
  now: Date,
): 'ask' | 'lapse' | null {
  const day = 24 * 60 * 60_000;
  if (application.askedAt && interestAwaitsAnswer(application))
    return now.getTime() - application.askedAt.getTime() >= INTEREST_ANSWER_DAYS * day ? 'lapse' : null;
  const since = application.confirmedAt ?? application.appliedAt;
  return now.getTime() - since.getTime() >= INTEREST_ASKED_EVERY_DAYS * day ? 'ask' : null;
}

/** How many days a family has to accept a place offered ('Offri il posto'). */
export const ADMISSION_OFFER_DAYS = 7;

/**
 * The branch a child admitted on `today` (yyyy-mm-dd) enters, by the age on
 * 1 October of that year (when the scout year the child joins starts, or
 * started): the Branco until 11, the Reparto from 12 to 15, the Clan from 16.
 */
export function entryBranch(birthDate: string, today: string): 'Branco' | 'Reparto' | 'Clan' {
  const age = Number(today.slice(0, 4)) - Number(birthDate.slice(0, 4)) - (birthDate.slice(5) > '10-01' ? 1 : 0);
  return age < 12 ? 'Branco' : age < 16 ? 'Reparto' : 'Clan';
}

/** How the group numbers an application: 'LA-0007'. */
export function applicationNumberText(number: number): string {
  return `LA-${String(number).padStart(4, '0')}`;
}

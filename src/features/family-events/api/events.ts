import type { AnswerOf } from '@contracts/contract';
import { eventSignupContract } from '@contracts/event-signup';
import { familyEventsContract } from '@contracts/family-events';
import { callContract } from '@/lib/api/functions-client';

/** family-events' answer: the season's outings and camps open to the family's children (docs/api.md, "family-events"). */
export type FamilyEvents = AnswerOf<typeof familyEventsContract>;
export type FamilyEvent = FamilyEvents['events'][number];
export type FamilyEventChild = FamilyEvent['children'][number];
/** event-signup's answer: the child's sign-up after the action. */
export type SignupAnswer = AnswerOf<typeof eventSignupContract>;

/** The session's family's events. @throws UserFacingError with the function's Italian message. */
export function fetchFamilyEvents(): Promise<FamilyEvents> {
  return callContract(familyEventsContract, null);
}

/** 'Iscrivi', 'Annulla iscrizione' or 'Conferma il posto' for one child. @throws UserFacingError. */
export function changeSignup(action: 'signup' | 'cancel' | 'accept', eventId: string, childId: string): Promise<SignupAnswer> {
  return callContract(eventSignupContract, { action, eventId, childId });
}

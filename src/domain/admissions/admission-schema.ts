import { z } from 'zod';
import { timestamp } from '../collections';
import { ADMISSION_OUTCOMES } from './admission';

/**
 * The states of an application to the group's waiting list ('Lista d'attesa';
 * docs/product.md, "Waiting list"): `verifying` until the parent types the
 * code sent to their address, then `waiting` in its cohort; `offered` once
 * the group offered the place ('Offri il posto'), until the family accepts
 * (`accepted`: the child is in the roster) or the offer lapses (waiting again);
 * `lapsed` when the family did not answer the yearly 'Confermi l'interesse?'.
 */
export const ADMISSION_STATES = ['verifying', 'waiting', 'offered', 'accepted', 'lapsed'] as const;
export type AdmissionState = (typeof ADMISSION_STATES)[number];

/** A decision as recorded: the outcome, the meeting's day (yyyy-mm-dd), who recorded it and when. */
export const admissionDecisionSchema = z.object({
  outcome: z.enum(ADMISSION_OUTCOMES),
  meeting_date: z.string(),
  recorded_by: z.string(),
  recorded_at: timestamp,
});

/** The child an application is for: as typed, the fiscal code normalised, the birth day (yyyy-mm-dd) and sex read from it. */
export const admissionChildSchema = z.object({
  name: z.string(),
  surname: z.string(),
  cf: z.string(),
  birth_date: z.string(),
  sex: z.enum(['M', 'F']),
});

/** The parent who applies: name, fiscal code, the e-mail the code proved and a phone. */
export const admissionParentSchema = z.object({
  name: z.string(),
  surname: z.string(),
  cf: z.string(),
  email: z.string(),
  phone: z.string(),
});

/**
 * `admission_applications/{id}`, the id a keyed hash of the child's fiscal
 * code (one application per child; netlify/lib/admissions/admission-apply.ts):
 * `number`, the group's sequential number given when the e-mail is proved
 * (null before); `cohort`, the child's year of birth; `siblings`, brothers or
 * sisters already in the group as the parent wrote them; the code's hash,
 * tries and expiry while `verifying`; `applied_at`, when it joined the list;
 * `expires_at`, the TTL of an application never proved (null once waiting);
 * `decision`, the Comunità capi's last one (null before any).
 * Server only.
 */
export const admissionApplicationDocument = z.object({
  id: z.string(),
  state: z.enum(ADMISSION_STATES),
  number: z.number().int().nullable(),
  cohort: z.number().int(),
  child: admissionChildSchema,
  parent: admissionParentSchema,
  siblings: z.string(),
  note: z.string(),
  code_hash: z.string().nullable(),
  code_tries: z.number().int(),
  code_sent_at: timestamp.nullable(),
  created_at: timestamp,
  applied_at: timestamp.nullable(),
  expires_at: timestamp.nullable(),
  /** The Comunità capi's last decision, null before any. */
  decision: admissionDecisionSchema.nullable().default(null),
  /** Until when the place offered may be accepted; null when none is offered. */
  offered_until: timestamp.nullable().default(null),
  /** The roster's family the child joined on acceptance, and when; null before. */
  family_id: z.string().nullable().default(null),
  accepted_at: timestamp.nullable().default(null),
  /** The yearly 'Confermi l'interesse?': when it was last asked and last answered; when the application lapsed. */
  interest_asked_at: timestamp.nullable().default(null),
  interest_confirmed_at: timestamp.nullable().default(null),
  lapsed_at: timestamp.nullable().default(null),
});
export type AdmissionApplicationDocument = z.infer<typeof admissionApplicationDocument>;

/**
 * `admission_settings/list`: the group's order of the list, `siblings_first`
 * (brothers and sisters of children in the group before the others; none:
 * false), who changed it last and when. Server only.
 */
export const admissionSettingsDocument = z.object({
  siblings_first: z.boolean(),
  updated_at: timestamp,
  updated_by: z.string(),
});

/** `admission_counters/applications`: the last number given. Server only. */
export const admissionCounterDocument = z.object({ last: z.number().int() });

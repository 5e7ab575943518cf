import { z } from 'zod/mini';
import { ADMISSION_OUTCOMES } from '@domain/admissions/admission';
import { defineContract } from './contract';
import { documentId } from './fields';

/** One application as 'Lista d'attesa' lists it: the child, the parent's contacts, its place and the last decision. */
export const adminApplicationSchema = z.object({
  id: z.string(),
  number: z.string(),
  position: z.number(),
  childName: z.string(),
  birthDate: z.string(),
  parentName: z.string(),
  email: z.string(),
  phone: z.string(),
  siblings: z.string(),
  note: z.string(),
  appliedAt: z.iso.datetime(),
  /** 'waiting', or 'offered' until `offeredUntil` (ISO). */
  state: z.enum(['waiting', 'offered']),
  offeredUntil: z.nullable(z.iso.datetime()),
  decision: z.nullable(
    z.object({ outcome: z.enum(ADMISSION_OUTCOMES), meetingDate: z.string(), recordedBy: z.string(), recordedAt: z.iso.datetime() }),
  ),
});
export type AdminApplication = z.infer<typeof adminApplicationSchema>;

/** The waiting list by cohort (year of birth, oldest first), each in the group's order. */
export const admissionListSchema = z.object({
  /** 'Fratelli e sorelle prima': brothers and sisters of children in the group first. */
  siblingsFirst: z.boolean(),
  cohorts: z.array(z.object({ cohort: z.number(), applications: z.array(adminApplicationSchema) })),
});
export type AdmissionList = z.infer<typeof admissionListSchema>;

/**
 * admin-admissions, POST, permission `admissions` (docs/api.md,
 * "admin-admissions"; docs/admin.md, "Lista d'attesa"): the applications by
 * cohort ('list'), the Comunità capi's decision on one ('decide': the
 * outcome and the meeting's day), and 'Offri il posto' to an admitted one
 * ('offer': the family e-mailed a link to accept), audited; all answer the list.
 */
export const adminAdmissionsContract = defineContract({
  name: 'admin-admissions',
  method: 'POST',
  request: z.discriminatedUnion('action', [
    z.object({ action: z.literal('list') }),
    z.object({ action: z.literal('offer'), id: documentId }),
    z.object({ action: z.literal('order'), siblingsFirst: z.boolean() }),
    z.object({
      action: z.literal('decide'),
      id: documentId,
      outcome: z.enum(ADMISSION_OUTCOMES),
      meetingDate: z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/)),
    }),
  ]),
  answer: admissionListSchema,
  messages: {
    malformed: 'Richiesta non valida: scegli la decisione e il giorno della riunione della Comunità capi.',
    /** 404: the application is gone or no longer waiting. */
    notFound: "Questa domanda non è più nella lista d'attesa: ricarica la pagina.",
    /** 400: a meeting day in the future or not a day. */
    meetingDate: 'Il giorno della riunione non può essere nel futuro.',
    /** 409: 'Offri il posto' on an application the Comunità capi has not admitted. */
    notAdmitted: "Si può offrire il posto solo a una domanda con la decisione 'Ammesso'.",
    /** 409: the place is already offered (another volunteer, a moment ago). */
    alreadyOffered: 'Il posto è già stato offerto a questa famiglia.',
  },
});

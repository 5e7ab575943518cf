import { z } from 'zod/mini';
import { GROUP } from '@config/group';
import { defineContract } from './contract';
import { PARENT_MESSAGES } from './parent-messages';

const MESSAGES = {
  malformed: 'Richiesta non valida: controlla i campi e riprova.',
  name: 'Scrivi nome e cognome.',
  childCf: 'Inserisci il codice fiscale del bambino o della bambina: 16 caratteri, come sulla tessera sanitaria.',
  parentCf: PARENT_MESSAGES.invalidCf,
  email: 'Inserisci un indirizzo e-mail valido.',
  phone: 'Inserisci un numero di telefono (almeno sei cifre).',
  privacy: "Per iscrivere alla lista d'attesa serve la presa visione dell'informativa privacy.",
  /** 409: the child already has an application on the list. */
  duplicate: `Per questo bambino o bambina c'è già una domanda nella lista d'attesa: trovi numero e posizione nell'e-mail che ti abbiamo inviato. Per correggerla scrivi al gruppo (${GROUP.email}).`,
  /** 429: a code was sent less than a minute ago. */
  wait: 'Ti abbiamo appena inviato un codice: aspetta un minuto prima di chiederne un altro.',
  /** 404: nothing awaits a code (never asked, expired, or confirmed). */
  noPending: 'La domanda non è più in attesa di conferma: compila di nuovo il modulo.',
  wrongCode: "Il codice è errato: ricontrolla l'e-mail che ti abbiamo inviato.",
  expired: 'Il codice è scaduto: invia di nuovo la domanda per riceverne uno nuovo.',
  tooManyTries: 'Troppi tentativi errati: invia di nuovo la domanda per ricevere un nuovo codice.',
  signInMailSpent: PARENT_MESSAGES.signInMailSpent,
} as const;

const text = (max: number) => z.string().check(z.trim(), z.maxLength(max));
const person = { name: text(60), surname: text(60), cf: z.string().check(z.maxLength(64)) };

/** An application's place on the list: its number ('LA-0007'), its cohort (year of birth) and 1-based position in it. */
export const admissionPlaceSchema = z.object({
  number: z.string(),
  cohort: z.number(),
  position: z.number(),
  childName: z.string(),
  appliedAt: z.iso.datetime(),
});
export type AdmissionPlace = z.infer<typeof admissionPlaceSchema>;

/**
 * admission-apply ('Iscrivi alla lista d\'attesa', /lista-attesa; docs/api.md,
 * "admission-apply"): `apply` checks the application and e-mails a code to the
 * parent's address (`code-sent`, with the pending application's id); `confirm`
 * with that code puts it on the list (`applied`, its place) and e-mails the
 * number, the position and the link that shows them later.
 */
export const admissionApplyContract = defineContract({
  name: 'admission-apply',
  method: 'POST',
  request: z.discriminatedUnion('step', [
    z.object({
      step: z.literal('apply'),
      parent: z.object({ ...person, email: text(200), phone: text(40) }),
      child: z.object(person),
      siblings: z._default(text(300), ''),
      note: z._default(text(1000), ''),
      privacyAccepted: z.boolean(),
    }),
    z.object({ step: z.literal('confirm'), pendingId: z.string().check(z.minLength(1), z.maxLength(128)), code: text(12) }),
  ]),
  answer: z.discriminatedUnion('status', [
    z.object({ status: z.literal('code-sent'), pendingId: z.string(), email: z.string(), minutes: z.number() }),
    z.object({ status: z.literal('applied'), place: admissionPlaceSchema }),
  ]),
  messages: MESSAGES,
});

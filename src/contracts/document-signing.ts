import { z } from 'zod/mini';
import { PARENT_MESSAGES } from './parent-messages';

/**
 * What the parents' signing contracts share (docs/documents.md, "Signing"
 * and "Withdrawing"): the messages of family-documents,
 * request-signature-code, sign-document and withdraw-consent, declared once
 * for the functions and the screen, and the fields they read alike.
 */
export const SIGNING_MESSAGES = {
  sessionExpired: PARENT_MESSAGES.sessionExpired,
  signInMailSpent: PARENT_MESSAGES.signInMailSpent,
  /** 404: the document is gone, retired, of another season, or concerns none of the children named. */
  documentNotFound: 'Documento non trovato: aggiorna la pagina.',
  /** 403: a child of another family, or one the document does not concern. */
  otherChild: 'Puoi firmare solo per i tuoi figli a cui il documento è rivolto.',
  /** 400: a choice without a level, or a level the document does not offer. */
  choiceNeeded: 'Scegli una delle opzioni prima di firmare.',
  /** 400: a delegation without names. */
  delegatesNeeded: 'Scrivi nome e cognome delle persone delegate al ritiro.',
  /** 409: what the browser showed is not the document's current text (edited since, or a new version). */
  documentChanged: 'Il documento è stato aggiornato: rileggilo e firma di nuovo.',
  /** 409: this parent already holds a signature of this version for every child named. */
  alreadySigned: 'Hai già firmato questo documento.',
  /** 409: the parent has no e-mail on record, so no code can be sent. */
  noEmail: 'Non abbiamo un tuo indirizzo e-mail: scrivi al gruppo per aggiungerlo, poi potrai firmare.',
  /** 429: too many codes asked for in an hour. */
  tooManyCodes: 'Hai chiesto troppi codici di firma: riprova tra un’ora.',
  /** 429: the day's wrong codes are spent (SIGNING_WRONG_TRIES_PER_DAY): no code is sent nor checked until tomorrow. */
  tooManyWrongCodes: 'Troppi codici di firma sbagliati oggi: potrai firmare di nuovo domani.',
  /** 404: no such request of this parent. */
  requestNotFound: 'Richiesta di firma non trovata: premi di nuovo «Firma».',
  /** 401: a wrong code. */
  wrongCode: 'Codice non valido: controlla l’e-mail e riprova.',
  /** 410: expired, or out of tries. */
  codeExpired: 'Il codice è scaduto: premi di nuovo «Firma» per riceverne uno nuovo.',
  /** 404: no signature of this parent with that id. */
  signatureNotFound: 'Firma non trovata: aggiorna la pagina.',
  /** 403: the other parent's signature. */
  notYourSignature: 'Puoi revocare solo le firme che hai dato tu.',
} as const;

/** A SHA-256 as 64 lowercase hex digits (textDigest). */
export const sha256Field = z.string().check(z.regex(/^[0-9a-f]{64}$/, { error: SIGNING_MESSAGES.documentChanged }));

/** What the browser showed for one child: the child and the SHA-256 of the text on screen. */
export const shownText = z.object({ childId: z.string().check(z.minLength(1), z.maxLength(128)), textSha256: sha256Field });

import { randomInt, timingSafeEqual } from 'node:crypto';
import { Timestamp, type Firestore, type Transaction } from 'firebase-admin/firestore';
import { SIGNING_MESSAGES } from '@contracts/document-signing';
import { childDocument, type ChildDocument } from '@domain/roster/child-schema';
import { COLLECTION } from '@domain/collections';
import { parentDocument, type ParentDocument } from '@domain/roster/parent-schema';
import { groupDocumentSchema, type GroupDocument } from '@domain/documents/group-document';
import { documentSignatureSchema, type DocumentSignature } from '@domain/documents/document-signature';
import { textDigest } from '@domain/documents/document-text';
import {
  signatureRequestSchema,
  signatureSlotId,
  SIGNING_CODE_MINUTES,
  SIGNING_CODE_TRIES,
  type SignatureRequest,
} from '@domain/documents/signature-request';
import { italianDateTime } from '@domain/italian-time';
import { maskEmail } from '../access/access-codes';
import { readSnapshot } from '../platform/snapshots';
import { documentConcerns, fullName, readSigningContext, textFor } from './family-documents';
import { runTransaction } from '../platform/firestore';
import { refuseSpentSignInMail } from '../platform/mail/sign-in-allowance';
import { HttpError } from '../platform/http';
import { enqueueMail } from '../platform/mail/outbox';
import type { MailContext } from '../platform/mail/layout';
import { consentWithdrawnMail, documentSignedMail, signatureCodeMail } from './signature-mails';
import { checkCodeAllowed, isLocked, lockedError, readSigningSpent, writeSigningSpent, type SigningSpent } from './signing-allowance';
import { keyedHash } from '../platform/secret-keys';
import type { FamilySession } from '../platform/session';

/**
 * Signing a group document (docs/documents.md, "Signing" and "Withdrawing";
 * docs/security.md, "The signing code"): 'Firma' stores a pending request
 * with a fresh six-digit code e-mailed to the signing parent (kept as an
 * HMAC under SESSION_SECRET's 'signing-code' key, SIGNING_CODE_TRIES wrong tries,
 * SIGNING_CODE_MINUTES); 'Conferma' spends it and writes one signature per
 * child in one transaction, at ids every confirmation of the same
 * signature meets on (signatureSlotId); 'Revoca' sets `withdrawn_at` once.
 */

const M = SIGNING_MESSAGES;

/** The HMAC of a request's code: the database alone never reveals a code. */
const codeHash = (requestId: string, code: string) => keyedHash('signing-code', `sign:${requestId}:${code}`).toString('hex');

const sameHash = (a: string, b: string) => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

/** What the browser showed for each child: the SHA-256 of the text on screen. */
export type Shown = ReadonlyArray<{ childId: string; textSha256: string }>;

/** What 'Firma' asks: the document, the texts shown, the level (a choice) and the delegates (a delegation). */
export interface SigningAsk {
  documentId: string;
  shown: Shown;
  choice: string | null;
  delegates: string;
}

/** The choice and delegates a document of `kind` keeps from the request. @throws HttpError 400 when one it needs is missing. */
function checkedAnswers(document: GroupDocument, choice: string | null, delegates: string): { choice: string | null; delegates: string } {
  if (document.kind === 'choice') {
    if (choice === null || !document.choices.includes(choice)) throw new HttpError(400, M.choiceNeeded);
    return { choice, delegates: '' };
  }
  if (document.kind === 'delegation') {
    if (delegates.trim().length < 3) throw new HttpError(400, M.delegatesNeeded);
    return { choice: null, delegates: delegates.trim() };
  }
  return { choice: null, delegates: '' };
}

/** Each child's text's SHA-256, by child id. @throws HttpError 409 `documentChanged` when one differs from what the browser showed. */
async function digestsMatching(
  document: GroupDocument,
  children: readonly ChildDocument[],
  parent: ParentDocument,
  answers: { choice: string | null; delegates: string },
  shown: Shown,
): Promise<Record<string, string>> {
  const digests: Record<string, string> = {};
  for (const child of children) {
    const digest = await textDigest(textFor(document, child, parent, answers.choice, answers.delegates));
    if (shown.find((entry) => entry.childId === child.id)?.textSha256 !== digest) throw new HttpError(409, M.documentChanged);
    digests[child.id] = digest;
  }
  return digests;
}

/**
 * 'Firma': checks the document concerns each child named (the session's
 * family's), the level or delegates, and that the texts the server renders
 * are those shown; then, in one transaction that spends the parent's
 * allowance (./signing-allowance.ts), stores the request and e-mails its
 * code to the session's parent. Children this parent already signed for
 * are left out.
 * @throws HttpError 401/403/404/409/429 with SIGNING_MESSAGES.
 */
export async function requestSigningCode(
  db: Firestore,
  session: FamilySession,
  ask: SigningAsk,
  mail: MailContext,
  now = new Date(),
): Promise<{ requestId: string; sentTo: string; mailId: string | null }> {
  const context = await readSigningContext(db, session.familyId);
  const parent = context?.parents.find((candidate) => candidate.id === session.parentId);
  if (!context || !parent) throw new HttpError(401, M.sessionExpired);
  const document = context.documents.find((candidate) => candidate.id === ask.documentId);
  if (!document) throw new HttpError(404, M.documentNotFound);
  const childIds = [...new Set(ask.shown.map((entry) => entry.childId))];
  const children = childIds.map((id) => context.children.find((child) => child.id === id));
  if (children.some((child) => !child || !documentConcerns(context, document, child))) throw new HttpError(403, M.otherChild);
  const answers = checkedAnswers(document, ask.choice, ask.delegates);
  const signedByMe = (child: ChildDocument) =>
    context.signatures.some(
      (s) => s.document_id === document.id && s.child_id === child.id && s.parent_id === parent.id && !s.withdrawn_at,
    );
  const unsigned = (children as ChildDocument[]).filter((child) => !signedByMe(child));
  const digests = await digestsMatching(document, unsigned, parent, answers, ask.shown);
  if (unsigned.length === 0) throw new HttpError(409, M.alreadySigned);
  if (!parent.email) throw new HttpError(409, M.noEmail);
  const ref = db.collection(COLLECTION.signatureRequests).doc();
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  const sentTo = maskEmail(parent.email);
  const content = signatureCodeMail({ code, minutes: SIGNING_CODE_MINUTES, title: document.title, children: unsigned.map(fullName) }, mail);
  // The allowance is read and spent in the transaction that stores the request: 'Firma' pressed ten times at once counts ten.
  const mailId = await runTransaction(db, async (transaction) => {
    const spent = await readSigningSpent(transaction, db, parent.id, now);
    checkCodeAllowed(spent, now);
    await refuseSpentSignInMail(db, transaction, [parent.email!], now);
    transaction.create(ref, {
      family_id: session.familyId,
      parent_id: parent.id,
      document_id: document.id,
      child_ids: unsigned.map((child) => child.id),
      ...answers,
      digests,
      code_hash: codeHash(ref.id, code),
      tries: 0,
      code_sent_to: sentTo,
      created_at: Timestamp.fromDate(now),
      expires_at: Timestamp.fromMillis(now.getTime() + SIGNING_CODE_MINUTES * 60_000),
      // A Firestore TTL policy on delete_at deletes requests (docs/deploy.md), a day on: a retried 'Conferma' still finds its answer.
      delete_at: Timestamp.fromMillis(now.getTime() + 24 * 60 * 60_000),
      spent_at: null,
      signature_ids: {},
    });
    writeSigningSpent(transaction, { ...spent, sent: [...spent.sent, now] }, now);
    return enqueueMail(db, transaction, { kind: 'signature-code', to: [parent.email!], content, familyId: session.familyId }, now);
  });
  return { requestId: ref.id, sentTo, mailId };
}

/** A confirmation's outcome: the signatures by child, the copy's e-mail to deliver; or a wrong code counted (`locked`: it spent the day's last try). */
type Confirmation =
  | { ok: true; signatures: Array<{ childId: string; signatureId: string; signedAt: Date }>; mailId: string | null }
  | { ok: false; locked: boolean };

/** The request `requestId` of the session's parent. @throws HttpError 404 when missing or another parent's. */
async function readRequest(transaction: Transaction, db: Firestore, session: FamilySession, requestId: string): Promise<SignatureRequest> {
  const snapshot = await transaction.get(db.collection(COLLECTION.signatureRequests).doc(requestId));
  const stored = readSnapshot(signatureRequestSchema, snapshot);
  if (!stored || stored.parent_id !== session.parentId || stored.family_id !== session.familyId)
    throw new HttpError(404, M.requestNotFound);
  return { ...stored, id: snapshot.id };
}

/** The already spent request's answer: its signatures as written. */
async function spentAnswer(transaction: Transaction, db: Firestore, request: SignatureRequest): Promise<Confirmation> {
  const refs = Object.values(request.signature_ids).map((id) => db.collection(COLLECTION.documentSignatures).doc(id));
  const snapshots = refs.length > 0 ? await transaction.getAll(...refs) : [];
  const signatures = snapshots.flatMap((snapshot) => {
    const signature = readSnapshot(documentSignatureSchema, snapshot);
    return signature ? [{ childId: signature.child_id, signatureId: snapshot.id, signedAt: signature.signed_at }] : [];
  });
  return { ok: true, signatures, mailId: null };
}

/** The slot of each child's signature: the one this parent holds on the version, else the first free one (slots read first: a transaction reads before it writes). */
async function slotsOf(transaction: Transaction, db: Firestore, request: SignatureRequest) {
  const slots: Array<{ childId: string; id: string; holding: DocumentSignature | null }> = [];
  for (const childId of request.child_ids) {
    for (let slot = 1; ; slot++) {
      const id = signatureSlotId(request.document_id, childId, request.parent_id, slot);
      const snapshot = await transaction.get(db.collection(COLLECTION.documentSignatures).doc(id));
      const stored = readSnapshot(documentSignatureSchema, snapshot);
      if (!stored || stored.withdrawn_at === null) {
        slots.push({ childId, id, holding: stored && { ...stored, id } });
        break;
      }
    }
  }
  return slots;
}

/** What the confirmation reads: the version, the children and the parent as they are now. @throws HttpError 409 when the version was retired. */
async function readSigned(transaction: Transaction, db: Firestore, request: SignatureRequest) {
  const [documentSnapshot, parentSnapshot, ...childSnapshots] = await transaction.getAll(
    db.collection(COLLECTION.groupDocuments).doc(request.document_id),
    db.collection(COLLECTION.parents).doc(request.parent_id),
    ...request.child_ids.map((id) => db.collection(COLLECTION.sons).doc(id)),
  );
  const stored = readSnapshot(groupDocumentSchema, documentSnapshot!);
  const parent = readSnapshot(parentDocument, parentSnapshot!);
  const children = childSnapshots.map((snapshot) => readSnapshot(childDocument, snapshot));
  if (!stored || stored.retired_at !== null || !parent || children.some((child) => !child)) throw new HttpError(409, M.documentChanged);
  return { document: { ...stored, id: documentSnapshot!.id }, parent, children: children as ChildDocument[] };
}

/** A wrong code, counted on the request and on the parent's day; `locked` when it was the day's last. */
function countWrongCode(
  transaction: Transaction,
  requestRef: FirebaseFirestore.DocumentReference,
  request: SignatureRequest,
  spent: SigningSpent,
  now: Date,
): Confirmation {
  transaction.update(requestRef, { tries: request.tries + 1 });
  const counted = { ...spent, wrongTries: spent.wrongTries + 1 };
  writeSigningSpent(transaction, counted, now);
  return { ok: false, locked: isLocked(counted) };
}

/**
 * 'Conferma': in one transaction, checks the code (a wrong one counted on
 * the request and on the parent's day: signing-allowance.ts), the
 * texts against the request's and the browser's digests, then writes one
 * signature per child (or finds the one this parent already holds: a
 * second press, a retry, two tabs), spends the request and writes the
 * e-mail with the PDF copies. A spent request answers its signatures again.
 * @throws HttpError 404, 409 `documentChanged`, 410 expired, 429
 * `tooManyWrongCodes` once the day's wrong codes are spent.
 */
export async function confirmSigning(
  db: Firestore,
  session: FamilySession,
  input: { requestId: string; code: string; shown: Shown },
  mail: MailContext,
  now = new Date(),
): Promise<Confirmation> {
  return runTransaction(db, async (transaction) => {
    const request = await readRequest(transaction, db, session, input.requestId);
    const right = sameHash(request.code_hash, codeHash(request.id, input.code));
    if (request.spent_at) {
      if (!right) throw new HttpError(401, M.wrongCode);
      return spentAnswer(transaction, db, request);
    }
    const spent = await readSigningSpent(transaction, db, session.parentId, now);
    // A locked day compares no code, right or wrong (the access code's rule).
    if (isLocked(spent)) throw lockedError(now);
    if (request.expires_at <= now || request.tries >= SIGNING_CODE_TRIES) throw new HttpError(410, M.codeExpired);
    const requestRef = db.collection(COLLECTION.signatureRequests).doc(request.id);
    if (!right) return countWrongCode(transaction, requestRef, request, spent, now);
    const { document, parent, children } = await readSigned(transaction, db, request);
    const digests = await digestsMatching(document, children, parent, request, input.shown);
    if (children.some((child) => digests[child.id] !== request.digests[child.id])) throw new HttpError(409, M.documentChanged);
    const slots = await slotsOf(transaction, db, request);
    const written = slots.filter((slot) => slot.holding === null);
    for (const slot of written) {
      const child = children.find((candidate) => candidate.id === slot.childId)!;
      const signature: Omit<DocumentSignature, 'id' | 'signed_at'> = {
        document_id: document.id,
        document_key: document.key,
        version: document.version,
        season: document.season,
        family_id: request.family_id,
        child_id: child.id,
        parent_id: parent.id,
        signer_name: fullName(parent),
        text: textFor(document, child, parent, request.choice, request.delegates),
        text_sha256: digests[child.id]!,
        choice: request.choice,
        delegates: request.delegates,
        code_sent_to: request.code_sent_to,
        withdrawn_at: null,
      };
      transaction.create(db.collection(COLLECTION.documentSignatures).doc(slot.id), { ...signature, signed_at: Timestamp.fromDate(now) });
    }
    const signatureIds = Object.fromEntries(slots.map((slot) => [slot.childId, slot.id]));
    transaction.update(requestRef, { spent_at: Timestamp.fromDate(now), signature_ids: signatureIds });
    const mailId =
      written.length > 0 && parent.email
        ? enqueueMail(
            db,
            transaction,
            {
              kind: 'document-signed',
              to: [parent.email],
              content: documentSignedMail(
                {
                  title: document.title,
                  children: written.map((slot) => fullName(children.find((child) => child.id === slot.childId)!)),
                  signer: fullName(parent),
                  signedAt: italianDateTime(now),
                  choice: request.choice,
                },
                mail,
              ),
              familyId: request.family_id,
              attachments: written.map((slot) => ({ kind: 'signature' as const, signature_id: slot.id })),
            },
            now,
          )
        : null;
    return {
      ok: true,
      signatures: slots.map((slot) => ({ childId: slot.childId, signatureId: slot.id, signedAt: slot.holding?.signed_at ?? now })),
      mailId,
    };
  });
}

/**
 * 'Revoca': sets `withdrawn_at` on the session's parent's signature
 * `signatureId` and writes the confirming e-mail, in one transaction; a
 * signature already withdrawn answers its time and writes nothing.
 * @throws HttpError 404 (none, or another family's), 403 (the other parent's).
 */
export async function withdrawSignature(
  db: Firestore,
  session: FamilySession,
  signatureId: string,
  mail: MailContext,
  now = new Date(),
): Promise<{ withdrawnAt: Date; mailId: string | null }> {
  return runTransaction(db, async (transaction) => {
    const ref = db.collection(COLLECTION.documentSignatures).doc(signatureId);
    const signature = readSnapshot(documentSignatureSchema, await transaction.get(ref));
    if (!signature || signature.family_id !== session.familyId) throw new HttpError(404, M.signatureNotFound);
    if (signature.parent_id !== session.parentId) throw new HttpError(403, M.notYourSignature);
    if (signature.withdrawn_at) return { withdrawnAt: signature.withdrawn_at, mailId: null };
    const [parentSnapshot, childSnapshot] = await transaction.getAll(
      db.collection(COLLECTION.parents).doc(signature.parent_id),
      db.collection(COLLECTION.sons).doc(signature.child_id),
    );
    const parent = readSnapshot(parentDocument, parentSnapshot!);
    const child = readSnapshot(childDocument, childSnapshot!);
    transaction.update(ref, { withdrawn_at: Timestamp.fromDate(now) });
    const title = signature.text.split('\n')[0] ?? signature.document_id;
    const mailId = parent?.email
      ? enqueueMail(
          db,
          transaction,
          {
            kind: 'consent-withdrawn',
            to: [parent.email],
            content: consentWithdrawnMail(
              {
                title,
                child: child ? fullName(child) : signature.child_id,
                signer: signature.signer_name,
                withdrawnAt: italianDateTime(now),
              },
              mail,
            ),
            familyId: signature.family_id,
          },
          now,
        )
      : null;
    return { withdrawnAt: now, mailId };
  });
}

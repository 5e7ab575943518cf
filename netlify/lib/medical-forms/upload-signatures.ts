import { Timestamp, type Firestore } from 'firebase-admin/firestore';
import { getSignatureContract } from '@contracts/get-signature';
import { COLLECTION } from '@domain/collections';
import { uploadSignaturesDocument } from '@domain/medical-forms/upload-signatures-schema';
import { italianDay, italianMidnight } from '@domain/italian-time';
import { MAX_UPLOAD_SIGNATURES_PER_DAY } from '@domain/medical-forms/medical-form';
import { readSnapshot } from '../platform/snapshots';
import { runTransaction } from '../platform/firestore';
import { HttpError } from '../platform/http';

/** The day after `day` (yyyy-mm-dd). */
function nextDay(day: string): string {
  const date = new Date(`${day}T12:00:00Z`);
  date.setUTCDate(date.getUTCDate() + 1);
  return date.toISOString().slice(0, 10);
}

/**
 * Counts one medical-form upload signature for `child` at `now`
 * (get-signature; docs/api.md, "get-signature and record-medical-form"):
 * at most MAX_UPLOAD_SIGNATURES_PER_DAY a child and a day in Italy, kept in
 * `upload_signatures/{childId}_{day}` and counted in a transaction, so
 * requests at the same moment, on any instance, never pass the limit
 * together. Each signature is an upload Cloudinary may receive and nobody
 * records (the retention deletes those a day later).
 * @throws HttpError 429 with getSignatureContract's `tooManySignatures` and Retry-After (the
 * seconds to midnight in Italy) once the day's signatures are spent.
 */
export async function spendUploadSignature(db: Firestore, child: { id: string; name: string }, now: Date = new Date()): Promise<void> {
  const day = italianDay(now);
  const ref = db.collection(COLLECTION.uploadSignatures).doc(`${child.id}_${day}`);
  const midnight = italianMidnight(nextDay(day));
  await runTransaction(db, async (transaction) => {
    const count = readSnapshot(uploadSignaturesDocument, await transaction.get(ref))?.count ?? 0;
    if (count >= MAX_UPLOAD_SIGNATURES_PER_DAY) {
      const retryAfter = Math.max(1, Math.ceil((midnight.getTime() - now.getTime()) / 1000));
      throw new HttpError(429, getSignatureContract.messages.tooManySignatures(child.name), { 'Retry-After': String(retryAfter) });
    }
    transaction.set(ref, {
      child_id: child.id,
      day,
      count: count + 1,
      expires_at: Timestamp.fromMillis(midnight.getTime() + 24 * 60 * 60 * 1000),
    });
  });
}

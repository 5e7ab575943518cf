import { Timestamp, type Firestore } from 'firebase-admin/firestore';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import documentSignatureRetention from '../../../netlify/functions/document-signature-retention';
import { SIGNATURES_PER_TRANSACTION } from '../../../netlify/lib/documents/signature-retention';
import { PRIVACY } from '@config/privacy';
import { italianMidnight } from '@domain/italian-time';
import { signatureDeletionDay } from '@domain/documents/signature-retention';
import { clearDb, useEmulatorDb } from '../../support/server-db';

/**
 * The signatures' retention (docs/privacy.md, "Signatures"): the daily
 * function deletes a season's signatures once their time has come, audited
 * by 'sistema', and nothing of a later season.
 */

const PROJECT = 'demo-signature-retention';
let db: Firestore;

beforeAll(async () => {
  db = await useEmulatorDb(PROJECT);
});
beforeEach(async () => {
  await clearDb(PROJECT);
  vi.spyOn(console, 'log').mockImplementation(() => {});
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

/** Writes `count` signatures of `season` for the Rossi family, as the signing function would. */
async function storeSignatures(season: number, count: number) {
  const batch = db.batch();
  for (let index = 0; index < count; index += 1) {
    batch.set(db.collection('document_signatures').doc(`sig-${season}-${index}`), {
      document_id: `uscite-${season}-v1`,
      document_key: `uscite-${season}`,
      version: 1,
      season,
      family_id: 'family-rossi',
      child_id: `son-${index}`,
      parent_id: 'parent-rossi-mario',
      signer_name: 'Mario Rossi',
      text: 'Autorizzo Marco alle uscite.',
      text_sha256: 'a'.repeat(64),
      choice: null,
      delegates: '',
      signed_at: Timestamp.fromDate(new Date(`${season}-10-05T10:00:00Z`)),
      code_sent_to: 'm•••@e•••.com',
      withdrawn_at: null,
    });
  }
  await batch.commit();
}

async function runAt(at: Date) {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(at);
  try {
    const response = await documentSignatureRetention();
    return { status: response.status, body: (await response.json()) as unknown };
  } finally {
    vi.useRealTimers();
  }
}

const seasonsLeft = async () => (await db.collection('document_signatures').get()).docs.map((doc) => Number(doc.get('season')));
const audits = async () =>
  (await db.collection('audit_log').where('action', '==', 'document_signature.retention').get()).docs.map((doc) => doc.data());

describe('document-signature-retention', () => {
  const dueAt = italianMidnight(signatureDeletionDay(2024, PRIVACY));

  it('keeps every signature the day before a season is due', async () => {
    await storeSignatures(2024, 2);
    await storeSignatures(2025, 1);
    expect(await runAt(new Date(dueAt.getTime() - 1000))).toEqual({ status: 200, body: { upToSeason: 2023, deleted: [] } });
    expect(await seasonsLeft()).toHaveLength(3);
    expect(await audits()).toEqual([]);
  });

  it("deletes a season's signatures on its day, more than one transaction's worth, audited by 'sistema', and nothing later", async () => {
    await storeSignatures(2023, 3);
    await storeSignatures(2024, SIGNATURES_PER_TRANSACTION + 5);
    await storeSignatures(2025, 2);
    const { body } = await runAt(dueAt);
    expect(body).toEqual({
      upToSeason: 2024,
      deleted: [
        { season: 2023, signatures: 3 },
        { season: 2024, signatures: SIGNATURES_PER_TRANSACTION + 5 },
      ],
    });
    expect(await seasonsLeft()).toEqual([2025, 2025]);
    const entries = await audits();
    expect(entries.length).toBe(2);
    expect(entries.every((entry) => (entry.actor as { uid: string }).uid === 'system')).toBe(true);
    expect(entries.reduce((sum, entry) => sum + (entry.before as { count: number }).count, 0)).toBe(SIGNATURES_PER_TRANSACTION + 8);
  });

  it('two runs at once delete and audit each signature once', async () => {
    await storeSignatures(2024, 30);
    await Promise.all([runAt(dueAt), documentSignatureRetentionAtSameTime(dueAt)]);
    expect(await seasonsLeft()).toEqual([]);
    const entries = await audits();
    expect(entries.reduce((sum, entry) => sum + (entry.before as { count: number }).count, 0)).toBe(30);
  });
});

/** A second run at `at` started without waiting for the first (fake Date already set by the first). */
async function documentSignatureRetentionAtSameTime(at: Date) {
  vi.setSystemTime(at);
  return documentSignatureRetention();
}

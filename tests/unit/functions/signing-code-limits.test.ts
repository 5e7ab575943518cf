import type { Firestore } from 'firebase-admin/firestore';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { SEASON } from '@config/season';
import { renderDocumentText, textDigest } from '@domain/documents/document-text';
import { resetToDemoData, useEmulatorDb } from '../../support/server-db';
import { testInbox } from '../../support/mail-inbox';
import {
  clearDemoDocuments,
  FIXTURE_DOCUMENTS,
  giveVerdiAddresses,
  VERDI,
  writeFixtureDocument,
} from '../../support/group-document-fixtures';
import { parentCaller, signingCodeSentTo, storedSignatures } from '../../support/signing-calls';

/**
 * The signing code's allowance (docs/security.md, "The signing code"),
 * counted in the transaction that spends it: six codes an hour per parent
 * however many 'Firma' arrive at once, and ten wrong codes a day over all
 * the parent's requests, after which no code is sent nor checked.
 */

const PROJECT = 'demo-signing-code-limits';
let db: Firestore;
let addresses: { paolo: string; elena: string };
let tests = 0;

beforeAll(async () => {
  db = await useEmulatorDb(PROJECT);
});
beforeEach(async () => {
  await resetToDemoData(db, PROJECT);
  await clearDemoDocuments(db);
  addresses = await giveVerdiAddresses(db, `limits${Date.now()}-${tests++}`);
  vi.spyOn(console, 'info').mockImplementation(() => {});
});
afterEach(() => vi.restoreAllMocks());

const paolo = () => parentCaller(VERDI.familyId, VERDI.paolo.id);
const TOO_MANY_CODES = 'Hai chiesto troppi codici di firma: riprova tra un’ora.';
const LOCKED = 'Troppi codici di firma sbagliati oggi: potrai firmare di nuovo domani.';

/** The 'uscite' document for Matteo as Paolo's screen shows it. */
async function uscite() {
  const documentId = await writeFixtureDocument(db, 'uscite', SEASON.campYear);
  const text = renderDocumentText(FIXTURE_DOCUMENTS.uscite, { child: 'Matteo Verdi', parent: 'Paolo Verdi', delegates: '' }, null);
  return { documentId, shown: [{ childId: VERDI.matteo, textSha256: await textDigest(text) }] };
}

const codesTo = async (address: string) =>
  (await testInbox().messagesTo(address)).filter((mail) => mail.subject.startsWith('Codice per firmare'));

describe('the signing code allowance', () => {
  it("ten 'Firma' at once: six codes are stored and e-mailed, the four beyond the hour's allowance answer 429", async () => {
    const ask = await uscite();
    const answers = await Promise.all(Array.from({ length: 10 }, () => paolo().requestCode(ask)));
    const served = answers.filter((answer) => answer.status === 200);
    const refused = answers.filter((answer) => answer.status === 429);
    expect(served).toHaveLength(6);
    expect(refused).toHaveLength(4);
    for (const answer of refused) expect(answer.body.error).toBe(TOO_MANY_CODES);
    const stored = await db.collection('signature_requests').where('parent_id', '==', VERDI.paolo.id).get();
    expect(stored.size).toBe(6);
    expect(await codesTo(addresses.paolo)).toHaveLength(6);
    // The hour stays spent for the next press.
    expect(await paolo().requestCode(ask)).toMatchObject({ status: 429, body: { error: TOO_MANY_CODES } });
  });

  it('ten wrong codes over two requests lock the day: the tenth answers 429, a right code is then refused and no new code is sent', async () => {
    const ask = await uscite();
    const first = await paolo().requestCode(ask);
    await signingCodeSentTo(addresses.paolo);
    const second = await paolo().requestCode(ask);
    await vi.waitFor(async () => expect(await codesTo(addresses.paolo)).toHaveLength(2));
    const third = await paolo().requestCode(ask);
    await vi.waitFor(async () => expect(await codesTo(addresses.paolo)).toHaveLength(3));
    const codes = (await codesTo(addresses.paolo)).map((mail) => /\b(\d{6})\b/.exec(mail.text)![1]!);
    const thirdCode = codes.at(-1)!;
    // A code none of the three requests drew.
    const wrong = ['000000', '111111', '222222', '333333'].find((candidate) => !codes.includes(candidate))!;
    const statuses: number[] = [];
    for (const request of [first, second]) {
      for (let attempt = 0; attempt < 5; attempt++) {
        statuses.push((await paolo().sign({ requestId: request.body.requestId, code: wrong, shown: ask.shown })).status);
      }
    }
    expect(statuses).toEqual([...Array<number>(9).fill(401), 429]);
    const right = await paolo().sign({ requestId: third.body.requestId, code: thirdCode, shown: ask.shown });
    expect(right).toMatchObject({ status: 429, body: { error: LOCKED } });
    expect(await storedSignatures(db, ask.documentId)).toHaveLength(0);
    expect(await paolo().requestCode(ask)).toMatchObject({ status: 429, body: { error: LOCKED } });
    expect(await codesTo(addresses.paolo)).toHaveLength(3);
  });

  it('ten wrong codes at once on one request count five, and the request is spent', async () => {
    const ask = await uscite();
    const requested = await paolo().requestCode(ask);
    const code = await signingCodeSentTo(addresses.paolo);
    const wrong = code === '000000' ? '111111' : '000000';
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => paolo().sign({ requestId: requested.body.requestId, code: wrong, shown: ask.shown })),
    );
    expect(answers.filter((answer) => answer.status === 401)).toHaveLength(5);
    expect(answers.filter((answer) => answer.status === 410)).toHaveLength(5);
    const limits = await db.collection('signing_limits').doc(VERDI.paolo.id).get();
    expect(limits.get('wrong_tries')).toBe(5);
  });
});

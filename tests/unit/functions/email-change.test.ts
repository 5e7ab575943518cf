import { PARENT_MESSAGES } from '@contracts/parent-messages';
import { randomUUID } from 'node:crypto';
import { beforeEach, describe, expect, it } from 'vitest';
import adminEmailChange from '../../../netlify/functions/admin-email-change';
import changeParentEmail from '../../../netlify/functions/change-parent-email';
import { readRosterIndex } from '../../../netlify/lib/roster/roster-index';
import { adminEmailChangeContract } from '@contracts/admin-email-change';
import { changeParentEmailContract } from '@contracts/change-parent-email';
import { adminFunctionTestbed } from '../../support/admin-function';
import { sessionCookie } from '../../support/family-session';
import { browserRequest, functionContext } from '../../support/function-context';
import { testInbox } from '../../support/mail-inbox';

const MESSAGES = changeParentEmailContract.messages;
const bed = adminFunctionTestbed('demo-email-change', adminEmailChange, 'admin-email-change');
/** Fresh addresses per test, so no other test's mail is read as this one's. */
let paoloEmail = '';
let newEmail = '';

beforeEach(async () => {
  const tag = randomUUID().slice(0, 8);
  paoloEmail = `paolo.verdi+${tag}@example.com`;
  newEmail = `paolo.nuovo+${tag}@example.com`;
  await bed.db().collection('parents').doc('parent-verdi-paolo').update({ email: paoloEmail });
});

const PAOLO = () => sessionCookie('family-verdi', 'parent-verdi-paolo');

/** change-parent-email called as Netlify calls it, with Paolo's session unless told; waits for its e-mails. */
async function call(body: unknown, cookie?: string) {
  const context = functionContext();
  const response = await changeParentEmail(
    browserRequest('http://localhost/.netlify/functions/change-parent-email', {
      method: 'POST',
      headers: { cookie: cookie ?? (await PAOLO()) },
      body: JSON.stringify(body),
    }),
    context,
  );
  await context.settled();
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

const paolo = async () => (await bed.db().collection('parents').doc('parent-verdi-paolo').get()).data();
const auditOf = async (action: string) =>
  (await bed.db().collection('audit_log').where('action', '==', action).get()).docs.map((doc) => doc.data());

/** The 6-digit code of the message to `address` with `subject`. */
async function codeIn(address: string, subject: string): Promise<string> {
  const message = await testInbox().waitFor((mail) => mail.to.includes(address) && mail.subject === subject);
  const code = /\b(\d{6})\b/.exec(message.text)?.[1];
  if (!code) throw new Error(`no code in: ${message.text}`);
  return code;
}
const newCode = () => codeIn(newEmail, 'Conferma il tuo nuovo indirizzo e-mail');
const oldCode = () => codeIn(paoloEmail, 'Conferma il cambio del tuo indirizzo e-mail');
const other = (code: string) => (code === '000000' ? '000001' : '000000');
const toldOld = () => testInbox().waitFor((mail) => mail.to.includes(paoloEmail) && mail.subject === 'Il tuo indirizzo e-mail è cambiato');

describe('change-parent-email: both codes', () => {
  it('sends a code to each address; the change lands only with both, the index too, the old address told, audited', async () => {
    const sent = await call({ email: ` ${newEmail.toUpperCase()} ` });
    expect(sent).toEqual({ status: 200, body: { status: 'code-sent', email: 'p•••@e•••.com', oldEmail: 'p•••@e•••.com', minutes: 10 } });
    const [code, old] = [await newCode(), await oldCode()];
    const pending = (await bed.db().collection('email_changes').doc('parent-verdi-paolo').get()).data();
    expect(JSON.stringify(pending)).not.toContain(code);
    expect(JSON.stringify(pending)).not.toContain(old);

    expect((await call({ code })).status).toBe(400);
    expect(await call({ code, oldCode: code === old ? other(old) : code })).toEqual({ status: 400, body: { error: MESSAGES.wrongOld } });
    expect(await call({ code: old === code ? other(code) : old, oldCode: old })).toEqual({ status: 400, body: { error: MESSAGES.wrong } });
    expect((await paolo())?.email).toBe(paoloEmail);

    const heldBefore = await PAOLO();
    expect(await call({ code, oldCode: old }, heldBefore)).toEqual({ status: 200, body: { status: 'changed', email: newEmail } });
    expect((await paolo())?.email).toBe(newEmail);
    expect((await readRosterIndex(bed.db())).parents.find((parent) => parent.id === 'parent-verdi-paolo')?.email).toBe(newEmail);
    const told = await toldOld();
    expect(told.text).toContain('p•••@e•••.com');
    expect(told.text).not.toContain(newEmail);
    const [entry] = await auditOf('family.parent_contact_change');
    expect(entry).toMatchObject({ actor: { uid: 'parent:parent-verdi-paolo' }, before: { email: paoloEmail }, after: { email: newEmail } });
    // The change signs out every session of the parent (endParentSessions): the cookie it was made with is no longer one.
    expect(await call({ code, oldCode: old }, heldBefore)).toEqual({ status: 401, body: { error: PARENT_MESSAGES.sessionExpired } });
  });

  it('counts wrong codes of either address and ends the change after five', async () => {
    await call({ email: newEmail });
    const [code, old] = [await newCode(), await oldCode()];
    const tries = [
      { code: other(code), oldCode: old },
      { code, oldCode: other(old) },
      { code: other(code), oldCode: other(old) },
      { code, oldCode: other(old) },
    ];
    for (const attempt of tries) expect((await call(attempt)).status).toBe(400);
    expect(await call({ code, oldCode: other(old) })).toEqual({ status: 429, body: { error: MESSAGES.tooManyTries } });
    expect(await call({ code, oldCode: old })).toEqual({ status: 404, body: { error: MESSAGES.noChange } });
    expect((await paolo())?.email).toBe(paoloEmail);
    expect(await auditOf('family.parent_contact_change')).toHaveLength(0);
  });

  it('refuses an expired code, another code within a minute, the same address and a malformed one', async () => {
    expect((await call({ email: newEmail })).status).toBe(200);
    expect(await call({ email: newEmail })).toEqual({ status: 429, body: { error: MESSAGES.wait } });
    const [code, old] = [await newCode(), await oldCode()];
    await bed
      .db()
      .collection('email_changes')
      .doc('parent-verdi-paolo')
      .update({ expires_at: new Date(Date.now() - 1000) });
    expect(await call({ code, oldCode: old })).toEqual({ status: 400, body: { error: MESSAGES.expired } });
    expect(await call({ email: paoloEmail })).toEqual({ status: 400, body: { error: MESSAGES.same } });
    expect(await call({ email: 'non-una-email' })).toEqual({ status: 400, body: { error: MESSAGES.email } });
    expect((await call({ code: '12ab', oldCode: '123456' })).status).toBe(400);
  });

  it("refuses a volunteer's address before any code leaves, and at confirmation when the address got a role meanwhile", async () => {
    const capo = `capo.verdi+${randomUUID().slice(0, 8)}@example.com`;
    await bed.auth().account(capo, { role: 'capo', branches: ['Reparto'] });
    expect(await call({ email: capo.toUpperCase() })).toEqual({ status: 409, body: { error: MESSAGES.staffEmail } });
    expect(await testInbox().messagesTo(capo)).toEqual([]);
    expect((await bed.db().collection('email_changes').doc('parent-verdi-paolo').get()).exists).toBe(false);

    await call({ email: newEmail });
    const [code, old] = [await newCode(), await oldCode()];
    await bed.auth().account(newEmail, { role: 'tesoriere' });
    expect(await call({ code, oldCode: old })).toEqual({ status: 409, body: { error: MESSAGES.staffEmail } });
    expect((await paolo())?.email).toBe(paoloEmail);
  });

  it("a code is good only for its own parent: another family's session cannot spend it", async () => {
    await call({ email: newEmail });
    const [code, old] = [await newCode(), await oldCode()];
    const rossi = await sessionCookie('family-rossi', 'parent-rossi-mario');
    expect(await call({ code, oldCode: old }, rossi)).toEqual({ status: 404, body: { error: MESSAGES.noChange } });
    // A token naming Paolo in the Rossi family is no live session (session-validity.ts): 401, nothing spent.
    expect((await call({ code, oldCode: old }, await sessionCookie('family-rossi', 'parent-verdi-paolo'))).status).toBe(401);
    expect((await paolo())?.email).toBe(paoloEmail);
  });
});

describe("change-parent-email and admin-email-change: the group's confirmation", () => {
  /** Paolo proves the new address and asks the group; the old address's code is never used. */
  async function askGroup() {
    await call({ email: newEmail });
    const code = await newCode();
    expect(await call({ code: other(code), askGroup: true })).toEqual({ status: 400, body: { error: MESSAGES.wrong } });
    expect(await call({ code, askGroup: true })).toEqual({ status: 200, body: { status: 'awaiting-group', email: newEmail } });
    expect(await call({ code, oldCode: await oldCode() })).toEqual({ status: 409, body: { error: MESSAGES.awaitingGroup } });
    expect((await paolo())?.email).toBe(paoloEmail);
  }

  it('lists the change on the family, refuses a role without the roster, and lands it once confirmed: the old address told, audited', async () => {
    await askGroup();
    expect((await bed.call({ action: 'list', familyId: 'family-verdi' }, bed.tokens.leader)).status).toBe(403);
    const listed = await bed.call({ action: 'list', familyId: 'family-verdi' });
    expect(listed.body.changes).toEqual([
      { parentId: 'parent-verdi-paolo', name: 'Paolo Verdi', oldEmail: paoloEmail, newEmail, requestedAt: expect.any(String) },
    ]);
    expect((await bed.call({ action: 'list', familyId: 'family-rossi' })).body.changes).toEqual([]);
    const wrongFamily = await bed.call({ action: 'confirm', familyId: 'family-rossi', parentId: 'parent-verdi-paolo' });
    expect(wrongFamily).toEqual({ status: 404, body: { error: adminEmailChangeContract.messages.noChange } });

    const confirmed = await bed.call({ action: 'confirm', familyId: 'family-verdi', parentId: 'parent-verdi-paolo' });
    await bed.settled();
    expect(confirmed).toEqual({ status: 200, body: { changes: [] } });
    expect((await paolo())?.email).toBe(newEmail);
    await toldOld();
    const [entry] = await auditOf('family.email_change_confirm');
    expect(entry).toMatchObject({ actor: { email: 'tesoriere@example.com' }, before: { email: paoloEmail }, after: { email: newEmail } });
    expect((await bed.call({ action: 'confirm', familyId: 'family-verdi', parentId: 'parent-verdi-paolo' })).status).toBe(404);
  });

  it('a refused change is gone and the address stays, audited', async () => {
    await askGroup();
    const refused = await bed.call({ action: 'refuse', familyId: 'family-verdi', parentId: 'parent-verdi-paolo' }, bed.tokens.admin);
    expect(refused).toEqual({ status: 200, body: { changes: [] } });
    expect((await paolo())?.email).toBe(paoloEmail);
    expect((await bed.db().collection('email_changes').doc('parent-verdi-paolo').get()).exists).toBe(false);
    expect(await auditOf('family.email_change_refuse')).toHaveLength(1);
  });

  it('a parent with no address gets one code and can only ask the group', async () => {
    await bed.db().collection('parents').doc('parent-verdi-paolo').update({ email: null });
    expect(await call({ email: newEmail })).toEqual({
      status: 200,
      body: { status: 'code-sent', email: 'p•••@e•••.com', oldEmail: null, minutes: 10 },
    });
    const code = await newCode();
    expect(await call({ code, oldCode: '123456' })).toEqual({ status: 400, body: { error: MESSAGES.noOldEmail } });
    expect((await call({ code, askGroup: true })).body.status).toBe('awaiting-group');
  });
});

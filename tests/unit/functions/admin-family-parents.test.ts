import { randomUUID } from 'node:crypto';
import { Timestamp } from 'firebase-admin/firestore';
import { beforeEach, describe, expect, it } from 'vitest';
import adminFamily from '../../../netlify/functions/admin-family';
import { computeFiscalCode } from '../../../emulators/seed/seed';
import { adminFamilyContract } from '@contracts/admin-family';
import { adminFunctionTestbed } from '../../support/admin-function';
import { testInbox } from '../../support/mail-inbox';
import adminRosterImport from '../../../netlify/functions/admin-roster-import';
import { ROSTER_MESSAGES, type RosterRow } from '@domain/roster/roster';
import { browserRequest, functionContext } from '../../support/function-context';
import { demoRosterRows } from '../../support/roster-rows';

/**
 * admin-family's parents (docs/security.md, "Admin actions and the audit
 * log"): a parent added or changed by the group is told to the family's
 * other parents (and to the changed parent's previous address) through the
 * outbox; a volunteer's address with a role cannot be a parent's.
 */
const bed = adminFunctionTestbed('demo-admin-family-parents', adminFamily, 'admin-family');
let elenaEmail = '';
let paoloEmail = '';
let tag = '';

beforeEach(async () => {
  tag = randomUUID().slice(0, 8);
  elenaEmail = `elena.verdi+${tag}@example.com`;
  paoloEmail = `paolo.verdi+${tag}@example.com`;
  await bed.db().collection('parents').doc('parent-verdi-elena').update({ email: elenaEmail });
  await bed.db().collection('parents').doc('parent-verdi-paolo').update({ email: paoloEmail });
});

const PAOLO = { surname: 'Verdi', name: 'Paolo', cf: 'VRDPLA78S23H501P', email: '', phone: '+39 333 100 0003' };
const giulia = () => ({
  surname: 'Neri',
  name: 'Giulia',
  cf: computeFiscalCode({ name: 'Giulia', surname: 'Neri', gender: 'F', birthDate: '1980-03-03' }),
  email: `giulia.neri+${tag}@example.com`,
  phone: '',
});
const verdiMail = async () =>
  (await bed.db().collection('mail').where('family_id', '==', 'family-verdi').get()).docs
    .map((doc) => doc.data())
    .filter((mail) => mail.kind === 'family-parent-edited');
const parentsOfVerdi = async () => (await bed.db().collection('parents').where('family_id', '==', 'family-verdi').get()).size;

describe('admin-family: the family is told', () => {
  it("a parent's e-mail and phone changed: the other parent and the old address are told what changed, by the group", async () => {
    const newEmail = `paolo.altro+${tag}@example.com`;
    const changed = await bed.call({
      change: { kind: 'updateParent', parentId: 'parent-verdi-paolo', parent: { ...PAOLO, email: newEmail, phone: '340 1112223' } },
    });
    await bed.settled();
    expect(changed).toEqual({ status: 200, body: { familyId: 'family-verdi' } });
    const toElena = await testInbox().waitFor(
      (mail) => mail.to.includes(elenaEmail) && mail.subject === 'I dati di un genitore della tua famiglia sono cambiati',
    );
    expect(toElena.text).toContain('il gruppo ha modificato i dati di Paolo Verdi');
    expect(toElena.text).toContain(`e-mail: ${newEmail}`);
    expect(toElena.text).toContain('telefono: 340 1112223');
    expect(toElena.to).toContain(paoloEmail);
    expect(toElena.to).not.toContain(newEmail);
    expect(await verdiMail()).toHaveLength(1);
  });

  it('a parent added: the parents already there are told', async () => {
    const added = await bed.call({ change: { kind: 'addParent', familyId: 'family-verdi', parent: giulia() } }, bed.tokens.admin);
    await bed.settled();
    expect(added.status).toBe(200);
    const told = await testInbox().waitFor(
      (mail) => mail.to.includes(elenaEmail) && mail.subject === 'Un genitore è stato aggiunto alla tua famiglia',
    );
    expect(told.to.sort()).toEqual([elenaEmail, paoloEmail].sort());
    expect(told.text).toContain('il gruppo ha aggiunto Giulia Neri come genitore della vostra famiglia');
    expect(told.text).toContain(`e-mail: ${giulia().email}`);
  });

  it('a parent saved with nothing changed: no e-mail', async () => {
    expect(
      (await bed.call({ change: { kind: 'updateParent', parentId: 'parent-verdi-paolo', parent: { ...PAOLO, email: paoloEmail } } }))
        .status,
    ).toBe(200);
    expect(await verdiMail()).toEqual([]);
  });
});

describe("admin-family: a volunteer's address is not a parent's", () => {
  it("refuses an account's address whose claims give a role, in any case, and writes nothing", async () => {
    const before = await parentsOfVerdi();
    const refused = await bed.call({
      change: { kind: 'addParent', familyId: 'family-verdi', parent: { ...giulia(), email: 'Tesoriere@Example.com' } },
    });
    expect(refused).toEqual({ status: 409, body: { error: adminFamilyContract.messages.staffEmail } });
    const self = await bed.call({
      change: { kind: 'updateParent', parentId: 'parent-verdi-paolo', parent: { ...PAOLO, email: 'ADMIN@example.com' } },
    });
    expect(self.status).toBe(409);
    expect(await parentsOfVerdi()).toBe(before);
    expect((await bed.db().collection('parents').doc('parent-verdi-paolo').get()).get('email')).toBe(paoloEmail);
    expect(await verdiMail()).toEqual([]);
    expect((await bed.db().collection('audit_log').where('action', 'in', ['family.parent_add', 'family.parent_update']).get()).size).toBe(
      0,
    );
  });

  it("refuses a staff_accounts record's address with a role; an account with no role is no volunteer", async () => {
    const address = `capo.reparto+${tag}@example.com`;
    await bed
      .db()
      .collection('staff_accounts')
      .doc(`uid-${tag}`)
      .set({
        uid: `uid-${tag}`,
        email: address,
        staff: { role: 'capo', branches: ['Reparto'] },
        valid_since: 0,
        invited_at: null,
        invited_by: null,
        invitation_sent_at: null,
        invitations: 0,
        updated_at: Timestamp.now(),
      });
    const refused = await bed.call({
      change: { kind: 'updateParent', parentId: 'parent-verdi-paolo', parent: { ...PAOLO, email: address.toUpperCase() } },
    });
    expect(refused.status).toBe(409);
    // 'genitore@example.com' is an account of the Auth emulator with no role (adminFunctionTestbed).
    const plain = await bed.call({
      change: { kind: 'updateParent', parentId: 'parent-verdi-paolo', parent: { ...PAOLO, email: 'genitore@example.com' } },
    });
    expect(plain.status).toBe(200);
  });
});

describe("admin-roster-import: the family is told, a volunteer's address refused", () => {
  /** The Verdi rows of the demo roster file, with Elena's and Paolo's addresses as this test stored them unless `paolo` says otherwise. */
  const verdiRows = (paolo: string) =>
    demoRosterRows()
      .filter((row) => row.cells.Cognome === 'Verdi')
      .map((row): RosterRow => ({
        ...row,
        cells: { ...row.cells, 'Email Genitore 1': paolo, 'Email Genitore 2': elenaEmail },
      }));
  const importRoster = async (body: Record<string, unknown>) => {
    const context = functionContext();
    const response = await adminRosterImport(
      browserRequest('http://localhost/.netlify/functions/admin-roster-import', {
        method: 'POST',
        headers: { authorization: `Bearer ${bed.tokens.admin}` },
        body: JSON.stringify({ fileName: 'censimento.xlsx', archive: [], ...body }),
      }),
      context,
    );
    await context.settled();
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  };

  it('a file that changes a parent tells the other parent and the old address; the same file again tells nobody', async () => {
    const rows = verdiRows(`paolo.altro+${tag}@example.com`);
    expect(rows[0]?.cells['Nome Genitore 1']).toBe('Paolo');
    expect(await importRoster({ action: 'commit', rows })).toMatchObject({ status: 200, body: { updated: 1, errors: [] } });
    const told = await testInbox().waitFor(
      (mail) => mail.to.includes(elenaEmail) && mail.subject === 'I dati di un genitore della tua famiglia sono cambiati',
    );
    expect(told.to.sort()).toEqual([elenaEmail, paoloEmail].sort());
    expect(told.text).toContain(`e-mail: paolo.altro+${tag}@example.com`);
    expect(await importRoster({ action: 'commit', rows })).toMatchObject({ status: 200, body: { updated: 0, unchanged: 1 } });
    expect(await verdiMail()).toHaveLength(1);
  });

  it("shows a volunteer's address as an error of its row in the preview, and the commit writes nothing of it", async () => {
    const rows = verdiRows('Tesoriere@Example.com');
    const preview = await importRoster({ action: 'preview', rows });
    const message = ROSTER_MESSAGES.staffEmail('tesoriere@example.com');
    expect(preview.body.errors).toEqual(rows.map((row) => ({ row: row.row, column: 'Email Genitore 1', message })));
    expect(await importRoster({ action: 'commit', rows })).toMatchObject({ status: 200, body: { updated: 0 } });
    expect((await bed.db().collection('parents').doc('parent-verdi-paolo').get()).data()?.email).toBe(paoloEmail);
    expect(await verdiMail()).toEqual([]);
  });
});

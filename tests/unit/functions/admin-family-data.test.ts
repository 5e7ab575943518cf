import { PDFDocument } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import adminFamilyData from '../../../netlify/functions/admin-family-data';
import lookupFamily from '../../../netlify/functions/lookup-family';
import { adminFunctionTestbed } from '../../support/admin-function';
import { sessionHeaders } from '../../support/family-session';
import { functionContext } from '../../support/function-context';
import { mediaEmulatorTestbed } from '../../support/stored-medical-form';
import { SEASON } from '../../../src/config/season';

/**
 * A family's rights (docs/privacy.md): 'Esporta dati' gives everything the
 * portal holds, as JSON and PDF; 'Elimina famiglia' erases the people and
 * their forms and keeps the payments for the books without names.
 */

const PROJECT = 'demo-family-data';
const testbed = adminFunctionTestbed(PROJECT, adminFamilyData, 'admin-family-data');
const media = mediaEmulatorTestbed();
const BIANCHI_CF = 'BNCNNA84L45B114C';

async function raw(body: unknown, token = testbed.tokens.admin) {
  return adminFamilyData(
    new Request('http://localhost/.netlify/functions/admin-family-data', {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
      body: JSON.stringify(body),
    }),
    functionContext(),
  );
}

const lookup = async (cf: string) =>
  lookupFamily(
    new Request('http://localhost/.netlify/functions/lookup-family', {
      method: 'POST',
      headers: await sessionHeaders({ cf }),
      body: JSON.stringify({ cf }),
    }),
    functionContext(),
  );

describe('admin-family-data', () => {
  it("exports the Bianchi family's people, payments and forms as JSON and as a PDF, each audited", async () => {
    await media.storeForm(testbed.db(), 'son-bianchi-sara', SEASON.campYear);
    const json = await raw({ familyId: 'family-bianchi', action: 'export' });
    expect(json.status).toBe(200);
    expect(json.headers.get('content-disposition')).toBe('attachment; filename="dati-famiglia-family-bianchi.json"');
    const data = (await json.json()) as Record<string, { name?: string; cf?: string; total_amount?: number; medical_forms?: unknown[] }[]>;
    expect(data.parents?.map((parent) => parent.cf)).toEqual([BIANCHI_CF]);
    expect(data.children?.map((child) => [child.name, child.medical_forms?.length])).toEqual([['Sara', 1]]);
    expect(data.payments?.map((payment) => payment.total_amount)).toEqual([100]);

    const pdf = await raw({ familyId: 'family-bianchi', action: 'exportPdf' });
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    const document = await PDFDocument.load(new Uint8Array(await pdf.arrayBuffer()));
    expect(document.getTitle()).toBe('Dati della famiglia Bianchi');

    const audit = await testbed.db().collection('audit_log').where('action', '==', 'family.export').get();
    expect(audit.size).toBe(2);
  });

  it('erases the Bianchi family: the lookup no longer finds it, the payment keeps its amount without names, the form is gone', async () => {
    const form = await media.storeForm(testbed.db(), 'son-bianchi-sara', SEASON.campYear);
    expect((await lookup(BIANCHI_CF)).status).toBe(200);

    const erased = await testbed.call({ familyId: 'family-bianchi', action: 'erase' }, testbed.tokens.admin);
    expect(erased).toEqual({ status: 200, body: { parents: 1, children: 1, forms: 1, payments: 1 } });

    expect((await lookup(BIANCHI_CF)).status).toBe(404);
    expect(media.isStored(form)).toBe(false);
    const db = testbed.db();
    expect((await db.collection('sons').doc('son-bianchi-sara').get()).exists).toBe(false);
    expect((await db.collection('families').doc('family-bianchi').get()).exists).toBe(false);
    const payments = await db.collection('payments').where('family_id', '==', 'family-bianchi').get();
    expect(payments.docs.map((payment) => [payment.get('total_amount'), payment.get('status'), payment.get('family_surname')])).toEqual([
      [100, 'Confermato', 'Famiglia eliminata family-bianchi'],
    ]);
    expect(JSON.stringify(payments.docs.map((payment) => payment.get('lines')))).not.toContain('Sara');
    const items = await db.collection('order_items').where('family_id', '==', 'family-bianchi').get();
    expect(JSON.stringify(items.docs.map((item) => item.data()))).not.toMatch(/Sara|Bianchi"/);
    const index = await db.collection('roster_index').get();
    expect(JSON.stringify(index.docs.map((shard) => shard.data()))).not.toContain(BIANCHI_CF);
    const audit = await db.collection('audit_log').where('action', '==', 'family.erase').get();
    expect(audit.docs.map((entry) => entry.get('actor.email'))).toEqual(['admin@example.com']);

    // Pressed again (or at the same moment elsewhere): the family is gone.
    expect((await testbed.call({ familyId: 'family-bianchi', action: 'erase' }, testbed.tokens.admin)).status).toBe(404);
  });

  it('refuses a family with a Bonifico to verify (409), the treasurer and a capo (403)', async () => {
    expect(await testbed.call({ familyId: 'family-verdi', action: 'erase' }, testbed.tokens.admin)).toEqual({
      status: 409,
      body: { error: 'La famiglia ha bonifici da verificare: confermali o annullali prima di eliminarla.' },
    });
    for (const token of [testbed.tokens.treasurer, testbed.tokens.leader]) {
      expect((await testbed.call({ familyId: 'family-bianchi', action: 'export' }, token)).status).toBe(403);
    }
    expect((await testbed.db().collection('families').doc('family-verdi').get()).exists).toBe(true);
  });
});

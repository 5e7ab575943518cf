import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { checkGroupConfig } from '@config/group-config';
import { GROUP } from '@config/group';
import { RECEIPT_ISSUER } from '@config/receipt';

/** group.config.json (docs/deploy.md, "The group's identity"): the file in the repository is valid, and a wrong field is named. */

const file = async () => JSON.parse(await readFile('group.config.json', 'utf8')) as Record<string, unknown>;

describe('group.config.json', () => {
  it('is valid as committed, and is what the portal reads', async () => {
    const config = checkGroupConfig(await file());
    expect(config).toMatchObject(GROUP);
    expect(RECEIPT_ISSUER).toEqual({
      name: config.name,
      fiscalCode: config.fiscalCode,
      address: config.address,
      footer: config.receiptFooter,
      stampDuty: config.stampDuty,
    });
    // The demo group is a registered third-sector body: exempt, its legal basis printed.
    expect(config.stampDuty).toEqual({ mode: 'exempt', basis: expect.stringContaining('D.Lgs. 117/2017') });
  });

  it('charges the stamp duty when the file says nothing, and wants the legal basis of an exemption', async () => {
    const { stampDuty: _ignored, ...rest } = await file();
    expect(checkGroupConfig(rest).stampDuty).toEqual({ mode: 'charged', statement: 'assolta in modo virtuale' });
    expect(() => checkGroupConfig({ ...rest, stampDuty: { mode: 'exempt', basis: '' } })).toThrowError(
      /group\.config\.json: stampDuty\.basis: /,
    );
  });

  it('names each wrong field: a bad IBAN, a link without https, a missing fiscal code', async () => {
    const broken = {
      ...(await file()),
      bankAccount: { holder: 'Gruppo Scout', iban: 'IT60X0542811101000000123457' },
      links: { ...((await file()).links as object), social: 'facebook.com/example' },
      fiscalCode: undefined,
    };
    expect(() => checkGroupConfig(broken)).toThrowError(/group\.config\.json: fiscalCode: /);
    expect(() => checkGroupConfig(broken)).toThrowError(/group\.config\.json: bankAccount\.iban: IBAN non valido/);
    expect(() => checkGroupConfig(broken)).toThrowError(/group\.config\.json: links\.social: un indirizzo completo/);
  });
});

import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Contract } from '@contracts/contract';

/**
 * One contract per function (docs/architecture.md, "Contracts",
 * "To add a function"): every file of netlify/functions that answers HTTP
 * exports as its default a contract function (contractFunction or a wrapper
 * of it: adminContractFunction, fiscalCodeContractFunction) built on the
 * contract of src/contracts/{its file name}.ts, whose `name` is its file
 * name. A scheduled function (`config.schedule`) takes no request and is
 * left out. So a function cannot be added without its contract.
 */

const ROOT = path.resolve(import.meta.dirname, '../../..');
const FUNCTIONS = path.join(ROOT, 'netlify/functions');
const CONTRACTS = path.join(ROOT, 'src/contracts');

/**
 * Functions of the other parts of the work not yet on their contract in
 * this branch: the list empties as they move (each entry fails the test
 * once its function has a contract, so it cannot go stale).
 */
/** The files of netlify/functions, by name without '.ts', each with its source. */
async function functionSources(): Promise<Array<{ name: string; source: string }>> {
  const files = (await readdir(FUNCTIONS)).filter((file) => file.endsWith('.ts')).sort();
  return Promise.all(files.map(async (file) => ({ name: file.slice(0, -3), source: await readFile(path.join(FUNCTIONS, file), 'utf8') })));
}

const isScheduled = (source: string) => /export const config\b[^;]*\bschedule\s*:/s.test(source);

/**
 * The contract a function's default export is built on: the identifier of
 * `export default someContractFunction(xContract, …)`, and the module it is
 * imported from. Null when the default export is not such a call.
 */
function declaredContract(source: string): { wrapper: string; contract: string; from: string | null } | null {
  const call = /export default\s+(\w+)\(\s*(\w+)\s*,/.exec(source);
  if (!call) return null;
  const [, wrapper = '', contract = ''] = call;
  const from = new RegExp(`import\\s*\\{[^}]*\\b${contract}\\b[^}]*\\}\\s*from\\s*'([^']+)'`).exec(source)?.[1] ?? null;
  return { wrapper, contract, from };
}

const sources = await functionSources();
const answering = sources.filter(({ source }) => !isScheduled(source));

describe('one contract per function', () => {
  it('finds the functions, the scheduled ones apart', () => {
    expect(answering.length).toBeGreaterThan(20);
    expect(sources.filter(({ source }) => isScheduled(source)).map(({ name }) => name)).toEqual([
      'admission-interest-check',
      'admission-offer-expiry',
      'admission-retention',
      'document-signature-retention',
      'event-offer-expiry',
      'mail-outbox',
      'medical-form-retention',
    ]);
  });

  it.each(answering)('$name is a contract function on its own contract of src/contracts, named as its file', async ({ name, source }) => {
    const declared = declaredContract(source);
    expect(declared, `${name}: export default contractFunction(contract, …)`).not.toBeNull();
    expect(declared?.wrapper, name).toMatch(/^(contractFunction|\w+ContractFunction)$/);
    expect(declared?.from, `${name} imports ${declared?.contract} from its own contract module`).toBe(`@contracts/${name}`);
    const module = (await import(path.join(CONTRACTS, `${name}.ts`))) as Record<string, Contract | undefined>;
    const contract = module[declared?.contract ?? ''];
    expect(contract?.name, `${declared?.contract}.name`).toBe(name);
    expect(['POST', 'GET']).toContain(contract?.method);
  });

  it('every contract of src/contracts names a function that exists', async () => {
    // Modules the contracts share: fields, messages several functions answer, a request's part, the first 'Trova's endpoints.
    const shared = [
      'contract.ts',
      'fields.ts',
      'payment-file.ts',
      'parents.ts',
      'parent-messages.ts',
      'family-access-endpoints.ts',
      'fiscal-code-messages.ts',
      'medical-form-messages.ts',
      'order-request.ts',
      'document-signing.ts',
      'request-messages.ts',
    ];
    const files = (await readdir(CONTRACTS)).filter((file) => file.endsWith('.ts') && !shared.includes(file));
    for (const file of files) {
      const module = (await import(path.join(CONTRACTS, file))) as Record<string, unknown>;
      const contracts = Object.values(module).filter(
        (value): value is Contract =>
          typeof value === 'object' && value !== null && 'name' in value && 'method' in value && 'answer' in value,
      );
      expect(
        contracts.map((contract) => contract.name),
        file,
      ).toEqual([file.slice(0, -3)]);
    }
  });
});

import { ESLint } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, expect, it } from 'vitest';

/**
 * The layout's boundaries are lint errors (eslint.config.js,
 * docs/architecture.md): a file planted where it must not import fails
 * `npm run lint`, and so `npm test`.
 */
// Planted files do not exist on disk, so the type-aware rules (which need the
// TypeScript project) are off here; the boundaries rule needs no types.
const eslint = new ESLint({ overrideConfig: [tseslint.configs.disableTypeChecked] });

async function boundaryErrors(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).filter((message) => message.ruleId === 'boundaries/dependencies').map((message) => message.message);
}

describe('import boundaries', () => {
  it('a feature importing another feature or app/ fails the lint', async () => {
    const errors = await boundaryErrors(
      'src/features/merchandise/planted.ts',
      [
        "import { LOOKUP_MESSAGES } from '../family-lookup/lookup-messages';",
        "import { routes } from '@/app/router';",
        'export const planted = [LOOKUP_MESSAGES, routes];',
      ].join('\n'),
    );
    expect(errors).toHaveLength(2);
    expect(errors[0]).toMatch(/feature="merchandise".*feature="family-lookup"/);
    expect(errors[1]).toMatch(/type "app"/);
  });

  it('a feature may import itself, domain, lib, config and components', async () => {
    const errors = await boundaryErrors(
      'src/features/merchandise/planted.ts',
      [
        "import { MerchChildrenPicker } from './MerchChildrenPicker';",
        "import { siblingLabel } from '@domain/catalogue/price-rule';",
        "import { Button } from '@/components/ui/Button';",
        'export const planted = [MerchChildrenPicker, siblingLabel, Button];',
      ].join('\n'),
    );
    expect(errors).toEqual([]);
  });

  it('domain and components/ui import nothing of the app', async () => {
    expect(await boundaryErrors('src/domain/planted.ts', "import { GROUP } from '@config/group';\nexport const g = GROUP;")).toHaveLength(
      1,
    );
    expect(
      await boundaryErrors('src/components/ui/Planted.tsx', "import { GROUP } from '@config/group';\nexport const g = GROUP;"),
    ).toHaveLength(1);
  });

  it('server code imports only domain, config and its own lib', async () => {
    const errors = await boundaryErrors(
      'netlify/functions/planted.ts',
      "import { callFunction } from '@/lib/api/functions-client';\nimport { getDb } from '../lib/platform/firestore';\nexport const p = [callFunction, getDb];",
    );
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatch(/type "lib"/);
  });

  it('an admin area imports the admin shell, never another area; the shell imports no area', async () => {
    const errors = await boundaryErrors(
      'src/features/admin/users/planted.ts',
      [
        "import { useStaff } from '@/features/admin/shell/staff-context';",
        "import { OrdersList } from '@/features/admin/payments/OrdersList';",
        'export const planted = [useStaff, OrdersList];',
      ].join('\n'),
    );
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatch(/area="users".*area="payments"/);
    const fromShell = await boundaryErrors(
      'src/features/admin/shell/planted.ts',
      "import { Users } from '@/features/admin/users/Users';\nexport const planted = Users;",
    );
    expect(fromShell).toHaveLength(1);
    expect(fromShell[0]).toMatch(/type "admin-shell".*area="users"/);
  });

  it('a contract imports only domain and config; a function and a screen import contracts', async () => {
    expect(
      await boundaryErrors(
        'src/contracts/planted.ts',
        "import { callFunction } from '@/lib/api/functions-client';\nexport const p = callFunction;",
      ),
    ).toHaveLength(1);
    expect(
      await boundaryErrors(
        'netlify/functions/planted.ts',
        "import { seasonSettingsContract } from '@contracts/season-settings';\nexport const p = seasonSettingsContract;",
      ),
    ).toEqual([]);
  });

  it('the shared rules import no capability; a capability imports the shared rules, itself and what it declares', async () => {
    const fromShared = await boundaryErrors(
      'src/domain/planted.ts',
      "import { siblingLabel } from '@domain/catalogue/price-rule';\nexport const p = siblingLabel;",
    );
    expect(fromShared).toHaveLength(1);
    expect(fromShared[0]).toMatch(/type "domain-shared".*capability="catalogue"/);
    const undeclared = await boundaryErrors(
      'src/domain/staff/planted.ts',
      "import { placesLeft } from '@domain/events/event';\nexport const p = placesLeft;",
    );
    expect(undeclared).toHaveLength(1);
    expect(undeclared[0]).toMatch(/capability="staff".*capability="events"/);
    const declared = await boundaryErrors(
      'src/domain/orders/planted.ts',
      [
        "import { siblingLabel } from '@domain/catalogue/price-rule';",
        "import { formatEuros } from '@domain/money';",
        "import * as adminOrders from './admin-orders';",
        'export const p = [siblingLabel, formatEuros, adminOrders];',
      ].join('\n'),
    );
    expect(declared).toEqual([]);
  });

  it('the server platform imports no capability; a capability imports platform, itself and what it declares', async () => {
    const fromPlatform = await boundaryErrors(
      'netlify/lib/platform/planted.ts',
      "import * as sequence from '../receipts/sequence';\nexport const p = sequence;",
    );
    expect(fromPlatform).toHaveLength(1);
    expect(fromPlatform[0]).toMatch(/type "platform".*capability="receipts"/);
    const undeclared = await boundaryErrors(
      'netlify/lib/staff/planted.ts',
      "import * as seasonTotals from '../season/season-totals';\nexport const p = seasonTotals;",
    );
    expect(undeclared).toHaveLength(1);
    expect(undeclared[0]).toMatch(/capability="staff".*capability="season"/);
    const declared = await boundaryErrors(
      'netlify/lib/orders/planted.ts',
      [
        "import * as sequence from '../receipts/sequence';",
        "import { getDb } from '../platform/firestore';",
        "import * as recordOrder from './record-order';",
        'export const p = [sequence, getDb, recordOrder];',
      ].join('\n'),
    );
    expect(declared).toEqual([]);
  });
});

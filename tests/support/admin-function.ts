import type { Firestore } from 'firebase-admin/firestore';
import { afterAll, beforeAll, beforeEach, vi } from 'vitest';
import { startTestAuth, type TestAuth } from './auth-emulator';
import { browserRequest, functionContext, type NetlifyFunction } from './function-context';
import { resetToDemoData, useEmulatorDb } from './server-db';

/**
 * The set-up of a test file of one admin function: the file's own Firestore
 * project, reset to the demo data before each test; the Auth emulator with
 * an admin, a treasurer, a Reparto leader (src/domain/staff/staff-roles.ts) and
 * a parent (no role); the function's info log
 * silenced. `call` posts a JSON body with a token (the treasurer's by
 * default) and answers the status and the JSON body; `settled` waits for the
 * calls' `waitUntil` work (the e-mails).
 */
export function adminFunctionTestbed(projectId: string, handler: NetlifyFunction, name: string) {
  let db: Firestore | undefined;
  let testAuth: TestAuth | undefined;
  const tokens = { admin: '', treasurer: '', leader: '', parent: '' };
  const contexts: ReturnType<typeof functionContext>[] = [];
  beforeAll(async () => {
    db = await useEmulatorDb(projectId);
    const auth = await startTestAuth(projectId);
    testAuth = auth;
    tokens.admin = await auth.account('admin@example.com', { role: 'admin' });
    tokens.treasurer = await auth.account('tesoriere@example.com', { role: 'tesoriere' });
    tokens.leader = await auth.account('capo@example.com', { role: 'capo', branches: ['Reparto'] });
    tokens.parent = await auth.account('genitore@example.com');
  }, 120_000);
  afterAll(() => testAuth?.stop(), 30_000);
  beforeEach(async () => {
    if (db) await resetToDemoData(db, projectId);
    vi.spyOn(console, 'info').mockImplementation(() => {});
  });
  return {
    db: () => {
      if (!db) throw new Error('The test file has not started');
      return db;
    },
    /** The file's Auth emulator, to make more accounts. */
    auth: () => {
      if (!testAuth) throw new Error('The test file has not started');
      return testAuth;
    },
    tokens,
    settled: () => Promise.all(contexts.splice(0).map((context) => context.settled())),
    call: async (body: unknown, token: string = tokens.treasurer) => {
      const context = functionContext();
      contexts.push(context);
      const response = await handler(
        browserRequest(`http://localhost/.netlify/functions/${name}`, {
          method: 'POST',
          headers: { authorization: `Bearer ${token}` },
          body: JSON.stringify(body),
        }),
        context,
      );
      return { status: response.status, body: (await response.json()) as Record<string, unknown> };
    },
  };
}

import { createHmac } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { jwtVerify, SignJWT } from 'jose';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import lookupFamily from '../../../netlify/functions/lookup-family';
import { codeOf, linkTokenOf } from '../../../netlify/lib/access/access-codes';
import { networkKey } from '../../../netlify/lib/platform/fiscal-code-budget';
import { deriveKey, KEY_USES, verificationKeys } from '../../../netlify/lib/platform/secret-keys';
import { PUBLIC_SESSION_SECRETS, serviceConfig, ServiceNotConfiguredError } from '../../../netlify/lib/platform/server-env';
import { SESSION_COOKIE, SESSION_SECONDS, signSession } from '../../../netlify/lib/platform/session';
import { DEMO_SESSION_SECRET } from '../../../emulators/dev/stack-environment';
import { browserRequest, functionContext } from '../../support/function-context';
import { resetToDemoData, useEmulatorDb } from '../../support/server-db';

/**
 * The deploy's secrets (docs/security.md, "Deploy secrets"; docs/deploy.md,
 * "Rotating SESSION_SECRET"): the functions refuse the public demo
 * SESSION_SECRET in production with a 503 in Italian; one key per use is
 * derived from the secret; a session signed with SESSION_SECRET_PREVIOUS
 * is still good during a rotation, one signed with any other secret is not.
 */

const PROJECT = 'demo-deploy-secrets';
const ROSSI = { cf: 'RSSMRA80C12H501E', familyId: 'family-rossi', parentId: 'parent-rossi-mario' };
const OLD_SECRET = 'old-secret-of-the-group-0123456789-abcdefghij';
const NEW_SECRET = 'new-secret-of-the-group-0123456789-klmnopqrst';
const SESSION_MESSAGE = "L'accesso delle famiglie non è configurato. Contatta il gruppo.";

beforeAll(async () => {
  await resetToDemoData(await useEmulatorDb(PROJECT), PROJECT);
});

afterEach(() => {
  vi.unstubAllEnvs();
  vi.restoreAllMocks();
});

/** The Rossi parent's session cookie, signed with whatever SESSION_SECRET is set now. */
const rossiCookie = async () => `${SESSION_COOKIE}=${await signSession(ROSSI, SESSION_SECONDS.browser)}`;

/** lookup-family as Netlify calls it, for the Rossi code with `cookie`. */
async function lookUp(cookie: string, ip = '198.51.100.7') {
  const response = await lookupFamily(
    browserRequest('http://localhost/.netlify/functions/lookup-family', {
      method: 'POST',
      headers: { cookie, 'content-type': 'application/json' },
      body: JSON.stringify({ cf: ROSSI.cf }),
    }),
    functionContext(ip),
  );
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

/** A session token as the portal signed them before per-use keys: HS256 with the secret itself. */
const legacyToken = (secret: string) =>
  new SignJWT({ fam: ROSSI.familyId })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(ROSSI.parentId)
    .setIssuer('scout-portal')
    .setAudience('family')
    .setIssuedAt()
    .setExpirationTime(Math.floor(Date.now() / 1000) + 3600)
    .sign(new TextEncoder().encode(secret));

describe('the demo SESSION_SECRET in production', () => {
  it('makes a family function answer 503 in Italian, the log naming the variable and why, never its value', async () => {
    vi.stubEnv('SESSION_SECRET', NEW_SECRET);
    const cookie = await rossiCookie();
    vi.stubEnv('CONTEXT', 'production');
    vi.stubEnv('SESSION_SECRET', DEMO_SESSION_SECRET);
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(await lookUp(cookie)).toEqual({ status: 503, body: { error: SESSION_MESSAGE } });
    const log = logged.mock.calls.flat().join('\n');
    expect(log).toContain('invalid SESSION_SECRET');
    expect(log).toContain('public demo value');
    expect(log).not.toContain(DEMO_SESSION_SECRET);
  });

  it('is refused too when too short, and as the previous secret; a secret of its own works in production', async () => {
    vi.stubEnv('CONTEXT', 'production');
    vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.stubEnv('SESSION_SECRET', NEW_SECRET);
    const cookie = await rossiCookie();
    expect((await lookUp(cookie)).status).toBe(200);
    vi.stubEnv('SESSION_SECRET_PREVIOUS', DEMO_SESSION_SECRET);
    expect(await lookUp(cookie)).toEqual({ status: 503, body: { error: SESSION_MESSAGE } });
    vi.stubEnv('SESSION_SECRET_PREVIOUS', '');
    vi.stubEnv('SESSION_SECRET', 'short-secret-0123456789');
    expect(await lookUp(cookie)).toEqual({ status: 503, body: { error: SESSION_MESSAGE } });
  });

  it('is accepted on the local emulators only, and refused for a real Firebase project whatever the context', () => {
    const refused = (env: Record<string, string>) => {
      try {
        serviceConfig('session', { SESSION_SECRET: DEMO_SESSION_SECRET, ...env });
        return null;
      } catch (error) {
        expect(error).toBeInstanceOf(ServiceNotConfiguredError);
        return (error as ServiceNotConfiguredError).invalid;
      }
    };
    expect(refused({ FIRESTORE_EMULATOR_HOST: '127.0.0.1:8080' })).toBeNull();
    expect(refused({ FIRESTORE_EMULATOR_HOST: '127.0.0.1:8080', CONTEXT: 'production' })).toEqual(['SESSION_SECRET']);
    expect(refused({ FIREBASE_PROJECT_ID: 'gruppo-scout-esempio' })).toEqual(['SESSION_SECRET']);
    expect(refused({ CONTEXT: 'deploy-preview' })).toEqual(['SESSION_SECRET']);
  });

  it('lists every secret this repository publishes: the local stack, netlify dev and the Deploy form', () => {
    const netlifyDev = /^SESSION_SECRET=(.+)$/m.exec(readFileSync('emulators/dev/netlify-dev.env', 'utf8'))?.[1];
    const deployForm = /^\s*SESSION_SECRET = "(.+)"$/m.exec(readFileSync('netlify.toml', 'utf8'))?.[1];
    expect(PUBLIC_SESSION_SECRETS).toEqual(expect.arrayContaining([DEMO_SESSION_SECRET, netlifyDev, deployForm]));
  });
});

describe('one key per use', () => {
  it('derives a different key for every use, none of them the secret, each changing with the secret', () => {
    const keys = KEY_USES.map((use) => deriveKey(NEW_SECRET, use).toString('hex'));
    expect(new Set(keys).size).toBe(KEY_USES.length);
    expect(keys).not.toContain(Buffer.from(NEW_SECRET).toString('hex'));
    for (const use of KEY_USES) expect(deriveKey(OLD_SECRET, use).toString('hex')).not.toBe(deriveKey(NEW_SECRET, use).toString('hex'));
    expect(deriveKey(NEW_SECRET, 'session-token')).toEqual(deriveKey(NEW_SECRET, 'session-token'));
  });

  it('signs sessions, codes, links and counters with the derived keys, not with the secret itself', async () => {
    vi.stubEnv('SESSION_SECRET', NEW_SECRET);
    const token = await signSession(ROSSI, 60);
    await expect(jwtVerify(token, new TextEncoder().encode(NEW_SECRET))).rejects.toThrow();
    await expect(jwtVerify(token, deriveKey(NEW_SECRET, 'session-token'))).resolves.toBeTruthy();
    const plain = (message: string) => createHmac('sha256', NEW_SECRET).update(message).digest();
    expect(linkTokenOf(ROSSI.parentId, 'nonce-1')).not.toBe(plain(`link:${ROSSI.parentId}:nonce-1`).toString('base64url'));
    expect(linkTokenOf(ROSSI.parentId, 'nonce-1')).toBe(
      createHmac('sha256', deriveKey(NEW_SECRET, 'access-link')).update(`link:${ROSSI.parentId}:nonce-1`).digest('base64url'),
    );
    expect(codeOf(ROSSI.parentId, 'nonce-1')).toMatch(/^\d{6}$/);
    expect(networkKey('203.0.113.5')).not.toBe(plain('fiscal-code-budget:203.0.113.5').toString('hex').slice(0, 32));
  });
});

describe('rotating SESSION_SECRET', () => {
  it('keeps a session signed with the previous secret during the rotation, and refuses it once the rotation ends', async () => {
    vi.stubEnv('SESSION_SECRET', OLD_SECRET);
    const before = await rossiCookie();
    vi.stubEnv('SESSION_SECRET', NEW_SECRET);
    vi.stubEnv('SESSION_SECRET_PREVIOUS', OLD_SECRET);
    expect((await lookUp(before)).status).toBe(200);
    // New sessions are signed with the current secret, and outlive the rotation.
    const after = await rossiCookie();
    vi.stubEnv('SESSION_SECRET_PREVIOUS', '');
    expect((await lookUp(after)).status).toBe(200);
    expect((await lookUp(before)).status).toBe(401);
  });

  it('refuses a session signed with a secret that is neither the current nor the previous one', async () => {
    vi.stubEnv('SESSION_SECRET', 'someone-elses-secret-0123456789-uvwxyzabcd');
    const forged = await rossiCookie();
    vi.stubEnv('SESSION_SECRET', NEW_SECRET);
    vi.stubEnv('SESSION_SECRET_PREVIOUS', OLD_SECRET);
    expect(await lookUp(forged)).toMatchObject({ status: 401 });
    expect(await lookUp(`${SESSION_COOKIE}=${await legacyToken('someone-elses-secret-0123456789-uvwxyzabcd')}`)).toMatchObject({
      status: 401,
    });
  });

  it('keeps the sessions of before per-use keys when SESSION_SECRET_PREVIOUS names the secret that signed them', async () => {
    const legacy = `${SESSION_COOKIE}=${await legacyToken(OLD_SECRET)}`;
    vi.stubEnv('SESSION_SECRET', OLD_SECRET);
    expect((await lookUp(legacy)).status).toBe(401);
    vi.stubEnv('SESSION_SECRET_PREVIOUS', OLD_SECRET);
    expect((await lookUp(legacy)).status).toBe(200);
    expect(verificationKeys('session-token')).toHaveLength(3);
  });
});

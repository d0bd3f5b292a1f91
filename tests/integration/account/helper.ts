// The account tests' setup: the reference server (tests/integration/server/helper.ts: temp
// SQLite, random loopback port) and storefront clients (src/storefront/client.ts) for a guest
// or a user signed in through the client's own SMS sign-in calls.
import assert from 'node:assert/strict';
import { createStorefrontClient, type StorefrontClient } from '../../../src/storefront/client';
import { StorefrontError } from '../../../src/storefront/errors';
import type { SessionIdentity } from '../../../src/storefront/session';
import * as signin from '../../../src/storefront/signin';
import type { SignInResult } from '../../../src/storefront/wire/signin';
import type { TestServer } from '../server/helper';

export { startTestServer, type TestServer } from '../server/helper';

/** A client with a fixed identity (a guest by default); no retries, so every call is one request. */
export const clientAs = (s: TestServer, session: SessionIdentity = { key: '', user: 'guest-1' }): StorefrontClient =>
  createStorefrontClient({ mode: 'build', baseURL: s.url, retries: 0, session });

export const clientOf = (s: TestServer, r: SignInResult) => clientAs(s, { key: r.userKey, user: r.userId });

/** Signs a phone in with sendSmsCode + verifySmsCode (the dev code comes from the server's log hook). */
export async function signInByPhone(s: TestServer, phone: string): Promise<{ c: StorefrontClient; r: SignInResult }> {
  const guest = clientAs(s);
  await signin.sendSmsCode(guest, phone);
  const code = s.codes.get(phone);
  assert.ok(code, 'dev code logged');
  const r = await signin.verifySmsCode(guest, phone, code);
  return { c: clientOf(s, r), r };
}

/**
 * The call fails with this status and, when given, a Chinese text containing `contains`
 * (the contract's error shape: messages[0] = message).
 */
export async function refuses(call: Promise<unknown>, status: number, contains?: string): Promise<StorefrontError> {
  try {
    await call;
  } catch (e) {
    assert.ok(e instanceof StorefrontError, `HTTP error expected, got ${String(e)}`);
    assert.equal(e.status, status, `expected ${status}, got ${e.status}: ${JSON.stringify(e.body)}`);
    const body = e.body as { messages?: string[]; message?: string };
    assert.ok(Array.isArray(body.messages) && body.messages[0] === body.message, 'contract error shape');
    assert.match(e.text, /[\u4e00-\u9fff]/, 'Chinese text');
    if (contains) assert.ok(e.text.includes(contains), `"${e.text}" contains "${contains}"`);
    return e;
  }
  assert.fail(`expected HTTP ${status}, the call succeeded`);
}

// Sign-out from the client (issue 12 item 4): the server revokes the key, then the stored user
// id and key are gone; with the server unreachable they are still cleared locally.
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { startServer, type RunningServer } from '../../../server/start';
import { createStorefrontClient } from '../../../src/storefront/client';
import { StorefrontError } from '../../../src/storefront/errors';
import { likeComment } from '../../../src/storefront/comments';
import { createSession } from '../../../src/storefront/session';
import { memoryStore } from '../../../src/storefront/storage';
import { sendSmsCode, signOut, verifySmsCode } from '../../../src/storefront/signin';

/** A loopback port with nothing listening on it. */
async function closedPort(): Promise<number> {
  const srv = createServer();
  await new Promise<void>((r) => srv.listen(0, '127.0.0.1', r));
  const { port } = srv.address() as { port: number };
  await new Promise<void>((r) => srv.close(() => r()));
  return port;
}

describe('client sign-out', () => {
  let dir: string;
  let ref: RunningServer;
  const codes = new Map<string, string>();
  let target: { productId: string; commentId: string };

  before(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'client-signout-'));
    ref = await startServer({
      port: 0,
      host: '127.0.0.1',
      logger: false,
      seedReviews: 40,
      seed: 42,
      dbFile: path.join(dir, 'storefront.sqlite'),
      mediaDir: path.join(dir, 'media'),
      devCodeLog: (phone, code) => codes.set(phone, code),
    });
    const row = ref.app.db.prepare('SELECT id, product_id AS p FROM reviews ORDER BY id LIMIT 1').get() as {
      id: number;
      p: number;
    };
    target = { productId: String(row.p), commentId: String(row.id) };
  });
  after(async () => {
    await ref?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  test('the server revokes the key, the stored id and key are cleared, the old key answers 401', async () => {
    const session = createSession(memoryStore());
    const c = createStorefrontClient({
      mode: 'browser',
      baseURL: ref.url,
      session,
      navigate: () => undefined,
      location: () => '/review/x/',
    });
    const phone = '13600136000';
    await sendSmsCode(c, phone);
    session.signIn(await verifySmsCode(c, phone, codes.get(phone)!));
    const old = session.identity();
    const guest = session.guestId();
    assert.equal((await likeComment(c, target.productId, target.commentId)).liked, true);

    assert.deepEqual(await signOut(c, session), { revoked: true });
    assert.equal(session.isLoggedIn(), false);
    assert.equal(session.store.get('userId'), undefined);
    assert.equal(session.store.get('userKey'), undefined);
    assert.deepEqual(session.identity(), { key: '', user: guest }, 'back to the same guest id');

    const withOldKey = createStorefrontClient({ mode: 'build', baseURL: ref.url, session: old, retries: 0 });
    await assert.rejects(
      likeComment(withOldKey, target.productId, target.commentId),
      (e: unknown) => e instanceof StorefrontError && e.status === 401,
    );
    // Signing out again (nothing stored) is harmless.
    assert.deepEqual(await signOut(c, session), { revoked: false });
  });

  test('with the server unreachable, the stored id and key are still cleared', async () => {
    const session = createSession(memoryStore());
    session.signIn({ userId: '900000123', userKey: 'k'.repeat(32) });
    const c = createStorefrontClient({
      mode: 'browser',
      baseURL: `http://127.0.0.1:${await closedPort()}`,
      session,
      timeoutMs: 5_000,
      navigate: () => undefined,
      location: () => '/',
    });
    assert.deepEqual(await signOut(c, session), { revoked: false });
    assert.equal(session.isLoggedIn(), false);
    assert.equal(session.store.get('userKey'), undefined);
  });
});

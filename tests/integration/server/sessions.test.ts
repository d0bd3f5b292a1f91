// Session expiry and sign-out (issue 12 item 4): a key that was signed out or not used for the
// session lifetime answers 401 on signed-in calls; signing out an unknown key is harmless; a
// database made before sessions expired still opens and its old keys get the same lifetime.
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { openDatabase } from '../../../server/db/open';
import { DEFAULT_SESSION_TTL_MS } from '../../../server/repositories/auth';
import { assertError, signIn, startTestServer, type TestServer } from './helper';

const DAY = 86_400_000;

describe('session expiry and sign-out', () => {
  let s: TestServer;
  let clock = Date.UTC(2025, 6, 1);
  let likePath = '';
  before(async () => {
    s = await startTestServer({ reviews: 40, now: () => clock });
    const row = s.app.db.prepare('SELECT id, product_id AS p FROM reviews ORDER BY id LIMIT 1').get() as {
      id: number;
      p: number;
    };
    likePath = `/api/v1/product-comment/products/${row.p}/comments/${row.id}/likes`;
  });
  after(async () => {
    await s.close();
  });

  // Each sign-in of a phone waits out the resend timer first.
  let phoneNo = 0;
  const freshUser = () => {
    clock += 3_600_000;
    return signIn(s, `1360000${String(1000 + phoneNo++)}`);
  };

  test('a signed-out key answers 401; other sessions of the user stay signed in', async () => {
    const a = await freshUser();
    clock += 61_000;
    const second = await signIn(s, `1360000${String(1000 + phoneNo - 1)}`);
    assert.equal(second.userId, a.userId);
    assert.equal((await s.req('POST', likePath, { headers: a.headers })).status, 200);

    const out = await s.req('POST', '/api/v2/signin/signout', { headers: a.headers });
    assert.equal(out.status, 204);
    assertError(await s.req('POST', likePath, { headers: a.headers }), 401, '登录');
    assertError(await s.req('DELETE', likePath, { headers: a.headers }), 401);
    // The detail no longer answers as that user.
    const detail = await s.get(
      `${likePath.replace(/\/comments\/\d+\/likes$/, '/comments')}?commentId=${likePath.split('/').at(-2)}`,
      a.headers,
    );
    assert.equal(detail.status, 200);
    assert.equal(detail.body.comments[0].liked, undefined, 'a revoked key is a guest on reads');
    assert.equal(
      (await s.req('DELETE', likePath, { headers: second.headers })).status,
      200,
      'the other device is still signed in',
    );
  });

  test('signing out twice, with an unknown key, or as a guest is harmless', async () => {
    const a = await freshUser();
    assert.equal((await s.req('POST', '/api/v2/signin/signout', { headers: a.headers })).status, 204);
    assert.equal((await s.req('POST', '/api/v2/signin/signout', { headers: a.headers })).status, 204);
    for (const headers of <Array<Record<string, string>>>[
      {},
      { 'X-Session-User': 'build', 'X-Session-Key': '' },
      { 'X-Session-User': a.userId, 'X-Session-Key': 'never-issued' },
      { 'X-Session-User': 'x'.repeat(300), 'X-Session-Key': 'k'.repeat(300) },
    ]) {
      const r = await s.req('POST', '/api/v2/signin/signout', { headers });
      assert.equal(r.status, 204, JSON.stringify(headers).slice(0, 80));
    }
    // An empty JSON body is accepted too (clients that always send Content-Type).
    assert.equal(
      (await s.req('POST', '/api/v2/signin/signout', { headers: { 'content-type': 'application/json' }, raw: '' }))
        .status,
      204,
    );
    // Someone else's key is untouched by a guest's sign-out.
    const b = await freshUser();
    assert.equal(
      (
        await s.req('POST', '/api/v2/signin/signout', {
          headers: { 'X-Session-User': b.userId, 'X-Session-Key': 'wrong' },
        })
      ).status,
      204,
    );
    assert.equal((await s.req('POST', likePath, { headers: b.headers })).status, 200);
  });

  test('a key unused for the session lifetime expires; use keeps it alive (sliding)', async () => {
    const a = await freshUser();
    const b = await freshUser();
    clock += DEFAULT_SESSION_TTL_MS - DAY;
    assert.equal(
      (await s.req('POST', likePath, { headers: a.headers })).status,
      200,
      'a: still valid a day before expiry, and renewed',
    );
    clock += 2 * DAY;
    assertError(await s.req('POST', likePath, { headers: b.headers }), 401, '登录');
    assert.equal((await s.req('DELETE', likePath, { headers: a.headers })).status, 200, 'a: renewed by its use');
    clock += DEFAULT_SESSION_TTL_MS;
    assertError(await s.req('POST', likePath, { headers: a.headers }), 401);
    // An expired key is removed, not only refused.
    const left = s.app.db
      .prepare('SELECT count(*) AS n FROM sessions WHERE user_id IN (?, ?)')
      .get(Number(a.userId), Number(b.userId)) as { n: number };
    assert.equal(left.n, 0);
  });
});

describe('session lifetime is configurable; old databases migrate on open', () => {
  test('sessionTtlMs: a short lifetime for tests', async () => {
    let clock = Date.UTC(2025, 6, 1);
    const s = await startTestServer({ reviews: 40, now: () => clock, sessionTtlMs: 60_000 });
    try {
      const row = s.app.db.prepare('SELECT id, product_id AS p FROM reviews ORDER BY id LIMIT 1').get() as {
        id: number;
        p: number;
      };
      const path = `/api/v1/product-comment/products/${row.p}/comments/${row.id}/likes`;
      const a = await signIn(s, '13500000001');
      clock += 59_000;
      assert.equal((await s.req('POST', path, { headers: a.headers })).status, 200);
      clock += 60_000;
      assertError(await s.req('POST', path, { headers: a.headers }), 401);
    } finally {
      await s.close();
    }
  });

  test('a database whose sessions table predates expiry opens, and its keys get a lifetime', () => {
    const dir = mkdtempSync(join(tmpdir(), 'sessions-migrate-'));
    try {
      const file = join(dir, 'old.sqlite');
      // Today's schema with the sessions table as it was before expiry (no last_used_at).
      const old = openDatabase(file);
      old.exec(`INSERT INTO users (id, label, avatar, medals, phone, created_at) VALUES (900000000, 'u', NULL, '[]', '13800000000', 1);
        ALTER TABLE sessions DROP COLUMN last_used_at;`);
      old.prepare('INSERT INTO sessions (key_hash, user_id, created_at) VALUES (?, ?, ?)').run('abc', 900000000, 1000);
      old.close();
      const db = openDatabase(file);
      try {
        const cols = (db.prepare('PRAGMA table_info(sessions)').all() as Array<{ name: string }>).map((c) => c.name);
        assert.ok(cols.includes('last_used_at'), cols.join(','));
        assert.deepEqual(db.prepare('SELECT key_hash, last_used_at FROM sessions').all(), [
          { key_hash: 'abc', last_used_at: 1000 },
        ]);
      } finally {
        db.close();
      }
      // Opening again is a no-op.
      openDatabase(file).close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

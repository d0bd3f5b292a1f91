// Issue 25, F6: ten bad tokens from one address locked the real editor out for 60 s, so behind a
// shared proxy anyone could keep takedowns closed. Now a browser that once presented the right
// token carries a signed device cookie and is counted apart; guessing without one (or with a
// forged one) is still limited per address.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { startServer, type RunningServer } from '../../../server/start';

const TOKEN = 'editor-token-for-lockout-tests-0123456789';
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'lockout-'));
let server: RunningServer;
before(async () => {
  server = await startServer({
    dbFile: path.join(tmp, 'db.sqlite'),
    mediaDir: path.join(tmp, 'media'),
    host: '127.0.0.1',
    port: 0,
    seedReviews: 10,
    editorToken: TOKEN,
    logger: false,
  });
});
after(async () => {
  await server?.close();
  fs.rmSync(tmp, { recursive: true, force: true });
});

const list = (token: string, cookie?: string) =>
  fetch(`${server.url}/editor/api/takedowns`, {
    headers: { authorization: `Bearer ${token}`, ...(cookie ? { cookie } : {}) },
  });

test("others' bad tokens from the editor's address do not lock the editor's browser out", async () => {
  // The editor's browser signs in once: it gets a device cookie (HttpOnly, SameSite=Strict, /editor).
  const first = await list(TOKEN);
  assert.equal(first.status, 200);
  const setCookie = first.headers.get('set-cookie') ?? '';
  assert.match(setCookie, /^editor_device=[0-9a-f]{32}\.[\w-]+; Path=\/editor; .*HttpOnly; SameSite=Strict/);
  const cookie = setCookie.split(';')[0];

  // A stranger behind the same address guesses: 10 failures, then 429, forged cookie or not.
  for (let i = 0; i < 10; i++) assert.equal((await list(`guess-${i}`)).status, 401);
  assert.equal((await list('guess-x')).status, 429);
  assert.equal((await list('guess-y', 'editor_device=' + 'a'.repeat(32) + '.forged')).status, 429);
  assert.equal((await list('guess-z', `${cookie}x`)).status, 429);

  // The editor's browser still gets in, and its own bad tokens are counted apart.
  assert.equal((await list(TOKEN, cookie)).status, 200);
  assert.equal((await list('typo', cookie)).status, 401);
  assert.equal((await list(TOKEN, cookie)).status, 200);
  // A device cookie alone is no credential.
  assert.equal((await list('', cookie)).status, 401);
});

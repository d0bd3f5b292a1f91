// Issue 39, N11: more corrupted state at start (after issue 25's F12, corrupt-state.test.ts).
// - a `takedowns` file where the folder should be stopped the process from starting;
// - a garbage `publish-lock.json` silently unlocked publishing (now: fails locked and says so);
// - `current` as a real folder failed every build (each publish's rename of the link over it).
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { Writable } from 'node:stream';
import { test } from 'node:test';
import Fastify from 'fastify';
import { PublishingLock } from '../../../server/builds/publishing-lock';
import { checkReleasesState } from '../../../publish/check-state';
import { currentRelease, listReleases } from '../../../publish/releases';
import { publish } from '../../../publish/release-files';
import { built, tmpFolder } from './built-site';
import { registerSite } from '../../../server/site';
import { registerDeploy } from '../../../server/deploy';
import { startServer } from '../../../server/start';

const tmp = tmpFolder('corrupt-state-more');

async function home(root: string): Promise<string> {
  const app = Fastify();
  await registerSite(app, path.join(root, 'current'));
  try {
    return (await app.inject({ url: '/review/' })).body;
  } finally {
    await app.close();
  }
}

test('a `takedowns` file where the folder should be: the server starts, moves it aside, says so, and takedowns reach nginx', async () => {
  const dir = path.join(tmp, 'takedowns-file');
  const root = path.join(dir, 'site');
  fs.mkdirSync(root, { recursive: true });
  fs.writeFileSync(path.join(root, 'takedowns'), 'not a folder');
  let log = '';
  const stream = new Writable({
    write(chunk: Buffer, _enc, done) {
      log += chunk.toString();
      done();
    },
  });
  const token = 'editor-token-for-corrupt-state-0123456789';
  const options = {
    dbFile: path.join(dir, 'db.sqlite'),
    mediaDir: path.join(dir, 'media'),
    host: '127.0.0.1',
    port: 0,
    seedReviews: 10,
    editorToken: token,
  };
  // A review already taken down: the start writes its marker file (where the probe's start failed).
  const first = await startServer(options);
  const [down, review] = first.app.db.prepare('SELECT id, product_id FROM reviews ORDER BY id LIMIT 2').all() as Array<{
    id: number;
    product_id: number;
  }>;
  first.app.repos.takedowns.add(String(down.product_id), String(down.id), '违规');
  await first.close();
  const server = await startServer({
    ...options,
    logger: { level: 'warn', stream },
    configure: (app) => void registerDeploy(app, { releasesRoot: root, purge: null, switchCommand: null }),
  });
  try {
    assert.match(log, /takedowns was not a folder: moved to .*takedowns\.not-a-folder-\d+/);
    const aside = fs.readdirSync(root).find((n) => n.startsWith('takedowns.not-a-folder-'))!;
    assert.equal(fs.readFileSync(path.join(root, aside), 'utf8'), 'not a folder', 'nothing lost');
    assert.ok(fs.statSync(path.join(root, 'takedowns', String(down.product_id), String(down.id))).isFile());
    const r = await fetch(`${server.url}/editor/api/takedowns`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ productId: String(review.product_id), commentId: String(review.id), reason: '违规' }),
    });
    assert.equal(r.status, 201, await r.text());
    assert.ok(fs.statSync(path.join(root, 'takedowns', String(review.product_id), String(review.id))).isFile());
  } finally {
    await server.close();
  }
});

test('a garbage publish-lock.json fails locked and says so; a missing one is unlocked, a valid one kept', () => {
  const root = path.join(tmp, 'lock');
  fs.mkdirSync(root, { recursive: true });
  const file = path.join(root, 'publish-lock.json');
  for (const garbage of ['{"locked": tr', 'null', '[]', '{"locked": "yes"}', '{}', '\u0000\u0001']) {
    fs.writeFileSync(file, garbage);
    const said: string[] = [];
    const lock = new PublishingLock(root, (m) => said.push(m));
    assert.equal(lock.locked, true, `locked with ${JSON.stringify(garbage)}`);
    assert.equal(said.length, 1);
    assert.match(said[0], /publish-lock\.json is not a publishing lock: automatic publishing stays locked/);
    assert.equal(fs.readFileSync(file, 'utf8'), garbage, 'the file is left for the editor to see');
  }
  // An editor unlocks: the file is written again, and read as unlocked.
  new PublishingLock(root, () => {}).unlock();
  const said: string[] = [];
  assert.equal(new PublishingLock(root, (m) => said.push(m)).locked, false);
  fs.rmSync(file);
  assert.equal(new PublishingLock(root, (m) => said.push(m)).locked, false);
  fs.writeFileSync(file, JSON.stringify({ locked: true, buildId: 'b1', since: 5 }));
  assert.deepEqual(new PublishingLock(root, (m) => said.push(m)).get(), { locked: true, buildId: 'b1', since: 5 });
  assert.deepEqual(said, []);
});

test('`current` a real folder: adopted as a release and served, said once; the next build publishes', async () => {
  const root = path.join(tmp, 'current-folder');
  await publish(built(path.join(tmp, 'public-a'), 'AAAA'), root);
  // Someone copied a release over the link (cp -r, an rsync without -l).
  fs.rmSync(path.join(root, 'current'));
  built(path.join(root, 'current'), 'SERVED');
  const said: string[] = [];
  await checkReleasesState(root, (m) => said.push(m));
  assert.equal(said.length, 1);
  assert.match(said[0], /current was a folder, not a link: adopted as release \S+ and served/);
  const adopted = currentRelease(root)!;
  assert.ok(adopted, 'current is a link again');
  assert.match(await home(root), /SERVED/, 'what was served is still served');
  await publish(built(path.join(tmp, 'public-b'), 'BBBB'), root);
  assert.match(await home(root), /BBBB/);
  assert.ok(
    listReleases(root).some((r) => r.id === adopted),
    'the adopted release is kept for rollback',
  );
});

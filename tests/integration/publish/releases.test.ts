// Atomic publish with history (publish/releases.ts) on real files: what a release holds,
// hard links to the previous release for unchanged files, the one-symlink switch, rollback,
// pruning, and a publish that fails half way.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { currentRelease, listReleases, publishPrepared, prunedRemoved, republish } from '../../../publish/releases';
import { preparePatchRelease, publish, type ReleasePatch } from '../../../publish/release-files';

function put(root: string, rel: string, body: string) {
  fs.mkdirSync(path.dirname(path.join(root, rel)), { recursive: true });
  fs.writeFileSync(path.join(root, rel), body);
}

function fixture() {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'releases-'));
  const pub = path.join(tmp, 'public');
  put(pub, 'index.html', '<html>home v1</html>');
  put(pub, '1001/2002/index.html', '<html>review</html>');
  put(pub, 'page-data/1001/2002/page-data.json', '{"v":1}');
  put(pub, 'app-0123456789abcdef0123.js', 'js');
  put(pub, 'app-0123456789abcdef0123.js.map', '{}');
  put(pub, 'webpack.stats.json', '{}');
  put(pub, 'chunk-map.json', '{}');
  put(pub, '.build-stamp', 'x');
  put(pub, '.cache/x.html', 'x');
  fs.symlinkSync('/etc/passwd', path.join(pub, 'leak.txt'));
  return { tmp, pub, root: path.join(tmp, 'var', 'site') };
}

const read = (root: string, rel: string) => fs.readFileSync(path.join(root, 'current', rel), 'utf8');

test('a release holds the site without private files; current is a relative symlink to it', async (t) => {
  const { tmp, pub, root } = fixture();
  t.after(() => fs.rmSync(tmp, { recursive: true, force: true }));
  const r = await publish(pub, root);
  assert.equal(r.files, 4);
  assert.equal(r.copied, 4);
  assert.equal(fs.readlinkSync(path.join(root, 'current')), path.join('releases', r.id));
  assert.equal(currentRelease(root), r.id);
  assert.equal(read(root, 'index.html'), '<html>home v1</html>');
  for (const rel of [
    'app-0123456789abcdef0123.js.map',
    'webpack.stats.json',
    'chunk-map.json',
    '.build-stamp',
    '.cache',
    'leak.txt',
  ]) {
    assert.ok(!fs.existsSync(path.join(root, 'current', rel)), `${rel} was published`);
  }
  // mtimes are kept (the next publish compares them, and they are the pages' Last-Modified).
  assert.ok(
    Math.abs(
      fs.statSync(path.join(root, 'current', 'index.html')).mtimeMs - fs.statSync(path.join(pub, 'index.html')).mtimeMs,
    ) < 1,
  );
  assert.deepEqual(fs.readdirSync(path.join(root, 'releases')), [r.id]);
});

test('unchanged files are hard links to the previous release; changed ones are new copies', async (t) => {
  const { tmp, pub, root } = fixture();
  t.after(() => fs.rmSync(tmp, { recursive: true, force: true }));
  const first = await publish(pub, root);
  put(pub, 'index.html', '<html>home v2</html>');
  put(pub, 'new/index.html', '<html>new</html>');
  const second = await publish(pub, root);
  assert.ok(second.id > first.id, 'ids sort by time');
  assert.deepEqual([second.files, second.linked, second.copied], [5, 3, 2]);
  const ino = (id: string, rel: string) => fs.statSync(path.join(root, 'releases', id, rel)).ino;
  assert.equal(ino(first.id, '1001/2002/index.html'), ino(second.id, '1001/2002/index.html'));
  assert.notEqual(ino(first.id, 'index.html'), ino(second.id, 'index.html'));
  // The old release is untouched: never written into.
  assert.equal(fs.readFileSync(path.join(root, 'releases', first.id, 'index.html'), 'utf8'), '<html>home v1</html>');
  assert.equal(read(root, 'index.html'), '<html>home v2</html>');
  assert.equal(read(root, 'new/index.html'), '<html>new</html>');
});

test('rollback switches current back at once; list is newest first', async (t) => {
  const { tmp, pub, root } = fixture();
  t.after(() => fs.rmSync(tmp, { recursive: true, force: true }));
  const first = await publish(pub, root);
  put(pub, 'index.html', '<html>home v2</html>');
  const second = await publish(pub, root);
  assert.deepEqual(listReleases(root), [
    { id: second.id, current: true },
    { id: first.id, current: false },
  ]);
  const t0 = performance.now();
  await republish(root, first.id);
  assert.ok(performance.now() - t0 < 1000);
  assert.equal(read(root, 'index.html'), '<html>home v1</html>');
  assert.deepEqual(listReleases(root), [
    { id: second.id, current: false },
    { id: first.id, current: true },
  ]);
  await assert.rejects(republish(root, '20990101T000000000Z'), /no release/);
  await assert.rejects(republish(root, '../../etc'), /not a release id/);
  assert.equal(currentRelease(root), first.id);
});

test('the last 5 releases are kept, and the one served before a publish even when older', async (t) => {
  const { tmp, pub, root } = fixture();
  t.after(() => fs.rmSync(tmp, { recursive: true, force: true }));
  const ids: string[] = [];
  for (let i = 0; i < 6; i++) {
    put(pub, 'index.html', `<html>home ${i}</html>`);
    ids.push((await publish(pub, root)).id);
  }
  assert.deepEqual(
    listReleases(root).map((r) => r.id),
    ids.slice(1).reverse(),
  );
  // Pruned: out of the list at once, its folder deleted in the background.
  await prunedRemoved();
  assert.deepEqual(fs.readdirSync(path.join(root, 'releases')).sort(), ids.slice(1).sort());
  await republish(root, ids[1]);
  put(pub, 'index.html', '<html>home 6</html>');
  ids.push((await publish(pub, root)).id);
  // ids[1] was served when this publish pruned: kept beside the 5 newest, and reachable.
  assert.deepEqual(
    listReleases(root).map((r) => r.id),
    [...ids.slice(2).reverse(), ids[1]],
  );
  await republish(root, ids[1]);
  assert.equal(read(root, 'index.html'), '<html>home 1</html>');
  await republish(root, ids[6]);
  put(pub, 'index.html', '<html>home 7</html>');
  ids.push((await publish(pub, root)).id);
  assert.deepEqual(
    listReleases(root).map((r) => r.id),
    ids.slice(3).reverse(),
  );
  assert.equal(read(root, 'index.html'), '<html>home 7</html>');
});

test('a publish that fails half way leaves current untouched and removes its partial copy', async (t) => {
  const { tmp, pub, root } = fixture();
  t.after(() => fs.rmSync(tmp, { recursive: true, force: true }));
  const first = await publish(pub, root);
  for (let i = 0; i < 200; i++) put(pub, `p/${i}/index.html`, `<html>${i}</html>`);
  const stop = new AbortController();
  await assert.rejects(
    publish(pub, root, {
      signal: stop.signal,
      onProgress: (n) => {
        if (n >= 50) stop.abort();
      },
    }),
  );
  assert.equal(currentRelease(root), first.id);
  assert.deepEqual(fs.readdirSync(path.join(root, 'releases')), [first.id]);
  assert.equal(read(root, 'index.html'), '<html>home v1</html>');
  // A partial copy left by a killed process is removed by the next publish, which succeeds.
  fs.mkdirSync(path.join(root, 'releases', '.partial-20200101T000000000Z'));
  const next = await publish(pub, root);
  assert.deepEqual(fs.readdirSync(path.join(root, 'releases')).sort(), [first.id, next.id]);
  assert.equal(read(root, 'p/199/index.html'), '<html>199</html>');
});

test('publishes in the same process run one after the other', async (t) => {
  const { tmp, pub, root } = fixture();
  t.after(() => fs.rmSync(tmp, { recursive: true, force: true }));
  const [a, b] = await Promise.all([publish(pub, root), publish(pub, root)]);
  assert.ok(b.id > a.id);
  assert.equal(b.linked, 4, 'the second links to the first, so the first had finished');
  assert.equal(currentRelease(root), b.id);
});

/** A patch of release `baseId` prepared beside the releases, then served. */
function prepareAndPublish(root: string, baseId: string, patch: Omit<ReleasePatch, 'base'>) {
  const prepared = path.join(root, 'releases', '.patch-test');
  const stats = preparePatchRelease(prepared, { ...patch, base: path.join(root, 'releases', baseId) });
  return publishPrepared(root, prepared, stats);
}

test('a patch release: the base release linked, written files copied from out/, deleted ones and their empty folders left out', async (t) => {
  const { tmp, pub, root } = fixture();
  t.after(() => fs.rmSync(tmp, { recursive: true, force: true }));
  const base = await publish(pub, root);
  const out = path.join(tmp, 'out');
  put(out, 'index.html', '<html>home v2</html>');
  put(out, '1001/2003/index.html', '<html>added</html>');
  const r = await prepareAndPublish(root, base.id, {
    outDir: out,
    written: ['index.html', '1001/2003/index.html'],
    deleted: ['1001/2002/index.html', 'page-data/1001/2002/page-data.json'],
  });
  assert.deepEqual([r.files, r.linked, r.copied], [3, 1, 2]);
  assert.equal(currentRelease(root), r.id);
  assert.deepEqual(
    listReleases(root).map((x) => x.id),
    [r.id, base.id],
    'the prepared folder became the release',
  );
  assert.equal(read(root, 'index.html'), '<html>home v2</html>');
  assert.equal(read(root, '1001/2003/index.html'), '<html>added</html>');
  const ino = (id: string, rel: string) => fs.statSync(path.join(root, 'releases', id, rel)).ino;
  assert.equal(ino(base.id, 'app-0123456789abcdef0123.js'), ino(r.id, 'app-0123456789abcdef0123.js'));
  assert.ok(!fs.existsSync(path.join(root, 'current', '1001', '2002')), 'no folder left for a deleted page');
  assert.ok(!fs.existsSync(path.join(root, 'current', 'page-data')));
  // The base release is untouched.
  assert.equal(fs.readFileSync(path.join(root, 'releases', base.id, 'index.html'), 'utf8'), '<html>home v1</html>');
  assert.ok(fs.existsSync(path.join(root, 'releases', base.id, '1001', '2002', 'index.html')));
});

test('a patch naming a path outside the release, or an unknown base, fails and leaves current as it was', async (t) => {
  const { tmp, pub, root } = fixture();
  t.after(() => fs.rmSync(tmp, { recursive: true, force: true }));
  const base = await publish(pub, root);
  const out = path.join(tmp, 'out');
  put(out, 'x.html', 'x');
  const patch = (p: Partial<ReleasePatch>) => async () =>
    prepareAndPublish(root, base.id, { outDir: out, written: [], deleted: [], ...p });
  for (const bad of ['../x.html', '/etc/x.html', 'a//x.html', '.cache/x.html', 'app.js.map'])
    await assert.rejects(patch({ written: [bad] }), /not a publishable file path/, bad);
  await assert.rejects(patch({ deleted: ['../../etc'] }), /not a publishable file path/);
  await assert.rejects(patch({ written: ['missing.html'] }), /ENOENT/);
  await assert.rejects(
    async () => prepareAndPublish(root, '20200101T000000000Z', { outDir: out, written: [], deleted: [] }),
    /no release/,
  );
  await assert.rejects(
    publishPrepared(root, path.join(tmp, '.patch-elsewhere'), { files: 0, linked: 0, copied: 0, bytesCopied: 0 }),
    /not a prepared release/,
  );
  assert.equal(currentRelease(root), base.id);
  assert.deepEqual(
    listReleases(root).map((x) => x.id),
    [base.id],
  );
});

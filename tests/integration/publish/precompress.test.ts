// The files a release carries for nginx (issue 24): .br/.gz siblings of its text files and its
// pages' policies (publish/deploy-files.ts), made at publish once the release is served, only
// for what changed; a patch release too, and nothing of a base release written in place.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { currentRelease, publishPrepared } from '../../../publish/releases';
import { publish, preparePatchRelease } from '../../../publish/release-files';
import { onDeployFilesReady, onReleaseSwitch } from '../../../publish/release-events';
import { cspMapFile } from '../../../publish/page-policies';
import { sitePolicy, sitePolicyOptionsFromEnv } from '../../../server/security-headers';

const big = (v: string) =>
  `<!doctype html><html><head><script>var v="${v}"</script></head><body>${'<p>晒单内容，做工很好。</p>'.repeat(200)}</body></html>`;
const MTIME = new Date('2026-01-02T03:04:05Z');

function put(dir: string, rel: string, body: string | Buffer, mtime = MTIME) {
  fs.mkdirSync(path.dirname(path.join(dir, rel)), { recursive: true });
  fs.writeFileSync(path.join(dir, rel), body);
  fs.utimesSync(path.join(dir, rel), mtime, mtime);
}

function fixture() {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'precompress-'));
  const pub = path.join(tmp, 'public');
  put(pub, 'index.html', big('home'));
  put(pub, '1001/2002/index.html', big('review'));
  put(pub, 'page-data/1001/2002/page-data.json', JSON.stringify({ text: '晒单'.repeat(500) }));
  put(pub, 'app-0123456789abcdef0123.js', `!function(){${'var a=1;'.repeat(500)}}();`);
  put(pub, 'styles.css', `body{color:red}${'.a{margin:0}'.repeat(200)}`);
  put(pub, 'sitemap-0.xml', `<urlset>${'<url><loc>x</loc></url>'.repeat(100)}</urlset>`);
  put(pub, 'icon.svg', `<svg>${'<path d="M0 0"/>'.repeat(100)}</svg>`);
  put(pub, 'small.js', 'var a=1;');
  put(pub, 'static/photo.jpg', Buffer.alloc(3000, 1));
  return { tmp, pub, root: path.join(tmp, 'site') };
}

const rel = (root: string, id: string, f: string) => path.join(root, 'releases', id, f);
const ino = (p: string) => fs.statSync(p).ino;
const TEXT = [
  'index.html',
  '1001/2002/index.html',
  'page-data/1001/2002/page-data.json',
  'app-0123456789abcdef0123.js',
  'styles.css',
  'sitemap-0.xml',
  'icon.svg',
];

test('every HTML, JS, CSS, JSON, XML and SVG file of 1 KB or more gets .br and .gz of its own bytes', async (t) => {
  const { tmp, pub, root } = fixture();
  t.after(() => fs.rmSync(tmp, { recursive: true, force: true }));
  const r = await publish(pub, root);
  for (const f of TEXT) {
    const file = fs.readFileSync(rel(root, r.id, f));
    assert.deepEqual(zlib.brotliDecompressSync(fs.readFileSync(rel(root, r.id, `${f}.br`))), file, f);
    assert.deepEqual(zlib.gunzipSync(fs.readFileSync(rel(root, r.id, `${f}.gz`))), file, f);
    // Same Last-Modified for every variant.
    assert.equal(fs.statSync(rel(root, r.id, `${f}.br`)).mtimeMs, fs.statSync(rel(root, r.id, f)).mtimeMs);
  }
  for (const f of ['small.js', 'static/photo.jpg'])
    assert.ok(!fs.existsSync(rel(root, r.id, `${f}.br`)) && !fs.existsSync(rel(root, r.id, `${f}.gz`)), f);
  assert.equal(r.deploy?.precompress.compressed, TEXT.length * 2);
  // Each page's policy, from the site server's function, keyed by the release.
  const map = fs.readFileSync(cspMapFile(path.join(root, 'releases', r.id)), 'utf8');
  const policy = sitePolicy(big('review'), sitePolicyOptionsFromEnv());
  assert.ok(map.includes(`"${r.id}:/1001/2002/index.html" "${policy}";`));
  assert.equal(map.trim().split('\n').length, 2, 'one line per HTML file');
});

test('a second publish compresses only the changed files and links the siblings of the rest', async (t) => {
  const { tmp, pub, root } = fixture();
  t.after(() => fs.rmSync(tmp, { recursive: true, force: true }));
  const a = await publish(pub, root);
  put(pub, 'index.html', big('home v2'), new Date(MTIME.getTime() + 60_000));
  const b = await publish(pub, root);
  assert.equal(b.deploy?.precompress.compressed, 2, 'index.html only, in two encodings');
  assert.equal(b.deploy?.precompress.linked, (TEXT.length - 1) * 2);
  assert.equal(b.deploy?.policies.read, 1, 'one page read again for its policy');
  for (const f of TEXT.filter((x) => x !== 'index.html'))
    assert.equal(ino(rel(root, b.id, `${f}.br`)), ino(rel(root, a.id, `${f}.br`)), f);
  assert.equal(zlib.brotliDecompressSync(fs.readFileSync(rel(root, b.id, 'index.html.br'))).toString(), big('home v2'));
  // The first release keeps its own.
  assert.equal(zlib.brotliDecompressSync(fs.readFileSync(rel(root, a.id, 'index.html.br'))).toString(), big('home'));
  const map = fs.readFileSync(cspMapFile(path.join(root, 'releases', b.id)), 'utf8');
  assert.ok(map.includes(`"${b.id}:/index.html" "${sitePolicy(big('home v2'), sitePolicyOptionsFromEnv())}";`));
  assert.ok(map.includes(`"${b.id}:/1001/2002/index.html"`), 'a reused line takes the new release id');
});

test('a patch release: written files compressed again, deleted pages lose their siblings, the base is untouched', async (t) => {
  const { tmp, pub, root } = fixture();
  t.after(() => fs.rmSync(tmp, { recursive: true, force: true }));
  const base = await publish(pub, root);
  const out = path.join(tmp, 'out');
  put(out, '1001/2002/index.html', big('review v2'));
  put(out, '1001/2003/index.html', big('added'));
  const prepared = path.join(root, 'releases', '.patch-test');
  const stats = preparePatchRelease(prepared, {
    base: path.join(root, 'releases', base.id),
    outDir: out,
    written: ['1001/2002/index.html', '1001/2003/index.html'],
    deleted: ['page-data/1001/2002/page-data.json'],
  });
  const r = await publishPrepared(root, prepared, stats);
  assert.equal(r.deploy?.precompress.compressed, 4, 'the two written pages');
  for (const [f, v] of [
    ['1001/2002/index.html', 'review v2'],
    ['1001/2003/index.html', 'added'],
  ]) {
    assert.equal(zlib.brotliDecompressSync(fs.readFileSync(rel(root, r.id, `${f}.br`))).toString(), big(v));
    assert.equal(zlib.gunzipSync(fs.readFileSync(rel(root, r.id, `${f}.gz`))).toString(), big(v));
  }
  assert.ok(!fs.existsSync(rel(root, r.id, 'page-data/1001/2002/page-data.json.br')));
  assert.equal(ino(rel(root, r.id, 'index.html.br')), ino(rel(root, base.id, 'index.html.br')));
  assert.equal(
    zlib.brotliDecompressSync(fs.readFileSync(rel(root, base.id, '1001/2002/index.html.br'))).toString(),
    big('review'),
    "the base release's sibling was not written through its link",
  );
  const map = fs.readFileSync(cspMapFile(path.join(root, 'releases', r.id)), 'utf8');
  assert.ok(
    map.includes(`"${r.id}:/1001/2002/index.html" "${sitePolicy(big('review v2'), sitePolicyOptionsFromEnv())}";`),
  );
  assert.ok(map.includes(`"${r.id}:/1001/2003/index.html"`));
});

test('issue 23: the release is served before its deploy files are made; the listeners are told when they are', async (t) => {
  const { tmp, pub, root } = fixture();
  t.after(() => fs.rmSync(tmp, { recursive: true, force: true }));
  // What the release had when it was switched to, and what it had when its deploy files were ready.
  const atSwitch: Array<{ to: string; served: string | null; map: boolean; siblings: boolean }> = [];
  const ready: Array<{ id: string; map: boolean; siblings: boolean }> = [];
  const has = (id: string) => ({
    map: fs.existsSync(cspMapFile(path.join(root, 'releases', id))),
    siblings: fs.existsSync(rel(root, id, 'index.html.br')),
  });
  const offSwitch = onReleaseSwitch(({ to }) => atSwitch.push({ to, served: currentRelease(root), ...has(to) }));
  const offReady = onDeployFilesReady(({ id }) => ready.push({ id, ...has(id) }));
  t.after(() => {
    offSwitch();
    offReady();
  });
  const r = await publish(pub, root);
  assert.deepEqual(atSwitch, [{ to: r.id, served: r.id, map: false, siblings: false }]);
  assert.deepEqual(ready, [{ id: r.id, map: true, siblings: true }]);
  assert.ok(r.servedMs! <= r.ms, `served after ${r.servedMs} ms, done after ${r.ms} ms`);
  assert.equal(r.deployError, undefined);
  assert.ok(r.deploy!.precompress.compressed > 0);
});

test('issue 23: deploy files stopped after the switch leave the release served, and the next publish makes them', async (t) => {
  const { tmp, pub, root } = fixture();
  t.after(() => fs.rmSync(tmp, { recursive: true, force: true }));
  const abort = new AbortController();
  // Stopped as soon as the release is served: the deploy files never start.
  const off = onReleaseSwitch(() => abort.abort());
  const first = await publish(pub, root, { signal: abort.signal }).finally(off);
  assert.equal(currentRelease(root), first.id);
  assert.match(first.deployError ?? '', /abort/i);
  assert.equal(fs.existsSync(rel(root, first.id, 'index.html.br')), false);
  const second = await publish(pub, root);
  assert.equal(second.deployError, undefined);
  for (const f of TEXT) assert.ok(fs.existsSync(rel(root, second.id, `${f}.br`)), `${f}.br`);
  assert.ok(fs.readFileSync(cspMapFile(path.join(root, 'releases', second.id)), 'utf8').includes('/index.html"'));
});

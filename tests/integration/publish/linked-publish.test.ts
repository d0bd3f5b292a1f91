// The linked and the moved publish of a staging workspace (issue 23): the release is public/'s
// files hard-linked, or public/ itself renamed and linked back after the switch, and a later build writing into public/ under the workspace guard
// (publish/workspace-guard.cjs) never changes a published file. Real files, real child
// processes writing the ways Gatsby does (fs-extra's outputFile = writeFile with O_TRUNC,
// streams, copyFile onto a file, appends); without the guard the same writes do change the
// release, which is why it exists.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { currentRelease, republish, type PublishOptions } from '../../../publish/releases';
import { publish } from '../../../publish/release-files';
import { breakSharedLinks, guardedEnv } from '../../../publish/workspace-guard';

const big = (v: string) =>
  `<!doctype html><html><body><h1>${v}</h1>${'<p>晒单内容，做工很好。</p>'.repeat(300)}</body></html>`;
const FILES: Record<string, string> = {
  'index.html': big('home v1'),
  '1001/2002/index.html': big('review v1'),
  '1001/2003/index.html': big('other review v1'),
  'page-data/1001/2002/page-data.json': JSON.stringify({ v: 1, text: '晒单'.repeat(600) }),
  'sw.js': `self.v=1;${'var a=1;'.repeat(300)}`,
  'sitemap-0.xml': `<urlset>${'<url><loc>v1</loc></url>'.repeat(100)}</urlset>`,
  'static/logo.svg': `<svg>${'<path d="M0 0"/>'.repeat(100)}</svg>`,
  'static/notes.txt': 'v1',
  'static/tail.txt': 'head-',
};

function fixture() {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'linked-publish-'));
  const pub = path.join(tmp, 'public');
  for (const [rel, body] of Object.entries(FILES)) {
    fs.mkdirSync(path.dirname(path.join(pub, rel)), { recursive: true });
    fs.writeFileSync(path.join(pub, rel), body);
  }
  // What a release leaves out, and the workspace keeps.
  fs.writeFileSync(path.join(pub, 'app-0123.js.map'), '{}');
  fs.writeFileSync(path.join(pub, 'static', '.stamp'), 'x');
  fs.symlinkSync('/etc/hostname', path.join(pub, 'static', 'leak.txt'));
  return { tmp, pub, root: path.join(tmp, 'site') };
}

/** What a later build does to public/, through each way of writing a file Gatsby's code uses. */
const WRITES = (fsExtra: string) => `
const fs = require('node:fs');
const fse = require(${JSON.stringify(fsExtra)});
const p = (r) => require('node:path').join(process.env.PUB, r);
(async () => {
  await fse.outputFile(p('1001/2002/index.html'), 'NEW review');            // render-html.js, ensure-file-content.js
  fs.writeFileSync(p('page-data/1001/2002/page-data.json'), '{"v":2}');     // sync writers
  await fs.promises.writeFile(p('sitemap-0.xml'), '<urlset>v2</urlset>');   // promise writers
  await new Promise((ok) => fs.createWriteStream(p('sw.js')).end('self.v=2', ok)); // workbox, streams
  fs.writeFileSync(p('.tmp-logo'), '<svg>v2</svg>');
  fs.copyFileSync(p('.tmp-logo'), p('static/logo.svg'));                    // static/ copied over
  fs.unlinkSync(p('.tmp-logo'));
  fs.appendFileSync(p('static/tail.txt'), 'appended');                      // keeps its content
  const fd = fs.openSync(p('static/notes.txt'), 'r+'); fs.writeSync(fd, 'V2'); fs.closeSync(fd);
  fs.truncateSync(p('index.html'), 15);
})().catch((e) => { console.error(e); process.exit(1); });
`;

function laterBuild(pub: string, guarded: boolean) {
  const env = { ...process.env, PUB: pub, PUBLISH_GUARD_DIRS: pub, NODE_OPTIONS: '' };
  const r = spawnSync(process.execPath, ['-e', WRITES(require.resolve('fs-extra'))], {
    env: guarded ? guardedEnv(env) : env,
    encoding: 'utf8',
  });
  assert.equal(r.status, 0, r.stderr);
}

const releaseFile = (root: string, id: string, rel: string) => path.join(root, 'releases', id, rel);
const readAll = (root: string, id: string) =>
  Object.fromEntries(Object.keys(FILES).map((f) => [f, fs.readFileSync(releaseFile(root, id, f), 'utf8')]));

for (const mode of ['link', 'move'] as const) {
  const how: PublishOptions = { [mode]: true };
  test(`${mode}: a linked publish links every file of public/ (no copy) and serves the same bytes`, async (t) => {
    const { tmp, pub, root } = fixture();
    t.after(() => fs.rmSync(tmp, { recursive: true, force: true }));
    const r = await publish(pub, root, how);
    assert.equal(r.files, Object.keys(FILES).length);
    assert.equal(mode === 'link' ? r.linked : r.moved, r.files);
    assert.equal(r.copied, 0);
    // Left out of the release, still in the workspace (the moved publish set them aside and back).
    for (const f of ['app-0123.js.map', 'static/.stamp', 'static/leak.txt']) {
      assert.ok(!fs.existsSync(releaseFile(root, r.id, f)), `${f} published`);
      assert.ok(fs.lstatSync(path.join(pub, f)), `${f} kept in public/`);
    }
    assert.ok(fs.lstatSync(path.join(pub, 'static/leak.txt')).isSymbolicLink());
    assert.ok(!fs.existsSync(path.join(pub, '1001/2002/index.html.br')), 'no sibling in public/');
    for (const [f, body] of Object.entries(FILES)) {
      assert.equal(fs.readFileSync(path.join(root, 'current', f), 'utf8'), body, f);
      assert.equal(fs.statSync(releaseFile(root, r.id, f)).ino, fs.statSync(path.join(pub, f)).ino, `${f} linked`);
    }
    // The siblings nginx sends are the file's bytes compressed.
    const br = zlib.brotliDecompressSync(fs.readFileSync(releaseFile(root, r.id, '1001/2002/index.html.br')));
    assert.equal(br.toString(), FILES['1001/2002/index.html']);
  });
}

test('without the guard, a later build writing in place changes the published release (why the guard exists)', async (t) => {
  const { tmp, pub, root } = fixture();
  t.after(() => fs.rmSync(tmp, { recursive: true, force: true }));
  const r = await publish(pub, root, { link: true });
  laterBuild(pub, false);
  assert.notDeepEqual(readAll(root, r.id), FILES);
  assert.equal(fs.readFileSync(releaseFile(root, r.id, '1001/2002/index.html'), 'utf8'), 'NEW review');
});

for (const mode of ['link', 'move'] as const) {
  const how: PublishOptions = { [mode]: true };
  test(`${mode}: with the guard, a later build rewrites public/ and the published release keeps every byte`, async (t) => {
    const { tmp, pub, root } = fixture();
    t.after(() => fs.rmSync(tmp, { recursive: true, force: true }));
    const first = await publish(pub, root, how);
    const untouched = fs.statSync(path.join(pub, '1001/2003/index.html')).ino;
    laterBuild(pub, true);
    assert.deepEqual(readAll(root, first.id), FILES, 'the release is unchanged');
    // public/ has the later build's files: the guard replaced the names, it did not block writes.
    const now = (f: string) => fs.readFileSync(path.join(pub, f), 'utf8');
    assert.equal(now('1001/2002/index.html'), 'NEW review');
    assert.equal(now('page-data/1001/2002/page-data.json'), '{"v":2}');
    assert.equal(now('sitemap-0.xml'), '<urlset>v2</urlset>');
    assert.equal(now('sw.js'), 'self.v=2');
    assert.equal(now('static/logo.svg'), '<svg>v2</svg>');
    assert.equal(now('static/tail.txt'), 'head-appended');
    assert.equal(now('static/notes.txt'), 'V2');
    assert.equal(now('index.html'), FILES['index.html'].slice(0, 15));
    // The file the build left alone is still the release's inode: an unchanged file costs nothing.
    assert.equal(fs.statSync(path.join(pub, '1001/2003/index.html')).ino, untouched);

    // The next publish: changed files new, unchanged ones shared with the first release, with
    // their siblings; each release's siblings match its own bytes.
    const second = await publish(pub, root, how);
    assert.equal(second.copied, 0);
    const ino = (id: string, f: string) => fs.statSync(releaseFile(root, id, f)).ino;
    assert.equal(ino(first.id, '1001/2003/index.html'), ino(second.id, '1001/2003/index.html'));
    assert.equal(ino(first.id, '1001/2003/index.html.br'), ino(second.id, '1001/2003/index.html.br'));
    assert.notEqual(ino(first.id, '1001/2002/index.html'), ino(second.id, '1001/2002/index.html'));
    const gunzip = (id: string, f: string) =>
      zlib.gunzipSync(fs.readFileSync(releaseFile(root, id, `${f}.gz`))).toString();
    assert.equal(gunzip(first.id, 'sitemap-0.xml'), FILES['sitemap-0.xml']);
    assert.ok(!fs.existsSync(releaseFile(root, second.id, 'sitemap-0.xml.gz')), 'too small now: no sibling');
    assert.equal(gunzip(first.id, 'page-data/1001/2002/page-data.json'), FILES['page-data/1001/2002/page-data.json']);
    assert.equal(fs.readFileSync(path.join(root, 'current', '1001/2002/index.html'), 'utf8'), 'NEW review');

    // Rollback serves the first release's bytes again, siblings included.
    await republish(root, first.id);
    assert.equal(currentRelease(root), first.id);
    assert.equal(
      fs.readFileSync(path.join(root, 'current', '1001/2002/index.html'), 'utf8'),
      FILES['1001/2002/index.html'],
    );
    const br = zlib.brotliDecompressSync(fs.readFileSync(path.join(root, 'current', '1001/2002/index.html.br')));
    assert.equal(br.toString(), FILES['1001/2002/index.html']);
  });
}

test('the safety net for an unguarded build: breakSharedLinks gives every shared file its own copy, same bytes', async (t) => {
  const { tmp, pub, root } = fixture();
  t.after(() => fs.rmSync(tmp, { recursive: true, force: true }));
  const r = await publish(pub, root, { link: true });
  assert.equal(breakSharedLinks(pub), Object.keys(FILES).length);
  assert.equal(breakSharedLinks(pub), 0, 'nothing shared any more');
  laterBuild(pub, false);
  assert.deepEqual(readAll(root, r.id), FILES);
  assert.equal(fs.readFileSync(path.join(pub, '1001/2003/index.html'), 'utf8'), FILES['1001/2003/index.html']);
});

for (const mode of ['link', 'move'] as const) {
  const how: PublishOptions = { [mode]: true };
  test(`${mode}: a page a full build rewrote with the same bytes (a new inode) keeps the previous release siblings: not compressed again`, async (t) => {
    const { tmp, pub, root } = fixture();
    t.after(() => fs.rmSync(tmp, { recursive: true, force: true }));
    const first = await publish(pub, root, how);
    // What a full `gatsby build` does to every page it renders: the same HTML written again
    // (under the guard: a new inode), and one page that really changed.
    const env = { ...process.env, PUBLISH_GUARD_DIRS: pub, NODE_OPTIONS: '' };
    const script = `const fs=require('node:fs'),p=require('node:path');
    for (const f of ['index.html','1001/2002/index.html','1001/2003/index.html']) {
      const abs=p.join(${JSON.stringify(pub)},f); fs.writeFileSync(abs, f==='1001/2003/index.html' ? ${JSON.stringify(big('changed'))} : fs.readFileSync(abs));
    }`;
    const r = spawnSync(process.execPath, ['-e', script], { env: guardedEnv(env), encoding: 'utf8' });
    assert.equal(r.status, 0, r.stderr);
    const second = await publish(pub, root, how);
    const ino = (id: string, f: string) => fs.statSync(releaseFile(root, id, f)).ino;
    assert.notEqual(ino(first.id, 'index.html'), ino(second.id, 'index.html'), 'rewritten: a new inode');
    for (const s of ['.br', '.gz'])
      assert.equal(ino(first.id, `index.html${s}`), ino(second.id, `index.html${s}`), `index.html${s} linked`);
    assert.equal(second.deploy!.precompress.compressed, 2, 'only the changed page, .br and .gz');
    const br = zlib.brotliDecompressSync(fs.readFileSync(releaseFile(root, second.id, '1001/2003/index.html.br')));
    assert.equal(br.toString(), big('changed'));
  });
}

test('move: a publish that fails after the move serves what it served, leaves nothing behind, and no half public/', async (t) => {
  const { tmp, pub, root } = fixture();
  t.after(() => fs.rmSync(tmp, { recursive: true, force: true }));
  const first = await publish(pub, root, { move: true });
  // Aborted: stopped after public/ was renamed into the partial release, before the switch.
  await assert.rejects(publish(pub, root, { move: true, signal: AbortSignal.abort() }));
  assert.equal(currentRelease(root), first.id);
  assert.deepEqual(
    fs.readdirSync(path.join(root, 'releases')).filter((n) => n !== first.id),
    [],
    'no partial release, nothing held',
  );
  // Gatsby finds .cache/ without public/ and builds from scratch: never from half a public/.
  assert.ok(!fs.existsSync(pub));
  assert.deepEqual(readAll(root, first.id), FILES);
});

test("gatsby-config's hook without the guard loaded: shared files copied first, the workers' NODE_OPTIONS set; with it: nothing", async (t) => {
  const { tmp, pub, root } = fixture();
  t.after(() => fs.rmSync(tmp, { recursive: true, force: true }));
  await publish(pub, root, { link: true });
  const hook = path.resolve(__dirname, '../../../publish/workspace-guard.ts');
  const script = `const m = require(${JSON.stringify(hook)});
    m.ensureWorkspaceGuard(${JSON.stringify(pub)});
    console.log(JSON.stringify({ nodeOptions: process.env.NODE_OPTIONS }));`;
  const run = (env: NodeJS.ProcessEnv) =>
    spawnSync(process.execPath, ['--import', 'tsx', '-e', script], { env, encoding: 'utf8' });
  const nlinks = () => Object.keys(FILES).filter((f) => fs.statSync(path.join(pub, f)).nlink > 1).length;

  // Loaded (the build queue's way): public/ stays shared, nothing copied.
  const guarded = run(guardedEnv({ ...process.env, PUBLISH_GUARD_DIRS: pub, NODE_OPTIONS: '' }));
  assert.equal(guarded.status, 0, guarded.stderr);
  assert.equal(nlinks(), Object.keys(FILES).length);

  const bare = run({ ...process.env, NODE_OPTIONS: '' });
  assert.equal(bare.status, 0, bare.stderr);
  assert.equal(nlinks(), 0, 'every shared file got its own copy');
  assert.match(bare.stderr, /workspace guard: not loaded/);
  assert.ok(JSON.parse(bare.stdout.trim().split('\n').at(-1)!).nodeOptions.includes('workspace-guard.cjs'));
});

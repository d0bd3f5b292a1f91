// The site server serves the built site and nothing else (issue 12, items 6 and 10): no file
// reached through a symlink out of public/, no dot-name, no source map or webpack stats. A
// real Fastify instance on a random port over a site tree on disk with such entries.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { serveSite } from '../../../server/site/serve-site';

let app: FastifyInstance;
let base: string;
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'site-hardening-'));
const dir = path.join(tmp, 'public');
const outside = path.join(tmp, 'outside');
const SECRET = 'secret outside the site';

function put(root: string, rel: string, body: string) {
  fs.mkdirSync(path.dirname(path.join(root, rel)), { recursive: true });
  fs.writeFileSync(path.join(root, rel), body);
}

before(async () => {
  put(dir, 'index.html', '<html>home</html>');
  put(dir, '404.html', '<html>404</html>');
  put(dir, '500.html', '<html>500</html>');
  put(dir, '404/index.html', '<html>404</html>');
  put(dir, '500/index.html', '<html>500</html>');
  put(dir, 'about/index.html', '<html>about</html>');
  put(dir, 'app-0123456789abcdef0123.js', 'js');
  put(dir, 'app-0123456789abcdef0123.js.map', '{"sources":["src/secret.ts"]}');
  put(dir, 'webpack.stats.json', '{"assetsByChunkName":{}}');
  put(dir, 'chunk-map.json', '{"app":["/app.js"]}');
  put(dir, '.build-stamp', '2024-01-01T00:00:00Z');
  put(dir, '.cache/page/index.html', '<html>cached</html>');
  put(dir, 'static/.hidden.jpg', 'jpg');
  put(outside, 'secret.txt', SECRET);
  put(outside, 'dir/index.html', `<html>${SECRET}</html>`);
  fs.symlinkSync(path.join(outside, 'secret.txt'), path.join(dir, 'leak.txt'));
  fs.symlinkSync(path.join(outside, 'dir'), path.join(dir, 'leakdir'));
  fs.symlinkSync(outside, path.join(dir, 'static', 'out'));
  // A symlink that stays inside the site is fine.
  fs.symlinkSync(path.join(dir, 'about'), path.join(dir, 'about-alias'));
  app = Fastify();
  await serveSite(app, { siteDir: dir });
  base = await app.listen({ port: 0, host: '127.0.0.1' });
});
after(async () => {
  await app.close();
  fs.rmSync(tmp, { recursive: true, force: true });
});

const get = (p: string) => fetch(base + p, { redirect: 'manual' });

async function assertRefused(p: string) {
  const r = await get(p);
  const body = await r.text();
  assert.equal(r.status, 404, `${p} answers ${r.status}`);
  assert.ok(
    !body.includes(SECRET) && !body.includes('sources') && !body.includes('cached') && !body.includes('2024'),
    `${p} leaks: ${body}`,
  );
}

test('symlinks that lead out of the site are not followed', async () => {
  for (const p of [
    '/review/leak.txt',
    '/review/leakdir/',
    '/review/leakdir',
    '/review/leakdir/index.html',
    '/review/static/out/secret.txt',
  ])
    await assertRefused(p);
  const inside = await get('/review/about-alias/');
  assert.equal(inside.status, 200);
  assert.equal(await inside.text(), '<html>about</html>');
});

test('dot-names are never served: files, directories, anywhere in the path', async () => {
  for (const p of [
    '/review/.build-stamp',
    '/review/.cache/page/',
    '/review/.cache/page/index.html',
    '/review/static/.hidden.jpg',
    '/review/%2Ebuild-stamp',
  ])
    await assertRefused(p);
});

test('source maps, webpack.stats.json and chunk-map.json stay on disk, not on the web', async () => {
  for (const p of ['/review/app-0123456789abcdef0123.js.map', '/review/webpack.stats.json', '/review/chunk-map.json'])
    await assertRefused(p);
  assert.equal((await get('/review/app-0123456789abcdef0123.js')).status, 200);
});

test('the status pages answer with their status at every URL Gatsby writes them to, never indexed', async () => {
  for (const [p, status] of [
    ['/review/404.html', 404],
    ['/review/404/', 404],
    ['/review/500.html', 500],
    ['/review/500/', 500],
  ] as const) {
    const r = await get(p);
    assert.equal(r.status, status, p);
    assert.equal(await r.text(), `<html>${status}</html>`, p);
    assert.equal(r.headers.get('x-robots-tag'), 'noindex', p);
  }
});

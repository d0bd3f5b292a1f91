// Reliability suite, build under faults (issue 12): a required storefront endpoint down makes
// `gatsby build` exit non-zero with a message that names the endpoint, and the previous build
// output is left byte for byte as it was and is still served. A real Gatsby build in a copy of
// the sources (scripts/site-copy.ts) against a real API that is down in two ways. The 5%
// malformed-reviews half is the bench's (`npm run bench -- --only faults`, a real 10,000-review
// build) and, at e2e size, tests/e2e/published.test.ts (skipped = reported, the rest built).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { copySiteSources } from '../../../scripts/site-copy';
import { registerSite } from '../../../server/site';
import { remainingMs } from '../../helpers/deadline';
import { runInGroup } from '../../helpers/processes';

let dir: string;
let site: FastifyInstance;
let siteUrl: string;

/** Every file under `root`: relative path -> size, mtime and sha256. */
function snapshot(root: string): Map<string, string> {
  const out = new Map<string, string>();
  const walk = (d: string) => {
    for (const e of fs.readdirSync(d, { withFileTypes: true })) {
      const p = path.join(d, e.name);
      if (e.isDirectory()) walk(p);
      else {
        const st = fs.statSync(p);
        out.set(
          path.relative(root, p),
          `${st.size} ${st.mtimeMs} ${crypto.createHash('sha256').update(fs.readFileSync(p)).digest('hex')}`,
        );
      }
    }
  };
  walk(root);
  return out;
}

/** `gatsby build` in the copy, in a process group of its own ended on its deadline or on cancel. */
function gatsbyBuild(apiUrl: string): Promise<{ code: number | null; out: string }> {
  return runInGroup(process.execPath, [path.join(dir, 'node_modules', 'gatsby', 'cli.js'), 'build', '--prefix-paths'], {
    cwd: dir,
    what: 'gatsby build against an API that is down',
    timeoutMs: remainingMs(),
    env: { ...process.env, STOREFRONT_API_URL: apiUrl, GATSBY_TELEMETRY_DISABLED: '1', CI: 'true' },
  });
}

before(async () => {
  dir = copySiteSources(fs.mkdtempSync(path.join(os.tmpdir(), 'build-faults-')));
  // The previous build: what shoppers are being served when the next build starts. No .cache/
  // (the case in which Gatsby deletes old HTML and CSS once sourcing has succeeded).
  const pub = path.join(dir, 'public');
  const files: Record<string, string> = {
    'index.html':
      '<!doctype html><html lang="zh-CN"><head><title>海淘晒单</title></head><body><h1>上一次发布的首页</h1></body></html>',
    '100001/5000001/index.html':
      '<!doctype html><html lang="zh-CN"><head><title>晒单</title></head><body><h1>上一次发布的晒单</h1></body></html>',
    'page-data/100001/5000001/page-data.json': JSON.stringify({
      path: '/100001/5000001/',
      result: { pageContext: { info: { content: '好看' } } },
    }),
    'styles.0123.css': 'body{color:#333}',
    '404.html': '<!doctype html><html lang="zh-CN"><body>404</body></html>',
  };
  for (const [rel, body] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(pub, rel)), { recursive: true });
    fs.writeFileSync(path.join(pub, rel), body);
  }
  site = Fastify({ logger: false });
  await registerSite(site, pub, { reviewExists: async () => false });
  await site.listen({ host: '127.0.0.1', port: 0 });
  siteUrl = `http://127.0.0.1:${(site.server.address() as { port: number }).port}`;
});

after(async () => {
  await site?.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

async function served() {
  return Promise.all(
    ['/review/', '/review/100001/5000001/', '/review/page-data/100001/5000001/page-data.json'].map(async (p) => {
      const r = await fetch(siteUrl + p);
      return `${p} ${r.status} ${await r.text()}`;
    }),
  );
}

const cases: Array<{
  name: string;
  start: () => Promise<{ url: string; close: () => Promise<void> }>;
  endpoint: RegExp;
}> = [
  {
    name: 'the API answers 503 to everything',
    endpoint: /Required storefront endpoint failed: GET \/api\/v2\/productcategories/,
    start: async () => {
      const api = Fastify({ logger: false });
      api.all('/*', async (_req, reply) =>
        reply
          .code(503)
          .send({ messages: ['服务暂不可用'], message: '服务暂不可用', statusCode: 503, code: 'UNAVAILABLE' }),
      );
      await api.listen({ host: '127.0.0.1', port: 0 });
      return { url: `http://127.0.0.1:${(api.server.address() as { port: number }).port}`, close: () => api.close() };
    },
  },
  {
    name: 'nothing listens at the API address',
    endpoint: /Required storefront endpoint failed: GET \/api\/v2\/productcategories .*ECONNREFUSED/,
    start: async () => {
      const probe = Fastify({ logger: false });
      await probe.listen({ host: '127.0.0.1', port: 0 });
      const url = `http://127.0.0.1:${(probe.server.address() as { port: number }).port}`;
      await probe.close();
      return { url, close: async () => {} };
    },
  },
];

for (const c of cases) {
  test(`required endpoint down (${c.name}): non-zero exit naming it, previous output untouched and still served`, async () => {
    const before = snapshot(path.join(dir, 'public'));
    const servedBefore = await served();
    assert.match(servedBefore[1], /^\/review\/100001\/5000001\/ 200 .*上一次发布的晒单/);
    const api = await c.start();
    let r: { code: number | null; out: string };
    try {
      r = await gatsbyBuild(api.url);
    } finally {
      await api.close();
    }
    assert.notEqual(r.code, 0, 'the build fails');
    assert.match(r.out, c.endpoint, `the message names the endpoint:\n${r.out.slice(-2000)}`);
    assert.match(r.out, /leaves any earlier output untouched/);
    assert.deepEqual(snapshot(path.join(dir, 'public')), before, 'public/ byte for byte as before');
    assert.deepEqual(await served(), servedBefore, 'the previous build is still what is served');
  });
}

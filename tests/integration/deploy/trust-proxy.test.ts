// Issue 39, N4: behind nginx every client had nginx's address, so 5 SMS codes closed SMS sign-in
// for everyone and a stranger's 10 bad editor tokens locked out every editor's client without the
// device cookie. TRUST_PROXY (addresses or CIDRs, Fastify's trustProxy) names nginx; the limits
// then count the client nginx saw. Real nginx in front of a real node (deploy/node.ts, as
// docs/deploy.md runs it); clients on different loopback addresses stand for different shoppers
// (Linux routes all of 127/8 to lo), nginx reaches the node from 127.0.0.1.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { publish } from '../../../publish/release-files';
import { writeNginxConfig } from '../../../deploy/nginx/render';
import { freePort, startNginx, type RunningNginx } from '../../../deploy/nginx/process';
import { page, put, startNodeProcess, stopNodeProcess, tmpDir, TOKEN, type NodeProcess } from './fixture';

const tmp = tmpDir('trust-proxy');
const root = path.join(tmp, 'var', 'site');
let node: NodeProcess;
let nginx: RunningNginx;

/** deploy/node.ts with the environment given. */
const startNode = (env: Record<string, string>) =>
  startNodeProcess({
    SITE_RELEASES_DIR: root,
    DB_FILE: path.join(tmp, 'db.sqlite'),
    MEDIA_DIR: path.join(tmp, 'media'),
    ...env,
  });

before(async () => {
  const pub = path.join(tmp, 'public');
  put(pub, 'index.html', page('首页', 'window.pagePath="/"'));
  put(pub, '404.html', page('404', 'window.is404=true'));
  await publish(pub, root);
  // nginx's address only: what a client writes into X-Forwarded-For itself is not believed.
  node = await startNode({ TRUST_PROXY: '127.0.0.1' });
  const port = await freePort();
  const outDir = path.join(tmp, 'nginx');
  const conf = await writeNginxConfig({
    outDir,
    listen: `127.0.0.1:${port}`,
    siteRoot: root,
    upstreams: [new URL(node.url).host],
    workers: 1,
  });
  nginx = await startNginx(conf, outDir, port);
});
after(async () => {
  await nginx?.stop();
  await stopNodeProcess(node);
  fs.rmSync(tmp, { recursive: true, force: true });
});

/** A request to nginx from a given loopback address; the status. */
function from(
  localAddress: string,
  method: string,
  url: string,
  headers: Record<string, string> = {},
  body?: string,
): Promise<number> {
  const u = new URL(url, nginx.url);
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: u.hostname,
        port: u.port,
        path: u.pathname,
        method,
        localAddress,
        agent: false,
        headers: {
          ...headers,
          ...(body === undefined
            ? {}
            : { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(body)) }),
        },
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode!));
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

const sms = (ip: string, phone: string, headers: Record<string, string> = {}) =>
  from(ip, 'POST', '/api/v2/signin/sms', headers, JSON.stringify({ phone }));

test('through nginx, the SMS code limit is per shopper, not for everyone behind nginx', async () => {
  // A shopper spends the per-client budget (5 codes per 10 minutes) ...
  for (let n = 0; n < 5; n++) assert.equal(await sms('127.0.0.2', `1391000000${n}`), 200, `code ${n + 1}`);
  assert.equal(await sms('127.0.0.2', '13910000009'), 429);
  // ... and cannot get more by claiming another address in X-Forwarded-For (nginx appends the real one).
  assert.equal(await sms('127.0.0.2', '13910000008', { 'x-forwarded-for': '203.0.113.9' }), 429);
  // Another shopper behind the same nginx still gets a code.
  assert.equal(await sms('127.0.0.3', '13920000001'), 200);
});

test("through nginx, a stranger's bad editor tokens do not lock out an editor's client without the cookie", async () => {
  const list = (ip: string, token: string) =>
    from(ip, 'GET', '/editor/api/takedowns', { authorization: `Bearer ${token}` });
  for (let i = 0; i < 10; i++) assert.equal(await list('127.0.0.4', `guess-${i}`), 401);
  assert.equal(await list('127.0.0.4', 'guess-x'), 429);
  assert.equal(await list('127.0.0.4', 'guess-y'), 429, 'the stranger stays locked out');
  // curl, a webhook, a new browser: no device cookie, another address.
  assert.equal(await list('127.0.0.5', TOKEN), 200);
});

test('a TRUST_PROXY that is not an address or a CIDR stops the node with its name', async () => {
  // (A node that starts anyway is stopped, so that the failure leaves no process behind.)
  const started = startNode({ TRUST_PROXY: '127.0.0.1, nginx.internal' }).then(stopNodeProcess);
  await assert.rejects(started, /TRUST_PROXY: "nginx\.internal"/);
});

// Issue 39, N5 behind nginx: the shipped config drops a body that pauses (client_body_timeout),
// and nginx reads a proxied upload's whole body before passing it on, so eight connections
// dripping 1 KB at a time hold nginx connections, not the site server's upload slots: other
// shoppers' uploads through the same nginx go through. Real nginx, real slow sockets; the
// timeout is rendered at 1 s here (10 s shipped). (The buffering was already there: the last test
// guards it; the first two fail without client_body_timeout in the template.)
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import sharp from 'sharp';
import { publish } from '../../../publish/release-files';
import { registerSite } from '../../../server/site';
import { startServer, type RunningServer } from '../../../server/start';
import { renderNginx, writeNginxConfig } from '../../../deploy/nginx/render';
import { freePort, startNginx, type RunningNginx } from '../../../deploy/nginx/process';
import { page, put, tmpDir } from './fixture';
import { rawPhotoUpload } from '../server/raw-photo-upload';

const tmp = tmpDir('slow-uploads');
const root = path.join(tmp, 'var', 'site');
let server: RunningServer;
let nginx: RunningNginx;
let port: number;
let session: Record<string, string>;
let photo: Buffer;

before(async () => {
  const pub = path.join(tmp, 'public');
  put(pub, 'index.html', page('首页', 'window.pagePath="/"'));
  put(pub, '404.html', page('404', 'window.is404=true'));
  await publish(pub, root);
  const codes = new Map<string, string>();
  server = await startServer({
    dbFile: path.join(tmp, 'db.sqlite'),
    mediaDir: path.join(tmp, 'media'),
    host: '127.0.0.1',
    port: 0,
    seedReviews: 10,
    // As docs/deploy.md runs it (TRUST_PROXY): the upload slots per address count nginx's clients.
    trustProxy: ['127.0.0.1'],
    logSmsCodes: false,
    devCodeLog: (phone, code) => codes.set(phone, code),
    configure: (app) => registerSite(app, path.join(root, 'current')),
  });
  port = await freePort();
  const outDir = path.join(tmp, 'nginx');
  const conf = await writeNginxConfig({
    outDir,
    listen: `127.0.0.1:${port}`,
    siteRoot: root,
    upstreams: [new URL(server.url).host],
    workers: 1,
    bodyTimeout: '1s',
  });
  nginx = await startNginx(conf, outDir, port);
  const phone = '13800000031';
  const post = (p: string, body: unknown) =>
    fetch(server.url + p, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  assert.equal((await post('/api/v2/signin/sms', { phone })).status, 200);
  const signed = (await (await post('/api/v2/signin/sms/verification', { phone, code: codes.get(phone) })).json()) as {
    userId: string;
    userKey: string;
  };
  session = { 'X-Session-User': signed.userId, 'X-Session-Key': signed.userKey };
  const raw = Buffer.alloc(400 * 300 * 3);
  for (let i = 0; i < raw.length; i++) raw[i] = (i * 2654435761) >>> 24;
  photo = await sharp(raw, { raw: { width: 400, height: 300, channels: 3 } })
    .jpeg()
    .toBuffer();
});
after(async () => {
  await nginx?.stop();
  await server?.close();
  fs.rmSync(tmp, { recursive: true, force: true });
});

/**
 * POSTs a photo id to nginx from `localAddress`: `chunk` bytes every `everyMs` (all at once when
 * 0), stopping after `upTo` bytes; resolves with the status (0: closed without an answer) once
 * the answer is complete or the connection closed.
 */
function upload(localAddress: string, chunk: number, everyMs: number, upTo = Infinity): Promise<number> {
  const { head, payload } = rawPhotoUpload(session, photo);
  return new Promise((resolve) => {
    const sock = net.connect({ port, host: '127.0.0.1', localAddress });
    let got = '';
    let at = 0;
    let timer: NodeJS.Timeout | undefined;
    const done = () => {
      clearInterval(timer);
      sock.destroy();
      resolve(Number(/^HTTP\/1\.1 (\d{3})/.exec(got)?.[1] ?? 0));
    };
    sock.on('data', (d) => {
      got += d;
      const [head2, body = ''] = got.split('\r\n\r\n');
      const length = Number(/content-length: (\d+)/i.exec(head2)?.[1] ?? NaN);
      if (Buffer.byteLength(body) >= length) done();
    });
    sock.on('error', () => {});
    sock.on('close', done);
    sock.write(head);
    const send = () => {
      if (!sock.writable || at >= Math.min(payload.length, upTo)) return;
      sock.write(payload.subarray(at, Math.min(at + (chunk || payload.length), upTo)));
      at += chunk || payload.length;
    };
    if (!everyMs) send();
    else timer = setInterval(send, everyMs);
  });
}

const LIMIT = { timeout: 30_000 };

test('the shipped config has client_body_timeout (10 s)', async () => {
  const files = await renderNginx({ outDir: '/x', listen: '80', siteRoot: '/srv/site', upstreams: ['127.0.0.1:8000'] });
  assert.match(files['nginx.conf'], /^\s*client_body_timeout 10s;$/m);
  await assert.rejects(
    renderNginx({ outDir: '/x', listen: '80', siteRoot: '/s', upstreams: ['a:1'], bodyTimeout: '1s; evil' }),
    /not an nginx time/,
  );
});

test('a body that stops half way is dropped by nginx at client_body_timeout', LIMIT, async () => {
  // Nothing after the first 4 KB: nginx closes it (408 or no answer), the site server never sees it.
  const status = await upload('127.0.10.1', 4096, 0, 4096);
  assert.ok(status === 408 || status === 0, `status ${status}`);
});

test("eight connections dripping 1 KB through nginx: other shoppers' uploads go through", LIMIT, async () => {
  // 1 KB every 250 ms, each to the end of its photo (several seconds): they stay in nginx's buffer.
  const attack = Array.from({ length: 8 }, (_, i) => upload(`127.0.11.${i + 1}`, 1024, 250));
  const shoppers: number[] = [];
  for (let i = 0; i < 6; i++) shoppers.push(await upload(`127.0.12.${i + 1}`, 0, 0));
  assert.deepEqual(shoppers, [200, 200, 200, 200, 200, 200]);
  // The slow ones are answered too once nginx has their whole bodies: arriving together, they
  // meet the conversion limit (2 at once, 503 with Retry-After), not a slot held while sending.
  for (const status of await Promise.all(attack)) assert.ok(status === 200 || status === 503, `status ${status}`);
});

// Two site-server nodes behind nginx's upstream (issue 24): releases reach both through the
// shared volume (one releases root, one atomic switch), and a node killed during a bounded load
// test (600 requests) loses none a client sees (nginx passes a refused or reset request to the other).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import autocannon from 'autocannon';
import { publish } from '../../../publish/release-files';
import { ensureSeeded } from '../../../server/start';
import { defaultCategoriesFile } from '../../../server/catalogue';
import { openDatabase } from '../../../server/db/open';
import { writeNginxConfig } from '../../../deploy/nginx/render';
import { freePort, startNginx, type RunningNginx } from '../../../deploy/nginx/process';
import { page, put, raw, startNodeProcess, stopNodeProcess, tmpDir } from './fixture';

const tmp = tmpDir('two-nodes');
const pub = path.join(tmp, 'public');
const root = path.join(tmp, 'var', 'site');
const dbFile = path.join(tmp, 'db.sqlite');
const nodes: Array<{ child: ChildProcess; url: string }> = [];
let nginx: RunningNginx;
let review: string;

/** deploy/node.ts as a node runs it: the shared releases root and database. */
const startNode = () =>
  startNodeProcess({ SITE_RELEASES_DIR: root, DB_FILE: dbFile, MEDIA_DIR: path.join(tmp, 'media') });

before(async () => {
  ensureSeeded(dbFile, defaultCategoriesFile(), 20);
  const db = openDatabase(dbFile);
  const rows = db.prepare('SELECT id, product_id FROM reviews ORDER BY id LIMIT 2').all() as Array<{
    id: number;
    product_id: number;
  }>;
  db.close();
  // A review without a static page: every request for it goes to a node.
  review = `/review/${rows[1].product_id}/${rows[1].id}/`;
  put(pub, 'index.html', page('首页', 'window.pagePath="/"'));
  put(pub, '404.html', page('404', 'window.is404=true'));
  put(pub, 'merchants/index.html', page('商家 v1', 'window.pagePath="/merchants/"'));
  await publish(pub, root);
  nodes.push(await startNode(), await startNode());
  const port = await freePort();
  const outDir = path.join(tmp, 'nginx');
  const conf = await writeNginxConfig({
    outDir,
    listen: `127.0.0.1:${port}`,
    siteRoot: root,
    upstreams: nodes.map((n) => new URL(n.url).host),
    workers: 1,
  });
  nginx = await startNginx(conf, outDir, port);
});
after(async () => {
  await nginx?.stop();
  await Promise.all(nodes.map(stopNodeProcess));
  fs.rmSync(tmp, { recursive: true, force: true });
});

test('a publish into the shared releases root reaches every node at once', async () => {
  put(pub, 'merchants/index.html', page('商家 v2', 'window.pagePath="/merchants/"'), new Date(Date.now() + 60_000));
  await publish(pub, root);
  for (const base of [...nodes.map((n) => n.url), nginx.url]) {
    const r = await raw(`${base}/review/merchants/`);
    assert.equal(r.status, 200, base);
    assert.match(r.body.toString(), /商家 v2/, base);
  }
});

test('a node killed during a load test: every request still answered 200 through nginx', async () => {
  for (const n of nodes) assert.equal((await raw(n.url + review)).status, 200, 'each node answers the review');
  const victim = nodes[1];
  let seen = 0;
  let afterKill = 0;
  let killed = false;
  const result = await new Promise<{ errors: number; timeouts: number; non2xx: number }>((resolve, reject) => {
    const instance = autocannon(
      {
        url: nginx.url,
        connections: 8,
        // A count, not a duration: the kill falls inside the run however slow the machine is.
        amount: 600,
        timeout: 10,
        requests: [
          { method: 'GET', path: review },
          { method: 'GET', path: '/api/v2/product_comment/haul' },
        ],
      },
      (err, r) => (err ? reject(err) : resolve(r)),
    );
    instance.on('response', () => {
      seen++;
      if (killed) afterKill++;
      // Killed once the load is under way: its in-flight requests are cut.
      if (!killed && seen === 150) {
        killed = true;
        victim.child.kill('SIGKILL');
      }
    });
  });
  assert.ok(killed, 'the node was killed during the run');
  assert.ok(afterKill > 100, `requests answered after the kill: ${afterKill}`);
  assert.deepEqual(
    { errors: result.errors, timeouts: result.timeouts, non2xx: result.non2xx },
    { errors: 0, timeouts: 0, non2xx: 0 },
  );
  // nginx did meet the dead node, and passed those requests on.
  assert.match(nginx.errorLog(), new RegExp(`upstream: "http://${new URL(victim.url).host}`));
});

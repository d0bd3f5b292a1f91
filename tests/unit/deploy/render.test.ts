// deploy/nginx/render.ts: the values it puts in nginx's config come from the site server's
// modules, and nothing it is given can break out of the config's syntax.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import os from 'node:os';
import path from 'node:path';
import { renderNginx, securityHeaders, MODULES_DIR } from '../../../deploy/nginx/render';
import { IMMUTABLE, NEVER, REVALIDATE } from '../../../server/site/cache-rules';
import { GONE_HTML } from '../../../server/site/taken-down';

const base = {
  outDir: path.join(os.tmpdir(), 'nginx-render-test'),
  listen: '127.0.0.1:8080',
  siteRoot: '/srv/review/var/site',
  upstreams: ['127.0.0.1:8000', '127.0.0.1:8001'],
};

test('the config names the modules by absolute path, the release, the upstreams and the caching values', async () => {
  const files = await renderNginx(base);
  const conf = files['nginx.conf'];
  assert.match(conf, new RegExp(`load_module ${MODULES_DIR}/ngx_http_brotli_static_module\\.so;`));
  assert.match(conf, /alias \/srv\/review\/var\/site\/current\/;/);
  assert.match(conf, /server 127\.0\.0\.1:8001 max_fails=1/);
  for (const v of [IMMUTABLE, NEVER, REVALIDATE]) assert.ok(conf.includes(`"${v}"`), v);
  assert.doesNotMatch(conf, /\{\{[A-Z_]+\}\}/, 'every template value filled');
  assert.equal(conf.includes('user root;'), process.getuid?.() === 0, 'a user directive only when started as root');
  assert.equal(files['gone/gone.html'], GONE_HTML);
  const headers = files['site-headers.conf'];
  for (const [k, v] of await securityHeaders()) assert.ok(headers.includes(`add_header ${k} "${v}" always;`), k);
});

test('a value that would break out of the config is refused', async () => {
  await assert.rejects(renderNginx({ ...base, siteRoot: '/srv/a b' }), /cannot stand/);
  await assert.rejects(renderNginx({ ...base, listen: '80; include /etc/passwd' }), /cannot stand/);
  await assert.rejects(renderNginx({ ...base, upstreams: [] }), /upstream/);
  await assert.rejects(renderNginx({ ...base, upstreams: ['127.0.0.1:8000; server evil:80'] }), /not an upstream/);
});

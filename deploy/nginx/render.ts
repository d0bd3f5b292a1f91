// Renders deploy/nginx/nginx.conf.template into a config folder (issue 24, docs/deploy.md):
//
//   node --import tsx deploy/nginx/render.ts --out /etc/nginx/review --listen 80 \
//     --site /srv/review/var/site --upstream 10.0.0.11:8000 --upstream 10.0.0.12:8000 [--user www-data]
//   nginx -p /etc/nginx/review -c /etc/nginx/review/nginx.conf
//
// Everything the site server decides from data is taken from its modules, not copied: the
// security headers are helmet's as server/security-headers.ts installs them (read from a Fastify
// instance), the policies from sitePolicy, the caching values from cache-rules.ts, the review
// URL shape and reserved sections from src/review/unbuilt.ts, the 410 bodies from taken-down.ts.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import { installSecurityHeaders, HSTS, sitePolicy, sitePolicyOptionsFromEnv } from '../../server/security-headers';
import type { SitePolicyOptions } from '../../server/security-headers';
import { IMMUTABLE, NEVER, REVALIDATE } from '../../server/site/cache-rules';
import { GONE_HTML, GONE_TEXT } from '../../server/site/taken-down';
import { DEFERRED_DIR } from '../../publish/render-protocol';
import { errorBody } from '../../server/errors';
import { ID_SOURCE } from '../../src/common/coerce';
import { RESERVED_SECTIONS } from '../../src/review/unbuilt';
import { PATH_PREFIX } from '../../src/paths';
import { defaultTakedownsDir } from '../../server/deploy/takedown-files';

export const TEMPLATE = path.join(__dirname, 'nginx.conf.template');
export const MODULES_DIR = '/usr/lib/nginx/modules';
const MODULES = ['ngx_http_brotli_static_module.so'];

export interface NginxOptions {
  /** The config folder written (nginx.conf and its snippets). */
  outDir: string;
  /** nginx's own files (pid, logs, temp); default outDir. */
  prefix?: string;
  /** `listen` argument: "80", "127.0.0.1:8080". */
  listen: string;
  /** The releases root the site server publishes into (var/site): its `current` is served. */
  siteRoot: string;
  /** Marker files of takedowns (server/deploy/takedown-files.ts); default <siteRoot>/takedowns. */
  takedownsDir?: string;
  /** The site servers, host:port each. */
  upstreams: string[];
  /** The node whose site server builds and publishes (the editors' API); default the first upstream. */
  editorUpstream?: string;
  /** Worker user when nginx starts as root (ignored otherwise); default root. */
  user?: string;
  workers?: number | 'auto';
  modulesDir?: string;
  /** Extra modules to load (file names in modulesDir), e.g. the cache purge module. */
  extraModules?: string[];
  /** Access log: "off" (default) or a file. */
  accessLog?: string;
  mimeTypes?: string;
  /** nginx's client_body_timeout and client_header_timeout ("10s", the default; issue 39, N5). */
  bodyTimeout?: string;
  /** Origins the pages' CSP allows beside the site's (as the site server's, from the environment). */
  policy?: SitePolicyOptions;
}

/** The helmet headers every answer of the site server carries (its CSP aside), as it sends them. */
export async function securityHeaders(): Promise<Array<[string, string]>> {
  const app = Fastify();
  installSecurityHeaders(app);
  app.get('/', async () => '');
  const res = await app.inject({ url: '/' });
  await app.close();
  const skip = new Set(['content-security-policy', 'content-type', 'content-length', 'date', 'connection']);
  return Object.entries(res.headers)
    .filter(([k]) => !skip.has(k))
    .map(([k, v]) => [k, String(v)]);
}

const quoted = (s: string) => {
  if (/["\\$\n]/.test(s)) throw new Error(`not a plain nginx string: ${s}`);
  return `"${s}"`;
};
const generated = new Set(['MODULES', 'UPSTREAMS', 'USER', 'SITE_RE', 'RESERVED', 'ID', 'DEFERRED_DIR']);
const regexEscape = (s: string) => s.replace(/[.*+?^${}()|[\]\\/~]/g, '\\$&');

export async function renderNginx(opts: NginxOptions): Promise<Record<string, string>> {
  const outDir = path.resolve(opts.outDir);
  const prefix = path.resolve(opts.prefix ?? outDir);
  const site = path.resolve(opts.siteRoot);
  const modulesDir = opts.modulesDir ?? MODULES_DIR;
  if (!opts.upstreams.length) throw new Error('at least one upstream (host:port) is needed');
  for (const u of [...opts.upstreams, opts.editorUpstream ?? opts.upstreams[0]])
    if (!/^[A-Za-z0-9.:[\]-]{1,255}$/.test(u)) throw new Error(`not an upstream host:port: ${u}`);
  const isRoot = process.getuid?.() === 0;
  const values: Record<string, string> = {
    USER: isRoot ? `user ${opts.user ?? 'root'};` : '',
    WORKERS: String(opts.workers ?? 'auto'),
    PREFIX: prefix,
    CONF: outDir,
    MODULES: [...MODULES, ...(opts.extraModules ?? [])]
      .map((m) => `load_module ${path.join(modulesDir, m)};`)
      .join('\n'),
    MIME_TYPES: opts.mimeTypes ?? '/etc/nginx/mime.types',
    ACCESS_LOG: opts.accessLog ?? 'off',
    BODY_TIMEOUT: opts.bodyTimeout ?? '10s',
    LISTEN: opts.listen,
    SITE: site,
    SITE_RE: regexEscape(site),
    TAKEDOWNS: path.resolve(opts.takedownsDir ?? defaultTakedownsDir(site)),
    EDITOR_UPSTREAM: opts.editorUpstream ?? opts.upstreams[0],
    UPSTREAMS: opts.upstreams.map((u) => `        server ${u} max_fails=1 fail_timeout=10s;`).join('\n'),
    ASSET_CSP: sitePolicy('', opts.policy ?? sitePolicyOptionsFromEnv()),
    HSTS,
    REVALIDATE,
    IMMUTABLE,
    NEVER,
    PATH_PREFIX,
    ID: ID_SOURCE,
    RESERVED: RESERVED_SECTIONS.map(regexEscape).join('|'),
    DEFERRED_DIR: regexEscape(DEFERRED_DIR),
  };
  // Quoted values: no quote, backslash or variable; bare ones (paths, listen) not even a space.
  if (!/^[1-9][0-9]{0,3}(?:ms|s|m)?$/.test(values.BODY_TIMEOUT))
    throw new Error(`not an nginx time: ${values.BODY_TIMEOUT}`);
  for (const [k, v] of Object.entries(values)) {
    const bare = [
      'PREFIX',
      'CONF',
      'SITE',
      'TAKEDOWNS',
      'LISTEN',
      'MIME_TYPES',
      'ACCESS_LOG',
      'WORKERS',
      'EDITOR_UPSTREAM',
    ].includes(k);
    if ((bare && /[\s;{}"'\\$]/.test(v)) || (!generated.has(k) && /["\\$\n]/.test(v)))
      throw new Error(`${k} cannot stand in nginx's config: ${v}`);
  }
  const conf = fs.readFileSync(TEMPLATE, 'utf8').replace(/\{\{([A-Z_]+)\}\}/g, (_, k: string) => {
    if (!(k in values)) throw new Error(`template value ${k} is not set`);
    return values[k];
  });
  const headers = [
    ...(await securityHeaders()).map(([k, v]) => `add_header ${k} ${quoted(v)} always;`),
    'add_header Cache-Control $site_cache_control always;',
    'add_header Content-Security-Policy $site_csp always;',
    'add_header Service-Worker-Allowed $sw_allowed always;',
    'add_header Strict-Transport-Security $site_hsts always;',
  ];
  const proxy = (upstream: string) => [
    `proxy_pass http://${upstream};`,
    'proxy_http_version 1.1;',
    'proxy_set_header Connection "";',
    'proxy_set_header Host $http_host;',
    'proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;',
    'proxy_set_header X-Forwarded-Proto $scheme;',
    // A node that refuses, resets or answers 502/503 (stopping): the request goes to the next one.
    'proxy_next_upstream error timeout http_502 http_503;',
    'proxy_connect_timeout 2s;',
    'proxy_read_timeout 60s;',
  ];
  return {
    'nginx.conf': conf,
    'site-headers.conf': headers.join('\n') + '\n',
    'proxy.conf': proxy('site_nodes').join('\n') + '\n',
    'proxy-editor.conf': proxy('editor_node').join('\n') + '\n',
    'gone/gone.html': GONE_HTML,
    'gone/gone.json': JSON.stringify(errorBody(410, GONE_TEXT)),
  };
}

/** Writes the config folder and nginx's own folders; returns the path of nginx.conf. */
export async function writeNginxConfig(opts: NginxOptions): Promise<string> {
  const files = await renderNginx(opts);
  const outDir = path.resolve(opts.outDir);
  for (const [rel, body] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(outDir, rel)), { recursive: true });
    fs.writeFileSync(path.join(outDir, rel), body);
  }
  const prefix = path.resolve(opts.prefix ?? outDir);
  for (const d of ['logs', 'tmp']) fs.mkdirSync(path.join(prefix, d), { recursive: true });
  fs.mkdirSync(path.resolve(opts.takedownsDir ?? defaultTakedownsDir(opts.siteRoot)), { recursive: true });
  return path.join(outDir, 'nginx.conf');
}

function cli(argv: string[]): NginxOptions {
  const many = (name: string) => argv.flatMap((a, i) => (a === `--${name}` && argv[i + 1] ? [argv[i + 1]] : []));
  const one = (name: string) => many(name).at(-1);
  const need = (name: string) => {
    const v = one(name);
    if (!v) throw new Error(`--${name} is required (deploy/nginx/render.ts, docs/deploy.md)`);
    return v;
  };
  return {
    outDir: need('out'),
    prefix: one('prefix'),
    listen: need('listen'),
    siteRoot: need('site'),
    takedownsDir: one('takedowns'),
    upstreams: many('upstream'),
    editorUpstream: one('editor-upstream'),
    user: one('user'),
    workers: one('workers') ? Number(one('workers')) : undefined,
    accessLog: one('access-log'),
    bodyTimeout: one('body-timeout'),
  };
}

if (require.main === module) {
  writeNginxConfig(cli(process.argv.slice(2))).then(
    (conf) => console.log(`wrote ${conf}; check it with: nginx -t -p ${path.dirname(conf)} -c ${conf}${os.EOL}`),
    (e: Error) => {
      console.error(e.message);
      process.exit(1);
    },
  );
}

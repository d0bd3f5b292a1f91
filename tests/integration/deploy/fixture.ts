// A small published site, the reference server with the site beside it (as `npm start` runs
// them) and nginx in front, for the deploy tests (issue 24).
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { registerSite } from '../../../server/site';
import type { BuildQueue } from '../../../server/builds/queue';
import { registerDeploy, type Deploy } from '../../../server/deploy';
import type { PurgeHook } from '../../../server/deploy/purge';
import { startServer, type RunningServer } from '../../../server/start';
import { writeNginxConfig, type NginxOptions } from '../../../deploy/nginx/render';
import { freePort, startNginx, type RunningNginx } from '../../../deploy/nginx/process';

export const TOKEN = 'editor-token-for-deploy-tests-0123456789';

// The page's inline script is one the site itself writes (Gatsby's page path, by its id): the
// page CSP hashes only those (src/site-inline-scripts.ts, issue 25 F11).
export const page = (title: string, script: string) =>
  `<!doctype html><html><head><title>${title}</title><script id="gatsby-script-loader">/*<![CDATA[*/window.pagePath=${JSON.stringify(script)};/*]]>*/</script></head><body>${'<p>晒单内容，做工很好。</p>'.repeat(120)}</body></html>`;

export function put(dir: string, rel: string, body: string | Buffer, mtime?: Date) {
  fs.mkdirSync(path.dirname(path.join(dir, rel)), { recursive: true });
  fs.writeFileSync(path.join(dir, rel), body);
  if (mtime) fs.utimesSync(path.join(dir, rel), mtime, mtime);
}

export function tmpDir(name: string): string {
  // Readable by nginx's workers whoever they run as (mkdtemp makes it 0700).
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `${name}-`));
  fs.chmodSync(dir, 0o755);
  return dir;
}

export interface Raw {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

/** A request with the bytes as sent (fetch would undo the encoding and follow redirects). */
export function raw(url: string, headers: Record<string, string> = {}, method = 'GET'): Promise<Raw> {
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method, headers, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

/** The body as sent decoded by its Content-Encoding (as it is when that fails). */
export const decoded = (r: Raw): string => {
  const enc = r.headers['content-encoding'];
  try {
    if (enc === 'br') return zlib.brotliDecompressSync(r.body).toString();
    if (enc === 'gzip') return zlib.gunzipSync(r.body).toString();
  } catch {
    return r.body.toString();
  }
  return r.body.toString();
};
/** The body as text whatever it is: as sent, or a precompressed file sent as it is. */
export function texts(r: Raw): string[] {
  const out = [decoded(r)];
  for (const un of [zlib.brotliDecompressSync, zlib.gunzipSync])
    try {
      out.push(un(r.body).toString());
    } catch {
      // not that encoding
    }
  return out;
}

/** Follows same-origin redirects to the final answer. */
export async function finalAnswer(base: string, url: string, headers: Record<string, string> = {}, method = 'GET') {
  for (let hops = 0; ; hops++) {
    const r = await raw(base + url, headers, method);
    if (![301, 302, 307, 308].includes(r.status)) return { ...r, url };
    const to = String(r.headers.location);
    if (!to.startsWith('/')) throw new Error(`${url} redirects off the site: ${to}`);
    if (hops >= 5) throw new Error(`${url}: a redirect loop`);
    url = to;
  }
}

export interface Stack {
  server: RunningServer;
  deploy: Deploy;
  nginx: RunningNginx;
  nginxOptions: NginxOptions;
  close: () => Promise<void>;
}

/** The site server over `releasesRoot`/current with the editors' API, and nginx in front of it. */
export async function startStack(
  tmp: string,
  releasesRoot: string,
  opts: {
    purge?: PurgeHook | null;
    switchCommand?: string;
    dbFile?: string;
    upstreams?: string[];
    /** The build queue behind /editor/api/builds (rollbacks); default none. */
    builds?: BuildQueue;
  } = {},
): Promise<Stack> {
  let deploy: Deploy | null = null;
  const server = await startServer({
    dbFile: opts.dbFile ?? path.join(tmp, 'db.sqlite'),
    mediaDir: path.join(tmp, 'media'),
    host: '127.0.0.1',
    port: 0,
    seedReviews: 20,
    editorToken: TOKEN,
    builds: opts.builds,
    configure: async (app) => {
      await registerSite(app, path.join(releasesRoot, 'current'));
      deploy = registerDeploy(app, {
        releasesRoot,
        purge: opts.purge ?? null,
        switchCommand: opts.switchCommand ?? null,
      });
    },
  });
  const port = await freePort();
  const nginxOptions: NginxOptions = {
    outDir: path.join(tmp, 'nginx'),
    listen: `127.0.0.1:${port}`,
    siteRoot: releasesRoot,
    upstreams: opts.upstreams ?? [new URL(server.url).host],
    workers: 1,
  };
  const conf = await writeNginxConfig(nginxOptions);
  const nginx = await startNginx(conf, nginxOptions.outDir, port);
  return {
    server,
    deploy: deploy!,
    nginx,
    nginxOptions,
    close: async () => {
      await nginx.stop();
      await server.close();
    },
  };
}

export interface NodeProcess {
  child: ChildProcess;
  url: string;
}

/**
 * Ends a node started by startNodeProcess and waits for it to exit (SIGTERM, then SIGKILL after
 * 10 s): a file that only sent the signal exited before its node did, and the run's preload had
 * to end the node (the summary's "processes a file left running").
 */
export async function stopNodeProcess(node: NodeProcess | undefined): Promise<void> {
  const child = node?.child;
  if (!child || child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
  await exited;
  clearTimeout(timer);
}

/**
 * deploy/node.ts as a node runs it, over `releasesRoot` with `env` beside the test's; resolves
 * with its URL once it listens, rejects with its output when it exits first.
 */
export function startNodeProcess(env: Record<string, string>): Promise<NodeProcess> {
  const repo = path.resolve(__dirname, '..', '..', '..');
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(repo, 'deploy', 'node.ts')], {
    cwd: repo,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, HOST: '127.0.0.1', PORT: '0', EDITOR_TOKEN: TOKEN, LOG_LEVEL: 'error', ...env },
  });
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout!.setEncoding('utf8').on('data', (c: string) => {
      out += c;
      const m = /listening on (http:\S+)/.exec(out);
      if (m) resolve({ child, url: m[1] });
    });
    child.stderr!.setEncoding('utf8').on('data', (c: string) => (out += c));
    child.once('exit', (code) => reject(new Error(`node exited with ${code}: ${out}`)));
  });
}

// Test helpers that look at the running app rather than at a hand-written list: every route
// as Fastify registered it (onRoute), the fields its schemas declare, the server's own time per
// answer, and what an error answer must not contain. Used by long-values.test.ts and the
// reliability fuzz (tests/integration/reliability/).
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance, RouteOptions } from 'fastify';

export interface SeenRoute {
  method: string;
  url: string;
  schema: { querystring?: Schema; params?: Schema; body?: Schema };
  /** The route's own body limit in bytes, when it sets one (beyond it: 413 before parsing). */
  bodyLimit?: number;
}
export interface Schema {
  type?: string | string[];
  properties?: Record<string, Schema>;
  required?: string[];
  [k: string]: unknown;
}

/** Every route registered after this call (call it in startServer's configure step). HEAD twins are left out. */
export function watchRoutes(app: FastifyInstance): SeenRoute[] {
  const routes: SeenRoute[] = [];
  app.addHook('onRoute', (r: RouteOptions) => {
    for (const method of ([] as string[]).concat(r.method as string | string[])) {
      if (method === 'HEAD') continue;
      routes.push({ method, url: r.url, schema: (r.schema ?? {}) as SeenRoute['schema'], bodyLimit: r.bodyLimit });
    }
  });
  return routes;
}

export const SERVER_MS = 'x-test-server-ms';
export const SERVER_CPU_MS = 'x-test-server-cpu-ms';

/**
 * Adds the server's own time for each answer as two headers, both from the start of the
 * request to the moment its payload is ready (routing, parsing, validation, handler,
 * serialisation): SERVER_MS is Fastify's reply.elapsedTime (wall clock), SERVER_CPU_MS the
 * process's CPU time over the same span. On a shared machine (2 cores, load average near 20
 * while this was written) the wall clock also counts the time the process waited for a core,
 * up to tens of ms for a request that needs microseconds; CPU time counts only work done, so
 * it is the one to assert on. Fastify only starts its clock when an onResponse hook exists (or a
 * logger), so one is added; it also keeps the largest full wall time for the report.
 */
export function timeAnswers(app: FastifyInstance): { maxMs: number; maxCpuMs: number } {
  const stats = { maxMs: 0, maxCpuMs: 0 };
  const cpuAtStart = new WeakMap<object, NodeJS.CpuUsage>();
  app.addHook('onRequest', (req, _reply, done) => {
    cpuAtStart.set(req, process.cpuUsage());
    done();
  });
  app.addHook('onSend', (req, reply, payload, done) => {
    const start = cpuAtStart.get(req);
    const cpu = start ? process.cpuUsage(start) : { user: 0, system: 0 };
    const cpuMs = (cpu.user + cpu.system) / 1000;
    stats.maxCpuMs = Math.max(stats.maxCpuMs, cpuMs);
    reply.header(SERVER_MS, reply.elapsedTime.toFixed(3));
    reply.header(SERVER_CPU_MS, cpuMs.toFixed(3));
    done(null, payload);
  });
  app.addHook('onResponse', (_req, reply, done) => {
    stats.maxMs = Math.max(stats.maxMs, reply.elapsedTime);
    done();
  });
  return stats;
}

export const fieldsOf = (s: Schema | undefined): [string, Schema][] => Object.entries(s?.properties ?? {});

/** A path for a route pattern: each :param from `values` (or a valid id), `*` as `x`. */
export function concretePath(route: SeenRoute, values: Record<string, string> = {}): string {
  return route.url.replace(/:([A-Za-z0-9_]+)/g, (_m, name: string) => values[name] ?? '1').replace(/\*$/, 'x');
}

/**
 * What an answer must never show (issue 12, item 8, "no internal detail"): stack frames,
 * file-system paths, SQL, Fastify's error codes, and, in an error answer, the input itself.
 */
export function leakIn(body: string, input?: string): string | null {
  if (/\n\s+at\s|\bat\s+\S+\s+\(|\.(?:ts|js|mjs|cjs):\d+/.test(body)) return 'stack trace';
  if (/(?:\/work\/|\/home\/|\/tmp\/|\/dev\/shm\/|\/usr\/|node_modules|[A-Z]:\\\\)/.test(body)) return 'file path';
  if (/\bSQLITE_|\bSELECT\s[\s\S]*\bFROM\s|\bINSERT\s+INTO\b|\bsqlite3?\b/i.test(body)) return 'SQL';
  if (/FST_|ERR_[A-Z_]{3,}/.test(body)) return 'framework error code';
  if (input !== undefined && input.length >= 4 && body.includes(input)) return 'echo of the input';
  if (input !== undefined && input.length >= 24 && body.includes(input.slice(0, 24))) return 'echo of the input';
  return null;
}

/** A stand-in for public/: the site's routes need a home page and a 404 page, nothing more. */
export function stubSite(): string {
  const dir = mkdtempSync(join(tmpdir(), 'stub-site-'));
  writeFileSync(join(dir, 'index.html'), '<!doctype html><title>海淘晒单</title>');
  writeFileSync(join(dir, '404.html'), '<!doctype html><title>页面不存在</title>');
  return dir;
}

/**
 * A valid value for the body fields of the routes, so that probing one field leaves the others
 * valid (and the route's own checks run, not only the schema's): the fuzz and the long-values
 * test send it with the probed field replaced.
 */
export const VALID_BODY: Record<string, unknown> = {
  q: '面霜',
  phone: '13812345678',
  code: '123456',
  // Profile (issue 15)
  name: '张三',
  areaIds: ['310000', '310100', '310104'],
  street: '漕溪北路1号',
  postcode: '200030',
  idNumber: '11010519491231002X',
  // The back office's review bodies (the editors' routes)
  content: '穿着很舒服，尺码正好',
  stars: 5,
  // Logins, popups, customs resell
  token: 'shihuo-test-13812345678',
  bindToken: 'x',
  popupIds: ['1'],
  orderId: 'ORD-1',
  userId: '1',
  ts: 1,
  nonce: 'n',
  sign: 's',
};

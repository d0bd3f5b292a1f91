// Test helper: a fresh reference server per test file (fastify/demo `test/helper.ts`): a temp
// SQLite file seeded with a small data set, a temp media cache, a random loopback port.
import assert from 'node:assert/strict';
import http from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startServer, type RunningServer, type StartOptions } from '../../../server/start';

export interface TestServer extends RunningServer {
  dir: string;
  /** Dev SMS codes by phone, as the server logged them. */
  codes: Map<string, string>;
  req<T = any>(
    method: string,
    path: string,
    init?: { body?: unknown; headers?: Record<string, string>; raw?: string },
  ): Promise<Res<T>>;
  get<T = any>(path: string, headers?: Record<string, string>): Promise<Res<T>>;
}

export interface Res<T> {
  status: number;
  headers: Headers;
  body: T;
}

export interface TestServerOptions {
  reviews?: number;
  seed?: number;
  mediaBaseUrl?: string;
  now?: () => number;
  sessionTtlMs?: number;
  /** Extra buildApp options (e.g. smsBudget) and a configure(app) step before listening. */
  app?: Partial<StartOptions>;
}

export async function startTestServer(opts: TestServerOptions = {}): Promise<TestServer> {
  const dir = mkdtempSync(join(tmpdir(), 'storefront-server-test-'));
  const codes = new Map<string, string>();
  const server = await startServer({
    dbFile: join(dir, 'storefront.sqlite'),
    mediaDir: join(dir, 'media'),
    host: '127.0.0.1',
    port: 0,
    seedReviews: opts.reviews ?? 60,
    seed: opts.seed ?? 42,
    logger: false,
    mediaBaseUrl: opts.mediaBaseUrl ?? '',
    now: opts.now,
    sessionTtlMs: opts.sessionTtlMs,
    devCodeLog: (phone, code) => codes.set(phone, code),
    // Every test signs in from one address; the send budgets have their own test (sms-budget.test.ts).
    smsBudget: { perClient: [{ max: 1000, windowMs: 60_000 }], global: [{ max: 1000, windowMs: 60_000 }] },
    ...opts.app,
  });
  const req = async (
    method: string,
    path: string,
    init: { body?: unknown; headers?: Record<string, string>; raw?: string } = {},
  ) => {
    const headers: Record<string, string> = { ...(init.headers ?? {}) };
    let body: string | undefined = init.raw;
    if (init.body !== undefined) {
      body = JSON.stringify(init.body);
      headers['content-type'] ??= 'application/json';
    }
    const res = await fetch(server.url + path, { method, headers, body });
    const text = await res.text();
    let parsed: unknown = text;
    if ((res.headers.get('content-type') ?? '').includes('json')) parsed = JSON.parse(text);
    return { status: res.status, headers: res.headers, body: parsed as any };
  };
  return {
    ...server,
    dir,
    codes,
    req,
    get: (path, headers) => req('GET', path, { headers }),
    close: async () => {
      await server.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** The contract's error shape: messages[0] (non-empty, Chinese for user-facing errors) and message. */
export function assertError(res: Res<any>, status: number, contains?: string): void {
  assert.equal(res.status, status, `expected ${status}, got ${res.status}: ${JSON.stringify(res.body)}`);
  assert.ok(res.headers.get('content-type')?.includes('application/json'), 'error is JSON');
  assert.ok(
    Array.isArray(res.body.messages) && typeof res.body.messages[0] === 'string' && res.body.messages[0].length > 0,
    'messages[0]',
  );
  assert.equal(res.body.message, res.body.messages[0]);
  assert.match(res.body.messages[0], /[\u4e00-\u9fff]/, 'user-facing text is Chinese');
  if (contains) assert.ok(res.body.messages[0].includes(contains), `"${res.body.messages[0]}" contains "${contains}"`);
}

/** Signs a phone in through the real SMS flow; returns the session headers. */
export async function signIn(
  s: TestServer,
  phone: string,
): Promise<{ userId: string; headers: Record<string, string> }> {
  const sent = await s.req('POST', '/api/v2/signin/sms', { body: { phone } });
  assert.equal(sent.status, 200, JSON.stringify(sent.body));
  const code = s.codes.get(phone);
  assert.ok(code, 'dev code logged');
  const res = await s.req('POST', '/api/v2/signin/sms/verification', { body: { phone, code } });
  assert.equal(res.status, 200, JSON.stringify(res.body));
  return { userId: res.body.userId, headers: { 'X-Session-User': res.body.userId, 'X-Session-Key': res.body.userKey } };
}

/** Every page of the feed for a category, following delimiters to the end. */
export async function pageFeed(
  s: TestServer,
  size: number,
  category = '0',
): Promise<{ ids: number[]; pages: number; drops: any[] }> {
  const drops: any[] = [];
  let delimiter: string | null = '0';
  let pages = 0;
  while (delimiter !== null) {
    const res: Res<any> = await s.get(
      `/api/v2/product_comment/haul?delimiter=${encodeURIComponent(delimiter)}&size=${size}&category=${encodeURIComponent(category)}`,
    );
    assert.equal(res.status, 200, JSON.stringify(res.body));
    assert.ok(res.body.waterFall && Array.isArray(res.body.waterFall.waterDrops));
    assert.ok(res.body.waterFall.waterDrops.length <= size);
    drops.push(...res.body.waterFall.waterDrops);
    delimiter = res.body.waterFall.delimiter;
    assert.ok(delimiter === null || (typeof delimiter === 'string' && delimiter.length > 0));
    pages++;
    assert.ok(pages < 10_000, 'feed ends');
  }
  return { ids: drops.map((d) => d.commentId), pages, drops };
}

/**
 * POST /api/v2/signin/sms { phone } from a given local address: loopback addresses of 127/8
 * stand for different clients (Linux routes all of 127/8 to lo), as req.ip sees them.
 */
export function sendSmsFrom(s: TestServer, localAddress: string, phone: string): Promise<Res<any>> {
  const { hostname, port } = new URL(s.url);
  const body = JSON.stringify({ phone });
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: hostname,
        port,
        method: 'POST',
        path: '/api/v2/signin/sms',
        localAddress,
        agent: false,
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (d: Buffer) => chunks.push(d));
        res.on('end', () => {
          const headers = new Headers();
          for (const [k, v] of Object.entries(res.headers)) if (typeof v === 'string') headers.set(k, v);
          resolve({ status: res.statusCode ?? 0, headers, body: JSON.parse(Buffer.concat(chunks).toString('utf8')) });
        });
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

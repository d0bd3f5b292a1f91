// The fuzz of the reliability suite (issue 12): every route of the reference server, as the
// running app registered it (with the site and its script proxy, as `npm start` serves them),
// gets hostile and malformed inputs in every query field, path parameter, body field and
// session header, whole bad bodies and hand-written raw requests. Counted: answers with a 5xx,
// answers that took the server more than 1 s, answers that leak internals (stack traces,
// file paths, SQL, Fastify error codes, the input echoed in an error, an error off the
// contract's shape). `size` is the number of requests: the same seed gives the same requests.
import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startServer } from '../../../server/start';
import { registerSite } from '../../../server/site';
import {
  concretePath,
  fieldsOf,
  leakIn,
  SERVER_CPU_MS,
  SERVER_MS,
  stubSite,
  timeAnswers,
  VALID_BODY,
  watchRoutes,
  type SeenRoute,
} from '../server/probe';
import { BODIES, JSON_VALUES, LONG, MULTIPART_BODIES, NAUGHTY, QUERY_SHAPES, RAW_REQUESTS } from './corpus';

export interface FuzzReport {
  tried: number;
  routes: number;
  slots: number;
  byStatus: Record<string, number>;
  serverErrors: string[];
  slow: string[];
  leaks: string[];
  /** Cases fetch refused to send (e.g. a newline in a header): not tried. */
  unsendable: number;
  maxCpuMs: number;
  maxWallMs: number;
  seconds: number;
  /** CPU time of this process (server and client) for the run: what it costs on an idle machine. */
  cpuSeconds: number;
}

export const SLOW_MS = 1000;

/** Routes that need a session (issue 15's and the likes): their session headers are fuzzed too. */
const SESSION_ROUTE =
  /\/likes|\/comments$|\/profile\/|\/customs-resell|\/popup\/read|\/claim\/:type|\/shihuo\/login\/sign|shoppingcart|\/orders|express-buy/;
/** The checkout routes also get valid bodies for the fuzz shopper's cart group and sku. */
const CHECKOUT = /shoppingcart|\/orders|express-buy/;
/** The order admin's internal call gets the admin token, so its input is fuzzed too. */
const ADMIN_TOKEN = 'fuzz-admin-token';
/** A valid body of every checkout call, for the shopper's cart group and sku (ids). */
const checkoutBody = (ids: Record<string, string>): Record<string, unknown> => ({
  skuId: ids.skuId,
  groupId: ids.groupId,
  quantity: 1,
  excludedFromOrder: false,
  applyCents: 1,
  paymentMethod: 'ALIPAY',
  reason: '不想要了',
  payerName: '张三',
  payerIdNumber: '11010519491231002X',
  orderIds: ['1'],
  bcSell: true,
});

type Slot = { kind: 'query' | 'param' | 'body' | 'header'; route: SeenRoute; name: string };
type Case =
  | { kind: 'value'; slot: Slot; value: string }
  | { kind: 'shape'; route: SeenRoute; query: string; label: string }
  | { kind: 'json'; slot: Slot; value: unknown }
  | { kind: 'body'; route: SeenRoute; type: string; body: string | Buffer; label: string }
  | { kind: 'raw'; text: string };

/** mulberry32: small, seeded, the same sequence everywhere. */
function prng(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Percent-encodes every UTF-8 byte (lone surrogates become U+FFFD, as any client would send them). */
const pct = (s: string) =>
  [...Buffer.from(s, 'utf8')].map((b) => `%${b.toString(16).padStart(2, '0').toUpperCase()}`).join('');

function randomString(rand: () => number): string {
  const len = [0, 1, 3, 10, 40, 200, 2000, 16_000][Math.floor(rand() * 8)];
  const pools = [' +-.,%09azAZ', '\u0000\u001f\u007f\u0080\u00ff', '表ポあ鷗😀\u200b\u202e', '{}[]"\'\\/<>&;=?#'];
  const pool = pools[Math.floor(rand() * pools.length)];
  return Array.from({ length: len }, () => pool[Math.floor(rand() * pool.length)]).join('');
}

function slotsOf(routes: SeenRoute[]): Slot[] {
  const slots: Slot[] = [];
  for (const route of routes) {
    for (const [name] of fieldsOf(route.schema.querystring)) slots.push({ kind: 'query', route, name });
    slots.push({ kind: 'query', route, name: 'zz' }); // a field no schema declares
    for (const m of route.url.match(/:([A-Za-z0-9_]+)/g) ?? []) slots.push({ kind: 'param', route, name: m.slice(1) });
    for (const [name] of fieldsOf(route.schema.body)) slots.push({ kind: 'body', route, name });
    if (SESSION_ROUTE.test(route.url)) {
      slots.push({ kind: 'header', route, name: 'x-session-user' }, { kind: 'header', route, name: 'x-session-key' });
    }
  }
  return slots;
}

/** The cases for a size: first a set that touches every slot, body, shape and raw request once, then a seeded shuffle of the rest, then random strings. */
function casesFor(routes: SeenRoute[], slots: Slot[], size: number, seed: number): Case[] {
  const rand = prng(seed);
  const values = [...NAUGHTY, ...LONG];
  const bodyRoutes = routes.filter((r) => r.method !== 'GET');
  const queryRoutes = routes.filter((r) => fieldsOf(r.schema.querystring).length);
  const first: Case[] = [
    ...slots.map((slot, i): Case => ({ kind: 'value', slot, value: values[(i * 7) % values.length] })),
    ...BODIES.map((b, i): Case => ({ kind: 'body', route: bodyRoutes[i % bodyRoutes.length], ...b })),
    ...QUERY_SHAPES.map((shape, i): Case => {
      const route = queryRoutes[i % queryRoutes.length];
      const [name] = fieldsOf(route.schema.querystring)[i % fieldsOf(route.schema.querystring).length];
      return { kind: 'shape', route, query: shape(name), label: shape('K') };
    }),
    ...RAW_REQUESTS.map((text): Case => ({ kind: 'raw', text })),
    ...routes
      .filter((r) => r.url.endsWith('/photo-ids'))
      .flatMap((route) => MULTIPART_BODIES.map((b): Case => ({ kind: 'body', route, ...b }))),
  ];
  const rest: Case[] = [];
  for (const slot of slots) for (const value of values) rest.push({ kind: 'value', slot, value });
  for (const route of bodyRoutes) for (const b of BODIES) rest.push({ kind: 'body', route, ...b });
  for (const route of queryRoutes)
    for (const [name] of fieldsOf(route.schema.querystring))
      for (const shape of QUERY_SHAPES) rest.push({ kind: 'shape', route, query: shape(name), label: shape('K') });
  for (const slot of slots.filter((s) => s.kind === 'body'))
    for (const value of JSON_VALUES) rest.push({ kind: 'json', slot, value });
  for (let i = rest.length - 1; i > 0; i--) {
    const j = Math.floor(rand() * (i + 1));
    [rest[i], rest[j]] = [rest[j], rest[i]];
  }
  const cases = [...first, ...rest].slice(0, size);
  while (cases.length < size)
    cases.push({ kind: 'value', slot: slots[Math.floor(rand() * slots.length)], value: randomString(rand) });
  return cases;
}

interface Answer {
  status: number;
  type: string;
  body: string;
  cpuMs: number;
  wallMs: number;
}

async function send(
  base: string,
  c: Exclude<Case, { kind: 'raw' }>,
  ids: Record<string, string>,
  session: Record<string, string>,
): Promise<Answer> {
  let path: string;
  // Signed in (a fuzz user), so that the routes behind a session are reached; a header slot
  // replaces one of the two headers.
  // (Sign-out goes without it: it would end the fuzz user's session for the rest of the run.)
  const route = 'route' in c ? c.route : c.slot.route;
  const headers: Record<string, string> = route.url.endsWith('/signout') ? {} : { ...session };
  if (route.url.includes('/_internal/')) headers.authorization = `Bearer ${ADMIN_TOKEN}`;
  const valid = CHECKOUT.test(route.url) ? { ...VALID_BODY, ...checkoutBody(ids) } : VALID_BODY;
  let body: string | Buffer | undefined;
  if (c.kind === 'value' && c.slot.kind === 'param')
    path = concretePath(route, { ...ids, [c.slot.name]: pct(c.value) });
  else path = concretePath(route, ids);
  if (c.kind === 'value' && c.slot.kind === 'query') path += `?${c.slot.name}=${pct(c.value)}`;
  if (c.kind === 'shape') path += `?${c.query}`;
  if (c.kind === 'value' && c.slot.kind === 'header') headers[c.slot.name] = c.value;
  if ((c.kind === 'value' && c.slot.kind === 'body') || c.kind === 'json') {
    headers['content-type'] = 'application/json';
    body = JSON.stringify({ ...valid, [c.slot.name]: c.value });
  } else if (c.kind === 'body') {
    if (c.type) headers['content-type'] = c.type;
    body = c.body;
  } else if (route.method !== 'GET') {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(valid);
  }
  const res = await fetch(base + path, {
    method: route.method,
    headers,
    body: body as BodyInit | undefined,
    redirect: 'manual',
    signal: AbortSignal.timeout(30_000),
  });
  return {
    status: res.status,
    type: res.headers.get('content-type') ?? '',
    body: await res.text(),
    cpuMs: Number(res.headers.get(SERVER_CPU_MS) ?? 0),
    wallMs: Number(res.headers.get(SERVER_MS) ?? 0),
  };
}

function sendRaw(base: string, text: string): Promise<Answer | null> {
  const { hostname, port } = new URL(base);
  return new Promise((resolve) => {
    const socket = net.connect(Number(port), hostname, () => socket.end(text));
    const chunks: Buffer[] = [];
    socket.setTimeout(30_000, () => socket.destroy());
    socket.on('data', (d: Buffer) => chunks.push(d));
    socket.on('error', () => undefined);
    socket.on('close', () => {
      const all = Buffer.concat(chunks).toString('utf8');
      if (!all.startsWith('HTTP/1.1 ')) return resolve(null);
      const split = all.indexOf('\r\n\r\n');
      const head = all.slice(0, split);
      const header = (n: string) => new RegExp(`^${n}: *(.*)$`, 'im').exec(head)?.[1]?.trim() ?? '';
      let body = all.slice(split + 4);
      if (/chunked/i.test(header('transfer-encoding')))
        body = body.replace(/^[0-9a-f]+\r\n|\r\n[0-9a-f]+\r\n|\r\n0\r\n\r\n$/gi, '');
      resolve({
        status: Number(all.slice(9, 12)),
        type: header('content-type'),
        body,
        cpuMs: Number(header(SERVER_CPU_MS) || 0),
        wallMs: Number(header(SERVER_MS) || 0),
      });
    });
  });
}

/** What is wrong with an answer, or null. */
function problem(a: Answer, input: string | undefined): string | null {
  if (a.status >= 400 && a.type.includes('json')) {
    let b: { messages?: unknown; message?: unknown; statusCode?: unknown; code?: unknown };
    try {
      b = JSON.parse(a.body);
    } catch {
      return 'error answer is not JSON';
    }
    const keys = Object.keys(b).sort().join(',');
    if (
      keys !== 'code,message,messages,statusCode' ||
      !Array.isArray(b.messages) ||
      b.message !== b.messages[0] ||
      b.statusCode !== a.status ||
      typeof b.message !== 'string' ||
      !/[\u4e00-\u9fff]/.test(b.message)
    )
      return `off the error shape: ${a.body.slice(0, 120)}`;
    return leakIn(a.body, input);
  }
  if (a.status >= 400)
    return leakIn(a.body, input) ?? (a.type.includes('html') ? null : `error answer of type ${a.type || 'none'}`);
  // Answers that succeed may quote the input (search echoes q); they must not show internals.
  return /\n\s+at\s|FST_|SQLITE_|node_modules|\/work\/|\/home\//.test(a.body) ? 'internals in a success answer' : null;
}

export async function runFuzz(opts: {
  size: number;
  seed?: number;
  onProgress?: (done: number, total: number) => void;
}): Promise<FuzzReport> {
  const started = Date.now();
  const cpuStart = process.cpuUsage();
  const dir = mkdtempSync(join(tmpdir(), 'fuzz-'));
  let routes: SeenRoute[] = [];
  let clock = { maxMs: 0, maxCpuMs: 0 };
  const site = stubSite();
  const server = await startServer({
    adminToken: ADMIN_TOKEN,
    dbFile: join(dir, 'db.sqlite'),
    mediaDir: join(dir, 'media'),
    host: '127.0.0.1',
    port: 0,
    seedReviews: 60,
    logger: false,
    configure: async (app) => {
      routes = watchRoutes(app);
      clock = timeAnswers(app);
      await registerSite(app, site);
    },
  });
  const report: FuzzReport = {
    tried: 0,
    routes: routes.length,
    slots: 0,
    byStatus: {},
    serverErrors: [],
    slow: [],
    leaks: [],
    unsendable: 0,
    maxCpuMs: 0,
    maxWallMs: 0,
    seconds: 0,
    cpuSeconds: 0,
  };
  try {
    const row = server.app.db.prepare('SELECT product_id AS pid, id AS cid FROM reviews ORDER BY id LIMIT 1').get() as {
      pid: number;
      cid: number;
    };
    // A signed-in shopper with one sku in the cart: the checkout routes' parameters name a real
    // group (merchant) and sku, so valid-looking cases reach the handlers.
    const sku = server.app.db
      .prepare(
        'SELECT s.id AS sku, p.merchant_id AS merchant FROM skus s JOIN products p ON p.id = s.product_id ORDER BY s.id LIMIT 1',
      )
      .get() as { sku: number; merchant: number };
    const fuzzUser = server.app.repos.auth.signInPhone('13800009999');
    const session = { 'x-session-user': fuzzUser.userId, 'x-session-key': fuzzUser.userKey };
    await fetch(server.url + '/api/v2/shoppingcart', {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...session },
      body: JSON.stringify({ skuId: String(sku.sku), quantity: 1 }),
    });
    const ids = {
      id: String(row.pid),
      productId: String(row.pid),
      cid: String(row.cid),
      type: 'SUITPRODUCT',
      groupId: String(sku.merchant),
      skuId: String(sku.sku),
    };
    const slots = slotsOf(routes);
    report.slots = slots.length;
    const cases = casesFor(routes, slots, opts.size, opts.seed ?? 12);
    for (const [i, c] of cases.entries()) {
      const label =
        c.kind === 'raw'
          ? `raw ${JSON.stringify(c.text.slice(0, 50))}`
          : c.kind === 'value' || c.kind === 'json'
            ? `${c.slot.route.method} ${c.slot.route.url} ${c.slot.kind} ${c.slot.name}=${JSON.stringify(c.value).slice(0, 40)}`
            : `${c.route.method} ${c.route.url} ${c.label}`;
      let a: Answer | null;
      try {
        a = c.kind === 'raw' ? await sendRaw(server.url, c.text) : await send(server.url, c, ids, session);
      } catch (e) {
        // fetch refuses some values before sending (a newline or non-Latin-1 text in a header).
        if (e instanceof TypeError && c.kind === 'value' && c.slot.kind === 'header') {
          report.unsendable++;
          continue;
        }
        report.serverErrors.push(`${label}: no answer (${(e as Error).message})`);
        continue;
      }
      report.tried++;
      opts.onProgress?.(i + 1, cases.length);
      if (!a) {
        report.byStatus.closed = (report.byStatus.closed ?? 0) + 1;
        continue;
      }
      report.byStatus[a.status] = (report.byStatus[a.status] ?? 0) + 1;
      report.maxCpuMs = Math.max(report.maxCpuMs, a.cpuMs);
      if (a.status >= 500) report.serverErrors.push(`${label}: ${a.status} ${a.body.slice(0, 100)}`);
      if (a.cpuMs > SLOW_MS) report.slow.push(`${label}: ${a.cpuMs} ms`);
      const input = c.kind === 'value' ? c.value : undefined;
      const p = problem(a, input !== undefined && input.trim().length >= 4 ? input : undefined);
      if (p) report.leaks.push(`${label}: ${p}`);
    }
  } finally {
    await server.close();
    rmSync(dir, { recursive: true, force: true });
    rmSync(site, { recursive: true, force: true });
  }
  report.maxWallMs = clock.maxMs;
  report.seconds = (Date.now() - started) / 1000;
  const cpu = process.cpuUsage(cpuStart);
  report.cpuSeconds = (cpu.user + cpu.system) / 1e6;
  return report;
}

export function summary(r: FuzzReport): string {
  const statuses = Object.entries(r.byStatus)
    .map(([s, n]) => `${s}: ${n}`)
    .join(', ');
  return [
    `fuzz: ${r.tried} requests over ${r.routes} routes (${r.slots} fields, parameters and headers) in ${r.seconds.toFixed(1)} s (${r.cpuSeconds.toFixed(1)} s of CPU)`,
    `  5xx or no answer: ${r.serverErrors.length}; slower than ${SLOW_MS} ms of server CPU time: ${r.slow.length} (max ${r.maxCpuMs.toFixed(1)} ms CPU, ${r.maxWallMs.toFixed(1)} ms wall); leaking internals or off the error shape: ${r.leaks.length}`,
    `  answers by status: ${statuses}${r.unsendable ? `; ${r.unsendable} header values fetch would not send` : ''}`,
  ].join('\n');
}

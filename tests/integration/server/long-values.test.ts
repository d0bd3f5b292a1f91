// Issue 12, item 1: one request with a long value must not block the process. A 15 KB value in
// every query field, every body field and every path parameter of every route (enumerated from
// the running app, so a new route is covered without editing this file) is refused with the
// contract's error shape within 100 ms of server time.
//
// Not a flaky timing test: a bounded field is refused by ajv's maxLength check before any
// pattern runs, which costs microseconds; the 100 ms bound only fails when a value reaches a
// backtracking pattern (the old discover range pattern took 5 s on 3.2 KB and minutes on 15 KB).
// The bound is on the server's CPU time for the request (probe.ts timeAnswers: the wall clock
// also counts waiting for a core on a loaded machine); the largest wall time is printed too.
// A 3 KB rung runs first so that such a regression fails in seconds instead of hanging.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { registerSite } from '../../../server/site';
import { assertError, signIn, startTestServer, type TestServer } from './helper';
import {
  concretePath,
  fieldsOf,
  leakIn,
  SERVER_CPU_MS,
  SERVER_MS,
  stubSite,
  timeAnswers,
  VALID_BODY as VALID_FIELDS,
  watchRoutes,
  type SeenRoute,
} from './probe';

const KB = 1024;
const LIMIT_MS = 100;
const VALID_BODY = {
  ...VALID_FIELDS,
  productId: '1',
  commentId: '2',
  reason: '违规',
  // The checkout bodies' required fields (src/storefront/wire/{cart,orders}.ts).
  skuId: '2000001',
  groupId: '1',
  quantity: 1,
  excludedFromOrder: false,
  applyCents: 1,
  orderIds: ['1'],
  bcSell: true,
};
// The editors' routes check their token first (server/editor/token.ts): every request carries it.
const EDITOR_TOKEN = 'long-values-editor-token';

describe('a 15 KB value in every field of every route', () => {
  let s: TestServer;
  let routes: SeenRoute[];
  let slowest = { ms: 0, what: '' };
  let tried = 0;
  let clock = { maxMs: 0, maxCpuMs: 0 };
  // Signed in: the routes behind a session (checkout: server/routes/signed-in.ts; issue 15's
  // profile and others) refuse guests before reading the body (401), so every request is a
  // signed-in user's and the value reaches validation there too.
  let headers: Record<string, string> = {};
  before(async () => {
    let seen: SeenRoute[] = [];
    s = await startTestServer({
      reviews: 60,
      app: {
        editorToken: EDITOR_TOKEN,
        // The order admin's internal call takes the same Authorization header (server/admin-token.ts).
        adminToken: EDITOR_TOKEN,
        configure: async (app) => {
          seen = watchRoutes(app);
          clock = timeAnswers(app);
          // The site and its script proxy, as `npm start` serves them (a stub public/ is enough).
          await registerSite(app, stubSite());
        },
      },
    });
    routes = seen;
    headers = { ...(await signIn(s, '13800005555')).headers, authorization: `Bearer ${EDITOR_TOKEN}` };
  });
  after(async () => {
    console.log(
      `# ${tried} refusals; most server CPU time ${slowest.ms.toFixed(2)} ms (${slowest.what}); most wall time ${clock.maxMs.toFixed(2)} ms`,
    );
    await s.close();
  });

  const check = async (
    what: string,
    method: string,
    path: string,
    init: { body?: unknown } = {},
    status = 400,
    field?: string,
  ) => {
    const res = await s.req(method, path, { ...init, headers });
    assert.equal(res.status, status, `${what}: ${res.status} ${JSON.stringify(res.body).slice(0, 200)}`);
    assertError(res, status);
    assert.equal(res.body.statusCode, status, what);
    assert.equal(typeof res.body.code, 'string', what);
    if (field) assert.ok(res.body.message.includes(field), `${what}: "${res.body.message}" names ${field}`);
    const leak = leakIn(JSON.stringify(res.body), path.slice(-40));
    assert.equal(leak, null, `${what}: ${leak}`);
    assert.ok(Number.isFinite(Number(res.headers.get(SERVER_MS))), `${what}: server time header`);
    let ms = Number(res.headers.get(SERVER_CPU_MS));
    assert.ok(Number.isFinite(ms), `${what}: server CPU time header`);
    // Process CPU time also counts a garbage collection that happens to fall inside the
    // request (tens of ms with helper threads when the machine is busy). The refusal itself is
    // deterministic, so an answer over the bound is asked again, twice at most, and the least
    // time counts: a backtracking pattern is slow every time, a collection is not.
    for (let again = 0; again < 2 && ms >= LIMIT_MS; again++) {
      ms = Math.min(ms, Number((await s.req(method, path, { ...init, headers })).headers.get(SERVER_CPU_MS)));
    }
    if (ms > slowest.ms) slowest = { ms, what };
    tried++;
    assert.ok(ms < LIMIT_MS, `${what}: ${ms} ms of server CPU time`);
  };

  test('the routes were enumerated from the app', () => {
    const keys = routes.map((r) => `${r.method} ${r.url}`);
    for (const k of [
      'GET /api/v2/discover',
      'GET /api/v2/product_comment/haul',
      'POST /api/v2/signin/sms',
      'GET /__third-party-proxy',
    ]) {
      assert.ok(keys.includes(k), `${k} in ${keys.join(', ')}`);
    }
    assert.ok(routes.filter((r) => fieldsOf(r.schema.querystring).length).length >= 8);
  });

  test('every query field: 3 KB then 15 KB of plus signs (spaces), letters and digits -> 400', async () => {
    for (const size of [3 * KB, 15 * KB]) {
      for (const r of routes) {
        for (const [name, field] of fieldsOf(r.schema.querystring)) {
          const values = ['9'.repeat(size)];
          // ajv coerces a run of spaces to 0 for an integer field (harmless: no pattern runs);
          // for every string field, spaces are the value that made the range pattern cubic.
          if (field.type === 'string' || field.anyOf || field.type === undefined)
            values.push('+'.repeat(size), 'x'.repeat(size));
          for (const v of values) {
            await check(
              `${r.method} ${r.url} ?${name}=${v[0]}x${size}`,
              r.method,
              `${concretePath(r)}?${name}=${v}`,
              {},
              400,
              name,
            );
          }
        }
      }
    }
    assert.ok(tried >= 90, `tried ${tried}`);
  });

  test('every body field: 15 KB -> 400', async () => {
    for (const r of routes) {
      for (const [name, field] of fieldsOf(r.schema.body)) {
        for (const c of field.type === 'string' ? [' ', 'x', '9'] : ['x', '9']) {
          // Valid values for the other required fields, so the long one is what gets refused.
          const body: Record<string, unknown> = { ...VALID_BODY, [name]: c.repeat(15 * KB) };
          // Routes with a smaller body limit (the editors' takedowns: 4 KB) refuse it before
          // parsing (413).
          const small = r.bodyLimit !== undefined && Buffer.byteLength(JSON.stringify(body)) > r.bodyLimit;
          await check(
            `${r.method} ${r.url} body.${name}=${JSON.stringify(c)}x15K`,
            r.method,
            concretePath(r),
            { body },
            small ? 413 : 400,
            small ? undefined : name,
          );
        }
      }
    }
  });

  test('every path parameter: 15 KB -> 414 (longer than any id)', async () => {
    for (const r of routes) {
      for (const name of r.url.match(/:([A-Za-z0-9_]+)/g) ?? []) {
        const path = concretePath(r, { [name.slice(1)]: '1'.repeat(15 * KB) });
        await check(`${r.method} ${r.url} ${name}`, r.method, path, {}, 414);
      }
    }
  });
});

// Issue 25, F10: six addresses could spend the global SMS budget and block SMS sign-in for
// everyone. The global budget is now a last resort that degrades: past it, only address blocks
// (/24) and phone prefixes (7 digits) that sent nothing within its window still get codes, up to
// a hard cap; blocks and prefixes have budgets of their own. Loopback addresses of different /24
// blocks stand for different networks (Linux routes all of 127/8 to lo).
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { DEFAULT_SMS_BUDGET, blockOf } from '../../../server/sms-budget';
import { assertError, sendSmsFrom, startTestServer, type TestServer } from './helper';

/** A phone of prefix `p` (7 digits), number n in it. */
const phoneIn = (p: number, n: number) => `139${String(p).padStart(4, '0')}${String(n).padStart(4, '0')}`;

describe('SMS budgets at their defaults: the global budget degrades per block and prefix', () => {
  let s: TestServer;
  let clock = Date.UTC(2026, 0, 1);
  before(async () => {
    s = await startTestServer({ reviews: 10, now: () => clock, app: { smsBudget: DEFAULT_SMS_BUDGET } });
  });
  after(() => s?.close());

  test('six addresses spend the global budget; a seventh network and prefix still signs in', async () => {
    const perClient = Math.min(...DEFAULT_SMS_BUDGET.perClient.map((b) => b.max));
    const globalMax = Math.min(...DEFAULT_SMS_BUDGET.global.map((b) => b.max));
    assert.equal(6 * perClient, globalMax, "the issue's six addresses exactly spend the global budget");
    for (let a = 1; a <= 6; a++)
      for (let n = 0; n < perClient; n++) {
        const r = await sendSmsFrom(s, `127.0.${a}.1`, phoneIn(a, n));
        assert.equal(r.status, 200, JSON.stringify(r.body));
      }
    // The spenders' blocks and prefixes are refused, even from a new address in their block ...
    assertError(await sendSmsFrom(s, '127.0.1.2', phoneIn(50, 1)), 429, '繁忙');
    assertError(await sendSmsFrom(s, '127.0.50.1', phoneIn(1, 99)), 429, '繁忙');
    // ... while a shopper from another network with another prefix still gets a code.
    const shopper = await sendSmsFrom(s, '127.0.60.1', phoneIn(60, 1));
    assert.equal(shopper.status, 200, JSON.stringify(shopper.body));
    assert.ok(s.codes.has(phoneIn(60, 1)));
  });

  test("an address block has a budget of its own (three clients' worth)", async () => {
    clock += 24 * 3_600_000;
    let sent = 0;
    for (let host = 1; host <= 5; host++)
      for (let n = 0; n < 5; n++)
        if ((await sendSmsFrom(s, `127.0.70.${host}`, phoneIn(100 + host * 10 + n, 1))).status === 200) sent++;
    assert.equal(sent, 15);
  });

  test("a phone prefix has a budget of its own (two clients' worth)", async () => {
    clock += 24 * 3_600_000;
    let sent = 0;
    for (let a = 1; a <= 15; a++)
      if ((await sendSmsFrom(s, `127.0.${100 + a}.1`, phoneIn(300, a))).status === 200) sent++;
    assert.equal(sent, 10);
  });
});

test('address blocks: IPv4 /24, IPv4-mapped IPv6 as IPv4, IPv6 /48', () => {
  assert.equal(blockOf('203.0.113.7'), '203.0.113.0/24');
  assert.equal(blockOf('::ffff:203.0.113.7'), '203.0.113.0/24');
  assert.equal(blockOf('2001:db8:abcd:12::1'), '2001:db8:abcd::/48');
  assert.equal(blockOf('2001:db8::1'), '2001:db8:0::/48');
});

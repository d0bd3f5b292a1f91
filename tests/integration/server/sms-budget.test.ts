// Issue 12, item 3 (SMS pumping): beyond the per-phone limits, each client address and the
// whole server have send budgets; past them the SMS route answers 429 in the contract's shape
// with Retry-After, and no code is issued. Clients are told apart by their loopback address
// (127.0.0.1, 127.0.0.2, ...: Linux routes all of 127/8 to lo), as req.ip sees them.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { DEFAULT_SMS_BUDGET } from '../../../server/sms-budget';
import { assertError, sendSmsFrom, startTestServer, type TestServer } from './helper';

const phone = (n: number) => `139${String(n).padStart(8, '0')}`;

describe('SMS send budgets', () => {
  let s: TestServer;
  let clock = Date.UTC(2026, 0, 1);
  before(async () => {
    s = await startTestServer({
      reviews: 60,
      now: () => clock,
      app: { smsBudget: { perClient: [{ max: 3, windowMs: 60_000 }], global: [{ max: 5, windowMs: 60_000 }] } },
    });
  });
  after(async () => {
    await s.close();
  });

  test('per client, then for the whole server; only issued codes count; the window slides', async () => {
    for (let i = 1; i <= 3; i++) assert.equal((await sendSmsFrom(s, '127.0.0.1', phone(i))).status, 200);
    // A refused number and a per-phone refusal cost the client nothing.
    assertError(await sendSmsFrom(s, '127.0.0.2', '12345'), 400);
    assertError(await sendSmsFrom(s, '127.0.0.2', phone(1)), 429);
    const fourth = await sendSmsFrom(s, '127.0.0.1', phone(4));
    assertError(fourth, 429, '频繁');
    assert.equal(fourth.body.code, 'TOO_MANY_REQUESTS');
    assert.ok(Number(fourth.headers.get('retry-after')) > 0 && Number(fourth.headers.get('retry-after')) <= 60);
    assert.equal(s.codes.has(phone(4)), false, 'no code issued past the budget');

    // Another client still has its own budget, until the server's runs out (5 in the window).
    assert.equal((await sendSmsFrom(s, '127.0.0.2', phone(5))).status, 200);
    assert.equal((await sendSmsFrom(s, '127.0.0.2', phone(6))).status, 200);
    const global = await sendSmsFrom(s, '127.0.0.3', phone(7));
    assertError(global, 429, '繁忙');
    assert.ok(Number(global.headers.get('retry-after')) > 0);
    assert.equal(s.codes.has(phone(7)), false);

    clock += 61_000;
    assert.equal((await sendSmsFrom(s, '127.0.0.1', phone(8))).status, 200);
    assert.equal((await sendSmsFrom(s, '127.0.0.3', phone(9))).status, 200);
  });
});

describe('SMS send budgets at their defaults', () => {
  let s: TestServer;
  before(async () => {
    s = await startTestServer({ reviews: 60, app: { smsBudget: DEFAULT_SMS_BUDGET } });
  });
  after(async () => {
    await s.close();
  });

  test('one client asking for 40 numbers at once gets only its budget (the issue got 40 codes in 61 ms)', async () => {
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) => sendSmsFrom(s, '127.0.0.1', phone(100 + i))),
    );
    const sent = answers.filter((a) => a.status === 200).length;
    const limited = answers.filter((a) => a.status === 429);
    const clientMax = Math.min(...DEFAULT_SMS_BUDGET.perClient.map((b) => b.max));
    assert.equal(sent, clientMax, `${sent} codes sent`);
    assert.equal(limited.length, 40 - clientMax);
    for (const a of limited) assertError(a, 429);
    assert.equal(s.codes.size, clientMax);
  });
});

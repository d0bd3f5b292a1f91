// SmsSendBudget (server/sms-budget.ts): sliding windows, Retry-After, bounded memory.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { HttpError } from '../../../server/errors';
import { SmsSendBudget } from '../../../server/sms-budget';

const refused = (f: () => void) => {
  try {
    f();
  } catch (e) {
    assert.ok(e instanceof HttpError && e.statusCode === 429);
    return Number(e.headers['Retry-After']);
  }
  return 0;
};

test('a sliding window: room again when the oldest send leaves it; Retry-After says when', () => {
  let now = 0;
  const b = new SmsSendBudget(
    { perClient: [{ max: 2, windowMs: 10_000 }], global: [{ max: 100, windowMs: 10_000 }] },
    () => now,
  );
  b.check('a');
  b.charge('a');
  now = 4_000;
  b.check('a');
  b.charge('a');
  now = 5_000;
  assert.equal(
    refused(() => b.check('a')),
    5,
  ); // the first send leaves the window at 10 s
  assert.equal(
    refused(() => b.check('b')),
    0,
  );
  now = 10_000;
  assert.equal(
    refused(() => b.check('a')),
    0,
  );
});

test('several windows per budget: the longest wait wins', () => {
  let now = 0;
  const b = new SmsSendBudget(
    {
      perClient: [
        { max: 1, windowMs: 1_000 },
        { max: 2, windowMs: 60_000 },
      ],
      global: [],
    },
    () => now,
  );
  b.charge('a');
  now = 2_000;
  b.charge('a');
  now = 4_000;
  assert.equal(
    refused(() => b.check('a')),
    56,
  );
});

test('memory is bounded: past maxClients the least recently charged clients are forgotten', () => {
  const b = new SmsSendBudget({ perClient: [{ max: 1, windowMs: 60_000 }], global: [], maxClients: 2 }, () => 0);
  b.charge('a');
  b.charge('b');
  assert.ok(refused(() => b.check('a')) > 0);
  b.charge('c');
  assert.equal(
    refused(() => b.check('a')),
    0,
    'a forgotten',
  );
  assert.ok(refused(() => b.check('b')) > 0 && refused(() => b.check('c')) > 0);
});

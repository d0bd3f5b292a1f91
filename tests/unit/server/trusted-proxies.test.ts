// TRUST_PROXY (issue 39, N4): addresses, CIDRs and proxy-addr's range names become Fastify's
// trustProxy list; anything else is refused by name.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { trustedProxies } from '../../../server/config';

test('unset or blank: no proxy is trusted', () => {
  assert.equal(trustedProxies({}), false);
  assert.equal(trustedProxies({ TRUST_PROXY: '  ' }), false);
});

test('addresses, CIDRs and range names, separated by commas or spaces', () => {
  assert.deepEqual(trustedProxies({ TRUST_PROXY: '127.0.0.1, 10.0.0.0/8 ::1 fd00::/8,loopback' }), [
    '127.0.0.1',
    '10.0.0.0/8',
    '::1',
    'fd00::/8',
    'loopback',
  ]);
  assert.deepEqual(trustedProxies({ TRUST_PROXY: '10.0.0.0/255.0.0.0' }), ['10.0.0.0/255.0.0.0']);
});

test('anything else is refused with its name', () => {
  for (const bad of ['true', 'nginx.internal', '10.0.0.0/33', '::1/129', '10.0.0.1/8/8', '10.0.0.0/x', '1.2.3'])
    assert.throws(
      () => trustedProxies({ TRUST_PROXY: `127.0.0.1,${bad}` }),
      new RegExp(`TRUST_PROXY: "${bad.replace(/\./g, '\\.')}"`),
    );
});

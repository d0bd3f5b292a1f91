// The analytics configuration rules (issue 11, defect 8; docs/analytics.md): the site id's
// validation, and the script list (the proxy's allow-list) derived from it.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  analyticsScriptUrl,
  analyticsSiteIdFrom,
  safeAnalyticsSiteId,
  thirdPartyProxyUrl,
  thirdPartyScripts,
} from '../../../src/third-party';

const ID = '0123456789abcdef0123456789abcdef';

test('no id configured: null, and no script at all', () => {
  for (const raw of [undefined, null, '', '   ']) assert.equal(analyticsSiteIdFrom(raw), null);
  assert.deepEqual(thirdPartyScripts(null), []);
});

test('a Baidu Tongji id (32 hex characters) is accepted, trimmed and lower-cased', () => {
  assert.equal(analyticsSiteIdFrom(` ${ID.toUpperCase()}\n`), ID);
  assert.deepEqual(thirdPartyScripts(ID), [{ id: 'baidu-tongji', src: `https://hm.baidu.com/hm.js?${ID}` }]);
});

test('a malformed id is a configuration error naming the setting, without echoing the value', () => {
  for (const raw of [
    ID.slice(1),
    `${ID}0`,
    `${ID.slice(2)}zz`,
    `${ID.slice(0, 16)}&x=${ID.slice(0, 13)}`,
    '../../etc/passwd',
    'x'.repeat(10_000),
  ]) {
    assert.throws(
      () => analyticsSiteIdFrom(raw),
      (e: Error) => e.message.startsWith('GATSBY_ANALYTICS_SITE_ID must be') && !e.message.includes(raw),
      raw.slice(0, 40),
    );
  }
  assert.throws(() => analyticsSiteIdFrom('nope', 'analyticsSiteId'), /^Error: analyticsSiteId must be/);
});

test('run-time values are checked the same way, malformed meaning off', () => {
  assert.equal(safeAnalyticsSiteId(ID), ID);
  for (const raw of [undefined, null, 42, {}, 'nope', ID.repeat(3)]) assert.equal(safeAnalyticsSiteId(raw), null);
});

test('scripts go through the root proxy path with the URL encoded (as gatsby-script writes it)', () => {
  assert.equal(
    thirdPartyProxyUrl(analyticsScriptUrl(ID)),
    `/__third-party-proxy?url=https%3A%2F%2Fhm.baidu.com%2Fhm.js%3F${ID}`,
  );
});

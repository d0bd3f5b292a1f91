import assert from 'node:assert/strict';
import { test } from 'node:test';
import {
  ApiError,
  errorTextOfBody,
  ForeignOriginError,
  isApiError,
  NetworkError,
  StorefrontError,
  TimeoutError,
} from '../../../src/storefront/errors';

test('errorTextOfBody takes messages[0], then errors[0], then message, then a Chinese fallback', () => {
  assert.equal(errorTextOfBody({ messages: ['a', 'b'], errors: ['c'], message: 'd' }, 400), 'a');
  assert.equal(errorTextOfBody({ errors: ['c', 'x'], message: 'd' }, 400), 'c');
  assert.equal(errorTextOfBody({ message: 'd' }, 400), 'd');
  assert.equal(errorTextOfBody({}, 500), '请求失败（HTTP 500）');
  assert.equal(errorTextOfBody(null, 503), '请求失败（HTTP 503）');
  assert.equal(errorTextOfBody('plain text', 502), '请求失败（HTTP 502）');
  assert.equal(errorTextOfBody(undefined, 0), '请求失败');
});

test('errorTextOfBody skips empty or non-string entries instead of showing nothing', () => {
  assert.equal(errorTextOfBody({ messages: [''], errors: [42], message: 'm' }, 400), 'm');
  assert.equal(errorTextOfBody({ messages: 'not an array' }, 400), 'not an array');
  assert.equal(errorTextOfBody({ messages: ['  '], errors: [] }, 418), '请求失败（HTTP 418）');
});

test('the error kinds are distinct classes with Chinese texts', () => {
  const http = new StorefrontError(404, { message: '没有找到' }, 'GET', 'http://a/x');
  const net = new NetworkError('GET', 'http://a/x', Object.assign(new Error('x'), { code: 'ECONNREFUSED' }));
  const slow = new TimeoutError('POST', 'http://a/y', 1000);
  const foreign = new ForeignOriginError('GET', 'http://b/z', 'http://a');
  assert.deepEqual([http.kind, net.kind, slow.kind, foreign.kind], ['http', 'network', 'timeout', 'origin']);
  assert.equal(http.text, '没有找到');
  assert.equal(http.name, 'StorefrontError');
  assert.equal(http.unauthorized, false);
  assert.equal(new StorefrontError(401, {}, 'GET', 'u').unauthorized, true);
  assert.match(net.message, /ECONNREFUSED/);
  assert.ok(!(slow instanceof NetworkError), 'a timeout is its own kind');
  for (const e of [http, net, slow, foreign]) {
    assert.ok(e instanceof ApiError && e instanceof Error && isApiError(e));
    assert.match(e.text, /[\u4e00-\u9fff]/);
  }
  assert.equal(isApiError(new Error('x')), false);
});

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { errorTextOr } from '../../../src/storefront/error-text';
import { NetworkError, StorefrontError } from '../../../src/storefront/errors';

test("the error's Chinese text, else the fallback", () => {
  assert.equal(
    errorTextOr(new StorefrontError(400, { messages: ['验证码错误，还可以尝试4次'] }, 'POST', '/x'), '失败'),
    '验证码错误，还可以尝试4次',
  );
  assert.equal(errorTextOr(new NetworkError('GET', '/x'), '失败'), '网络连接失败，请检查网络后重试');
  // What an ES5-compiled subclass of Error leaves: a plain Error carrying the fields.
  assert.equal(
    errorTextOr(Object.assign(new Error('x'), { text: '请求超时，请稍后重试' }), '失败'),
    '请求超时，请稍后重试',
  );
  for (const e of [new Error('x'), null, undefined, 'text', { text: '  ' }, { text: 3 }])
    assert.equal(errorTextOr(e, '失败'), '失败');
});

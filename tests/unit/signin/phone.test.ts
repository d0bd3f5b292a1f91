import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  SMS_COUNTDOWN_SECONDS,
  isMainlandPhone,
  isSmsCode,
  mainlandPhone,
  normalisePhone,
} from '../../../src/signin/phone';

test('mainland mobile numbers: 11 digits, 1 then 3-9', () => {
  for (const ok of ['13800138000', '19912345678', '138 0013 8000', '138-0013-8000']) assert.ok(isMainlandPhone(ok), ok);
  for (const bad of [
    '',
    '1380013800',
    '138001380001',
    '12800138000',
    '23800138000',
    '+8613800138000',
    '1380013800a',
    '１３８００１３８０００',
  ])
    assert.ok(!isMainlandPhone(bad), bad);
  assert.equal(normalisePhone('138 0013-8000'), '13800138000');
});

test('SMS code: 4 to 8 digits; countdown 60 s', () => {
  assert.ok(isSmsCode('123456'));
  assert.ok(isSmsCode(' 1234 '));
  assert.ok(!isSmsCode('123'));
  assert.ok(!isSmsCode('12a456'));
  assert.equal(SMS_COUNTDOWN_SECONDS, 60);
});

test('mainlandPhone: what the server takes, normalised; a country code only before 11 digits', () => {
  for (const [raw, want] of [
    ['13800138000', '13800138000'],
    [' 138 0013 8000 ', '13800138000'],
    ['+86 138-0013-8000', '13800138000'],
    ['8613800138000', '13800138000'],
  ] as const)
    assert.equal(mainlandPhone(raw), want, raw);
  for (const bad of ['', '12800138000', '1380013800', '+8612800138000', '86138001380001', '１３８００１３８０００'])
    assert.equal(mainlandPhone(bad), null, bad);
});

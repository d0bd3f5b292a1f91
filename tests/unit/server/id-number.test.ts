// Resident identity numbers (GB 11643, server/repositories/id-number.ts): the check character,
// the birth date and the area code, as pure functions.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { checkDigit, checkIdNumber, maskIdNumber, normalizeIdNumber } from '../../../server/repositories/id-number';

const NOW = Date.UTC(2026, 10, 23);

test('the check character (ISO 7064 MOD 11-2), including X', () => {
  // GB 11643's example, and numbers whose check characters were computed by hand.
  assert.equal(checkDigit('11010519491231002'), 'X');
  assert.equal(checkIdNumber('11010519491231002X', NOW), null);
  for (const first17 of ['44030419800101123', '31011519900307123', '51010720000229456']) {
    const id = first17 + checkDigit(first17);
    assert.equal(checkIdNumber(id, NOW), null, id);
    // Every other check character is refused.
    for (const wrong of '0123456789X'.replace(id[17], '')) {
      assert.match(checkIdNumber(first17 + wrong, NOW) ?? '', /校验位/, `${first17}${wrong}`);
    }
  }
});

test('length, characters, area code and birth date', () => {
  const withCheck = (s: string) => s + checkDigit(s);
  assert.match(checkIdNumber('1101051949123100', NOW)!, /18位/);
  assert.match(checkIdNumber('11010519491231002Y', NOW)!, /18位/);
  assert.match(checkIdNumber('1101051949123100X2', NOW)!, /18位/);
  assert.match(checkIdNumber(withCheck('99010519491231002'), NOW)!, /地区码/);
  assert.match(checkIdNumber(withCheck('11010519490230002'), NOW)!, /出生日期/, 'February 30th');
  assert.match(checkIdNumber(withCheck('11010518991231002'), NOW)!, /出生日期/, 'before 1900');
  assert.match(checkIdNumber(withCheck('11010520261124002'), NOW)!, /出生日期/, 'tomorrow');
  assert.equal(checkIdNumber(withCheck('11010520261123002'), NOW), null, 'born today');
  assert.equal(checkIdNumber(withCheck('11010520000229002'), NOW), null, 'a leap day');
  assert.match(checkIdNumber(withCheck('11010519000229002'), NOW)!, /出生日期/, '1900 was not a leap year');
});

test('normalised and masked', () => {
  assert.equal(normalizeIdNumber(' 11010519491231002x '), '11010519491231002X');
  assert.equal(maskIdNumber('11010519491231002X'), '1101**********002X');
});

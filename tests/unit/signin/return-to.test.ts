import { test } from 'node:test';
import assert from 'node:assert/strict';
import { returnToParam, safeReturnTo } from '../../../src/signin/return-to';

test("same-site paths come back as site paths (the /review prefix is Gatsby's to add)", () => {
  assert.equal(safeReturnTo('/review/100001/5000001/'), '/100001/5000001/');
  assert.equal(safeReturnTo('/review/pd/100001/?x=1#r'), '/pd/100001/?x=1#r');
  assert.equal(safeReturnTo('/review'), '/');
  assert.equal(safeReturnTo('/review/'), '/');
  assert.equal(safeReturnTo('/haul/page/2/'), '/haul/page/2/');
  assert.equal(safeReturnTo('  /merchants/  '), '/merchants/');
});

test('anything that could leave the site goes home (no open redirect)', () => {
  for (const bad of [
    'https://evil.example/',
    'http://evil.example',
    '//evil.example/x',
    '/\\evil.example',
    '\\\\evil.example',
    'javascript:alert(1)',
    'data:text/html,x',
    'evil.example',
    '',
    '   ',
    '/\tevil',
    '/%0a',
    '/a\\b',
    '\u0000/x',
    'https:/evil.example',
    null,
    undefined,
  ]) {
    const out = safeReturnTo(bad as string);
    assert.ok(out.startsWith('/') && !out.startsWith('//'), `${JSON.stringify(bad)} -> ${out}`);
    if (bad !== '/%0a') assert.equal(out, '/', `${JSON.stringify(bad)} -> ${out}`);
  }
});

test('the login page itself is not a place to return to', () => {
  assert.equal(safeReturnTo('/review/login/'), '/');
  assert.equal(safeReturnTo('/login/?returnTo=/x'), '/');
  assert.equal(safeReturnTo('/review/login'), '/');
});

test('dot segments resolve inside the site', () => {
  assert.equal(safeReturnTo('/review/../pd/1/'), '/pd/1/');
  assert.equal(safeReturnTo('/../../etc'), '/etc');
});

test('returnTo parameter: first value, decoded', () => {
  assert.equal(returnToParam('?returnTo=%2Freview%2Fpd%2F1%2F&returnTo=/x'), '/review/pd/1/');
  assert.equal(returnToParam(''), null);
  assert.equal(returnToParam('returnTo=/a'), '/a');
});

// Issue 12 item 7: the check is on the final, normalised path, not on the raw text: dot
// segments and an empty segment after the /review prefix used to come out as "//evil.example".
test('paths that normalise to a protocol-relative URL go home', () => {
  for (const bad of [
    '/review//evil.example',
    '/review//evil.example/x?y=1',
    '/.//evil.example',
    '/review/.//evil.example',
    '/review/%2e%2e//evil.example',
    '/review/%2E%2E//evil.example',
    '/review/..//evil.example',
    '/a/..//evil.example',
    '/review/%2e//evil.example',
    '/review/./%2e/..//evil.example',
    '/review/\\evil.example',
    '/review/\\\\evil.example',
    '/review/\t/evil.example',
    '/review/\n/evil.example',
    '/\r//evil.example',
    '/review/%09//evil.example/..//x',
    '/review//\\evil',
    'javascript:alert(1)',
    ' javascript:alert(1)',
    'JaVaScRiPt:alert(1)',
    '/javascript:alert(1)//evil',
  ]) {
    const out = safeReturnTo(bad);
    assert.ok(out.startsWith('/') && !out.startsWith('//') && !out.includes('\\'), `${JSON.stringify(bad)} -> ${out}`);
    assert.equal(
      new URL(`/review${out}`, 'http://same.invalid').origin,
      'http://same.invalid',
      `${JSON.stringify(bad)} -> ${out}`,
    );
    if (!bad.startsWith('/javascript:') && !bad.includes('%09'))
      assert.equal(out, '/', `${JSON.stringify(bad)} -> ${out}`);
  }
});

test('encoded slashes and colons stay inside one path segment on the site', () => {
  // %2F is not a separator for the URL parser or for Gatsby's router: a same-site path.
  for (const raw of [
    '/review/%2F%2Fevil.example',
    '/%2f%2fevil.example',
    '/review/%5Cevil.example',
    '/review/javascript:alert(1)',
  ]) {
    const out = safeReturnTo(raw);
    assert.ok(out.startsWith('/') && !out.startsWith('//'), `${raw} -> ${out}`);
    assert.equal(new URL(`/review${out}`, 'http://same.invalid').origin, 'http://same.invalid');
  }
});

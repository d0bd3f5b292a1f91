// The code fingerprint that lets a patch build run (server/builds/fingerprint.ts): it must change
// with any source file or build setting, and only with them.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { codeFingerprint } from '../../../server/builds/fingerprint';

test('the fingerprint changes with a source file (even touched only), the SITE_URL and GATSBY_ settings; not with others', (t) => {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'fingerprint-'));
  t.after(() => fs.rmSync(root, { recursive: true, force: true }));
  fs.mkdirSync(path.join(root, 'src', 'templates'), { recursive: true });
  fs.writeFileSync(path.join(root, 'src', 'templates', 'review.tsx'), 'export default 1;');
  fs.writeFileSync(path.join(root, 'gatsby-config.ts'), 'export default {};');
  const env = { SITE_URL: 'https://a.example', GATSBY_ANALYTICS_SITE_ID: '1', PATH: '/bin' };
  const first = codeFingerprint(root, env);
  assert.equal(codeFingerprint(root, env), first, 'stable');
  assert.equal(codeFingerprint(root, { ...env, PATH: '/usr/bin', GATSBY_CPU_COUNT: '3' }), first);
  assert.notEqual(codeFingerprint(root, { ...env, SITE_URL: 'https://b.example' }), first);
  assert.notEqual(codeFingerprint(root, { ...env, GATSBY_ANALYTICS_SITE_ID: '2' }), first);
  const later = new Date(Date.now() + 5000);
  fs.utimesSync(path.join(root, 'src', 'templates', 'review.tsx'), later, later);
  const touched = codeFingerprint(root, env);
  assert.notEqual(touched, first, 'a touched source');
  fs.writeFileSync(path.join(root, 'gatsby-node.ts'), 'export {};');
  assert.notEqual(codeFingerprint(root, env), touched, 'a new top-level file');
  fs.mkdirSync(path.join(root, 'data'));
  fs.writeFileSync(path.join(root, 'data', 'categories.json'), '[]');
  assert.notEqual(codeFingerprint(root, env), touched, 'the catalogue');
});

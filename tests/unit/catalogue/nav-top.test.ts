import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import { NAV_TOP_FILE, navTop } from '../../../scripts/catalogue/build-nav';

test('src/catalogue/nav-top.json matches the catalogue (regenerate: tsx scripts/catalogue/build-nav.ts)', () => {
  assert.deepEqual(JSON.parse(fs.readFileSync(NAV_TOP_FILE, 'utf8')), navTop());
  assert.equal(navTop().length, 10);
});

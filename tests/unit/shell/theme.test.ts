// One brand colour: the CSS custom property, the value code uses (theme-color) and the favicon.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { THEME } from '../../../src/styles/theme';

const root = path.resolve(__dirname, '..', '..', '..');
const read = (...p: string[]) => fs.readFileSync(path.join(root, ...p), 'utf8');

test('src/styles/theme.ts has global.css --brand', () => {
  assert.equal(/--brand:\s*(#[0-9a-f]+)/i.exec(read('src', 'styles', 'global.css'))?.[1], THEME.brand);
});

test('the favicon is the brand colour', () => {
  assert.match(read('static', 'favicon.svg'), new RegExp(`<rect [^>]*fill="${THEME.brand}"`));
});

test('no component writes a brand colour literally', () => {
  const files = fs
    .readdirSync(path.join(root, 'src'), { recursive: true, encoding: 'utf8' })
    .filter((f) => /\.(tsx?|css)$/.test(f));
  for (const f of files) {
    if (f === path.join('styles', 'theme.ts') || f === path.join('styles', 'global.css')) continue;
    assert.ok(!read('src', f).toLowerCase().includes(THEME.brand), `src/${f} uses var(--brand) or THEME.brand`);
  }
  assert.ok(!read('gatsby-ssr.tsx').includes('#'), 'gatsby-ssr.tsx takes its colour from THEME');
});

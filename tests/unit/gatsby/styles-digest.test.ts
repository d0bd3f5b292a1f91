// The stylesheet digest compiled into the browser bundle (gatsby/styles-digest.ts): it must
// follow every CSS edit under src/ and nothing else.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { stylesDigest } from '../../../gatsby/styles-digest';

function tree(files: Record<string, string>): string {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'styles-digest-'));
  for (const [rel, body] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(root, rel)), { recursive: true });
    fs.writeFileSync(path.join(root, rel), body);
  }
  return root;
}

test('the digest changes with any CSS file under src/ and not with other sources', () => {
  const root = tree({
    'src/styles/a.css': '.a{width:calc((100% - 18px) / 2.5)}',
    'src/components/b/b.css': '.b{}',
    'src/x.ts': 'export {}',
  });
  try {
    const first = stylesDigest(root);
    assert.match(first, /^[0-9a-f]{16}$/);
    assert.equal(stylesDigest(root), first, 'stable');
    fs.writeFileSync(path.join(root, 'src/x.ts'), 'export const x = 1;');
    assert.equal(stylesDigest(root), first, "a script edit is webpack's own business");
    fs.writeFileSync(path.join(root, 'src/components/b/b.css'), '.b{color:red}');
    const second = stylesDigest(root);
    assert.notEqual(second, first, 'a nested stylesheet edit');
    fs.renameSync(path.join(root, 'src/styles/a.css'), path.join(root, 'src/styles/c.css'));
    assert.notEqual(stylesDigest(root), second, 'a renamed stylesheet');
  } finally {
    fs.rmSync(root, { recursive: true, force: true });
  }
});

test('the Swiper version counts (its CSS is imported from node_modules)', () => {
  const root = tree({ 'src/a.css': '.a{}', 'node_modules/swiper/package.json': '{"version":"11.0.0"}' });
  try {
    const before = stylesDigest(root);
    fs.writeFileSync(path.join(root, 'node_modules/swiper/package.json'), '{"version":"11.1.0"}');
    assert.notEqual(stylesDigest(root), before);
  } finally {
    fs.rmSync(root, { recursive: true, force: true });
  }
});

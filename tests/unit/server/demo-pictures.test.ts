// The demo pictures (issue 44, "Demo data that looks like a store"): each subject is drawn as a
// product scene, the same key gives the same bytes, the subject follows the category, and the
// subject lookup reads it from the picture's owner row (a real SQLite database in memory).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import Database from 'better-sqlite3';
import sharp from 'sharp';
import catalogue from '../../../data/categories.json';
import { imageSvg, renderImage } from '../../../server/media/render';
import { SUBJECTS, createSubjectLookup, subjectOfCategory, type Subject } from '../../../server/media/subjects';
import type { DB } from '../../../server/db/open';
import type { MediaKey } from '../../../server/media/urls';

const key = (id: string, width = 240, height = 320, ext: MediaKey['ext'] = 'jpg'): MediaKey => ({
  kind: 'picture',
  id,
  width,
  height,
  ext,
});

test('each subject renders a JPEG and a WebP of the asked size, not the plain placeholder', async () => {
  for (const subject of SUBJECTS)
    for (const ext of ['jpg', 'webp'] as const) {
      const bytes = await renderImage(key('r50000011', 360, 480, ext), subject);
      const meta = await sharp(bytes).metadata();
      assert.deepEqual([meta.format, meta.width, meta.height], [ext === 'jpg' ? 'jpeg' : 'webp', 360, 480], subject);
      // A scene: a wall, a table and a product, far more than a gradient and a circle.
      const svg = imageSvg(key('r50000011'), subject);
      assert.match(svg, /id="table"/, subject);
      assert.ok(svg.length > 2000, `${subject}: ${svg.length} bytes of SVG`);
    }
  assert.doesNotMatch(imageSvg(key('r50000011'), null), /id="table"/);
});

test('the same key gives identical bytes; another id or subject gives others', async () => {
  const a = await renderImage(key('r50000011'), 'handbag');
  assert.ok(a.equals(await renderImage(key('r50000011'), 'handbag')));
  assert.ok(!a.equals(await renderImage(key('r50000012'), 'handbag')));
  const svgs = new Set(SUBJECTS.map((s) => imageSvg(key('r50000011'), s)));
  assert.equal(svgs.size, SUBJECTS.length, 'each subject draws its own product');
});

test('different categories give different subjects; every subject is some category of the catalogue', () => {
  const cases: Array<[string, Subject]> = [
    ['e00', 'handbag'], // women's bags
    ['k10', 'shoe'], // women's shoes
    ['b00', 'lipstick'], // makeup
    ['b20', 'bottle'], // facial skincare
    ['d40', 'bottle'], // vitamins
    ['800', 'garment'], // wool coats
    ['910', 'garment'], // men's tops
    ['gb0', 'garment'], // baby clothing
    ['a00', 'box'], // audio and camera
    ['f00', 'box'], // silver jewellery
  ];
  for (const [category, subject] of cases) assert.equal(subjectOfCategory(category), subject, category);
  assert.equal(subjectOfCategory(null), 'box');
  const leaves: string[] = [];
  type Node = { category: { id: string }; children?: Node[] };
  const walk = (n: Node) => (n.children?.length ? n.children.forEach(walk) : leaves.push(n.category.id));
  (catalogue.categories as Node[]).forEach(walk);
  assert.deepEqual(new Set(leaves.map(subjectOfCategory)), new Set(SUBJECTS));
});

test("the lookup reads the subject from the picture's, cover's, product's or SKU's row", () => {
  const db = new Database(':memory:') as unknown as DB;
  db.exec(`CREATE TABLE products (id INTEGER PRIMARY KEY, category_id TEXT NOT NULL);
    CREATE TABLE skus (id INTEGER PRIMARY KEY, product_id INTEGER NOT NULL);
    CREATE TABLE reviews (id INTEGER PRIMARY KEY, category_id TEXT NOT NULL);
    INSERT INTO products VALUES (100001, 'e00'), (100002, 'k10');
    INSERT INTO skus VALUES (7, 100002);
    INSERT INTO reviews VALUES (5000001, 'b00'), (5000002, '800');`);
  const subjectOf = createSubjectLookup(db);
  assert.equal(subjectOf({ kind: 'picture', id: 'r50000013' }), 'lipstick');
  assert.equal(subjectOf({ kind: 'cover', id: 'v5000002' }), 'garment');
  assert.equal(subjectOf({ kind: 'product', id: 'p100001-0' }), 'handbag');
  assert.equal(subjectOf({ kind: 'sku', id: 's7' }), 'shoe');
  assert.equal(subjectOf({ kind: 'avatar', id: 'u1' }), null);
  assert.equal(subjectOf({ kind: 'picture', id: 'x1' }), null);
  assert.equal(subjectOf({ kind: 'picture', id: 'r99999990' }), 'box'); // no such row
});

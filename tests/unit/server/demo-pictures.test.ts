// The demo pictures (issue 44, "Demo data that looks like a store"): each subject is drawn as a
// product scene, the same key gives the same bytes, the subject follows the category (each group
// of the catalogue to a product that reads as its own, a box only where none fits), and the
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

test('every subject draws the same bytes twice, at the asked size, for several ids, sizes and formats', async () => {
  // Ids whose variants cover each subject's kinds (variant % 2 and % 3 both vary).
  const ids = ['r50000010', 'r50000011', 'r50000012', 'r50000013'];
  const sizes: Array<[number, number, MediaKey['ext']]> = [
    [240, 320, 'jpg'],
    [540, 405, 'webp'],
    [360, 360, 'jpg'],
  ];
  for (const subject of SUBJECTS) {
    const seen = new Set<string>();
    for (const [i, id] of ids.entries()) {
      const [width, height, ext] = sizes[i % sizes.length];
      const k = key(id, width, height, ext);
      const bytes = await renderImage(k, subject);
      assert.ok(bytes.equals(await renderImage(k, subject)), `${subject} ${id}: deterministic`);
      const meta = await sharp(bytes).metadata();
      assert.deepEqual(
        [meta.format, meta.width, meta.height],
        [ext === 'jpg' ? 'jpeg' : 'webp', width, height],
        `${subject} ${id}`,
      );
      // Not a flat image: a product stands in the scene (the pixels vary a good deal).
      const { channels } = await sharp(bytes).stats();
      assert.ok(
        channels.some((c) => c.stdev > 12),
        `${subject} ${id}: stdev ${channels.map((c) => c.stdev)}`,
      );
      seen.add(imageSvg(key(id), subject));
    }
    assert.equal(seen.size, ids.length, `${subject}: each id its own picture`);
  }
});

test('different categories give different subjects; every subject is some category of the catalogue', () => {
  const cases: Array<[string, Subject]> = [
    ['e00', 'handbag'], // women's bags
    ['g54', 'handbag'], // diaper bags
    ['k10', 'shoe'], // women's shoes
    ['g85', 'shoe'], // kids' sneakers
    ['b00', 'lipstick'], // makeup
    ['b20', 'bottle'], // facial skincare
    ['d40', 'bottle'], // vitamins
    ['c42', 'bottle'], // wine
    ['c10', 'bottle'], // olive oil
    ['800', 'garment'], // wool coats
    ['910', 'garment'], // men's tops
    ['gb0', 'garment'], // baby clothing
    ['857', 'watch'], // women's watches
    ['960', 'watch'], // men's watches
    ['a24', 'watch'], // smart watches
    ['f00', 'jewellery'], // silver necklaces
    ['f20', 'jewellery'], // jadeite bangles
    ['fa5', 'jewellery'], // gold charm beads
    ['962', 'jewellery'], // cufflinks
    ['a00', 'headphones'], // headphones
    ['a01', 'headphones'], // speakers
    ['a07', 'camera'], // cameras
    ['a08', 'camera'], // instant cameras
    ['a22', 'phone'], // phone cases
    ['a0a', 'phone'], // power banks
    ['a10', 'gamepad'], // game consoles
    ['a13', 'gamepad'], // controllers
    ['c00', 'snack'], // chocolate
    ['c05', 'snack'], // chips
    ['c21', 'snack'], // coffee beans
    ['g12', 'snack'], // baby snacks
    ['c12', 'jar'], // honey
    ['c17', 'jar'], // jam
    ['c31', 'jar'], // green tea
    ['d00', 'jar'], // whey protein
    ['g00', 'jar'], // stage 1 formula
    ['ga1', 'teddy'], // plush toys
    ['a23', 'teddy'], // figures
    ['ga0', 'blocks'], // early learning toys
    ['a21', 'blocks'], // building toys
    ['a26', 'box'], // blind boxes
    ['g50', 'box'], // strollers
    ['a31', 'box'], // stationery
  ];
  for (const [category, subject] of cases) assert.equal(subjectOfCategory(category), subject, category);
  assert.equal(subjectOfCategory(null), 'box');
  assert.equal(subjectOfCategory('zz'), 'box');
  const leaves: string[] = [];
  type Node = { category: { id: string }; children?: Node[] };
  const walk = (n: Node) => (n.children?.length ? n.children.forEach(walk) : leaves.push(n.category.id));
  (catalogue.categories as Node[]).forEach(walk);
  assert.deepEqual(new Set(leaves.map(subjectOfCategory)), new Set(SUBJECTS));
  // A box only where no product fits: diapers, baby gear, nursery, car seats, office, a few
  // collectibles; no leaf of clothing, bags, beauty, shoes, jewellery, food or supplements.
  const boxes = leaves.filter((id) => subjectOfCategory(id) === 'box');
  assert.deepEqual(
    [...new Set(boxes.map((id) => id.slice(0, 2)))].sort(),
    ['a0', 'a2', 'a3', 'g2', 'g5', 'g6', 'g7', 'g9'],
    boxes.join(' '),
  );
  assert.ok(boxes.length <= leaves.length / 10, `${boxes.length} of ${leaves.length} leaves are a box`);
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

// The reference server draws a review's pictures, its video cover and a product's images as a
// product of the owner's category (issue 44): the bytes served for a URL of the data are the
// scene of that category's subject (server/media/subjects.ts), on a real server and database.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { renderImage } from '../../../server/media/render';
import { subjectOfCategory } from '../../../server/media/subjects';
import { parseMediaPath } from '../../../server/media/urls';
import { startTestServer, type TestServer } from './helper';

let s: TestServer;
before(async () => {
  s = await startTestServer({ reviews: 60 });
});
after(async () => {
  await s.close();
});

test("a picture, a cover and a product image are their category's subject", async () => {
  const db = s.app.db;
  const rows = db
    .prepare(
      `SELECT r.category_id AS category, json_extract(r.pictures, '$[0].thumbnail.url') AS picture,
        json_extract(r.videos, '$[0].cover.url') AS cover, json_extract(p.images, '$[0].thumbnail.url') AS product
      FROM reviews r JOIN products p ON p.id = r.product_id`,
    )
    .all() as Array<{ category: string; picture: string | null; cover: string | null; product: string | null }>;
  const seen = new Set<string>();
  for (const r of rows) {
    const subject = subjectOfCategory(r.category);
    for (const url of [r.picture, r.cover, r.product]) {
      if (!url?.startsWith('/media/') || seen.has(`${subject}:${url.split('/')[2]}`)) continue;
      seen.add(`${subject}:${url.split('/')[2]}`);
      const [, , kind, id, file] = url.split('/');
      const res = await fetch(s.url + url);
      assert.equal(res.status, 200, url);
      const served = Buffer.from(await res.arrayBuffer());
      assert.ok(served.equals(await renderImage(parseMediaPath(kind, id, file)!, subject)), `${url}: a ${subject}`);
    }
  }
  assert.ok(new Set([...seen].map((k) => k.split(':')[0])).size >= 3, `subjects seen: ${[...seen].join(' ')}`);
});

// Review search (issue 43): GET /api/v1/product-comment/search over the FTS5 index, and
// POST /api/v3/discover over the same index. A real server on a seeded SQLite file: matching
// (text, tags, product names in Chinese and English, brands), the ranking order, FTS syntax
// matched as text, the limits, hostile strings, and the index kept current by writes and
// takedowns (the editors' API).
import { test, before, after, describe } from 'node:test';
import assert from 'node:assert/strict';
import { startTestServer, assertError, type TestServer } from './helper';
import { NAUGHTY } from '../reliability/corpus';

const TOKEN = 'editor-token-for-search-tests-0123456789';
let s: TestServer;

const search = (params: Record<string, string | number>) =>
  s.get(
    `/api/v1/product-comment/search?${new URLSearchParams(Object.entries(params).map(([k, v]) => [k, String(v)]))}`,
  );

/** Inserts a review of product `productId` with this text, as the back office's SQL would. */
function insertReview(productId: number, content: string, extra: { likes?: number; pictures?: number } = {}): number {
  const db = s.app.db;
  const pictures = Array.from({ length: extra.pictures ?? 0 }, (_, i) => ({
    id: 900 + i,
    full: { url: '/media/x.jpg', width: 10, height: 10 },
    thumbnail: { url: '/media/x.jpg', width: 10, height: 10 },
  }));
  const user = db.prepare('SELECT min(id) AS id FROM users').get() as { id: number };
  const { lastInsertRowid } = db
    .prepare(
      `INSERT INTO reviews (product_id, category_id, user_id, content, score, word_tags, pictures, videos, likes, posted_at)
      VALUES (?, (SELECT category_id FROM products WHERE id = ?), ?, ?, 5, '[]', ?, '[]', ?, ?)`,
    )
    .run(productId, productId, user.id, content, JSON.stringify(pictures), extra.likes ?? 0, Date.now());
  return Number(lastInsertRowid);
}

const productOf = () =>
  s.app.db
    .prepare(
      `SELECT p.id, p.name, p.name_cn, b.name AS b_name, b.name_cn AS b_name_cn FROM products p
      JOIN brands b ON b.id = p.brand_id WHERE p.review_count > 0 ORDER BY p.id LIMIT 1`,
    )
    .get() as { id: number; name: string; name_cn: string; b_name: string; b_name_cn: string };

describe('review search', () => {
  before(async () => {
    s = await startTestServer({ reviews: 300, app: { editorToken: TOKEN } });
  });
  after(() => s.close());

  test('matches review text, word tags, product names (Chinese, English) and brands', async () => {
    const res = await search({ q: '物流很快', t: 50 });
    assert.equal(res.status, 200);
    assert.ok(res.body.total > 0, 'seeded texts say 物流很快');
    for (const c of res.body.comments) assert.match(`${c.content} ${c.productName} ${c.wordTags}`, /物流|很快/);

    const tagged = s.app.db
      .prepare(
        `SELECT id, json_extract(word_tags, '$[0]') AS tag FROM reviews WHERE json_array_length(word_tags) > 0 LIMIT 1`,
      )
      .get() as { id: number; tag: string };
    const byTag = await search({ q: tagged.tag, t: 50 });
    assert.ok(byTag.body.total > 0, `tag ${tagged.tag}`);
    assert.ok(
      byTag.body.comments.every(
        (c: any) => (c.wordTags ?? []).includes(tagged.tag) || `${c.content}${c.productName}`.includes(tagged.tag),
      ),
    );

    const p = productOf();
    const ids = (
      s.app.db.prepare('SELECT id FROM reviews WHERE product_id = ?').all(p.id) as Array<{ id: number }>
    ).map((r) => r.id);
    for (const q of [p.name_cn, p.name, p.b_name, p.b_name_cn, p.b_name.toUpperCase()]) {
      const r = await search({ q, t: 50 });
      assert.equal(r.status, 200, q);
      assert.ok(
        r.body.comments.some((c: any) => ids.includes(c.commentId)) || r.body.total >= 50,
        `"${q}" finds a review of product ${p.id}`,
      );
    }
    // Full-width letters are their half-width selves.
    const wide = p.b_name.replace(/[A-Za-z]/g, (ch) => String.fromCharCode(ch.charCodeAt(0) + 0xfee0));
    assert.equal((await search({ q: wide, t: 50 })).body.total, (await search({ q: p.b_name, t: 50 })).body.total);

    const products = await s.req('POST', '/api/v3/discover', { body: { q: p.b_name_cn, t: 50 } });
    assert.equal(products.status, 200);
    assert.ok(
      products.body.products.some((x: any) => x.id === p.id),
      'discover finds the product by its brand',
    );
    // The category's Chinese name finds the product too (product_fts's category column).
    const leaf = s.app.catalogue.leafById.get(
      (s.app.db.prepare('SELECT category_id FROM products WHERE id = ?').get(p.id) as { category_id: string })
        .category_id,
    )!;
    const byCategory = await s.req('POST', '/api/v3/discover', { body: { q: leaf.displayTerm, t: 100 } });
    assert.ok(
      byCategory.body.products.some((x: any) => x.id === p.id),
      `discover finds it by ${leaf.displayTerm}`,
    );
  });

  test('ranking: bm25 first; on a tie, pictures first, then the most liked', async () => {
    const p = productOf();
    const strong = insertReview(p.id, 'zorblax zorblax zorblax 好用');
    const weak = insertReview(
      p.id,
      'zorblax 这是一段很长的评价，说了很多别的事情：包装、物流、客服、价格、颜色、尺码、手感、味道，都还可以',
    );
    const plain = insertReview(p.id, 'zorblax 不错', { likes: 0 });
    const liked = insertReview(p.id, 'zorblax 不错', { likes: 9 });
    const pictured = insertReview(p.id, 'zorblax 不错', { likes: 1, pictures: 2 });
    const res = await search({ q: 'zorblax', t: 10 });
    assert.equal(res.status, 200);
    assert.deepEqual(
      res.body.comments.map((c: any) => c.commentId),
      [strong, pictured, liked, plain, weak],
    );
    assert.equal(res.body.comments[1].pictureCount, 2);
    const newest = await search({ q: 'zorblax', sort: 'posted_at' });
    assert.deepEqual(newest.body.comments.map((c: any) => c.commentId).slice(0, 2), [pictured, liked]);
    const mostLiked = await search({ q: 'zorblax', sort: 'likes' });
    assert.equal(mostLiked.body.comments[0].commentId, liked);
    assert.deepEqual(
      (await search({ q: 'zorblax', media: 'picture' })).body.comments.map((c: any) => c.commentId),
      [pictured],
    );
    assert.equal((await search({ q: 'zorblax', score: 1 })).body.total, 0);
  });

  test('FTS syntax is matched as text, never as an operator', async () => {
    const p = productOf();
    const id = insertReview(p.id, 'quux AND quux OR NEAR(abc) "x*" title:y ^z -w');
    for (const q of [
      '"',
      '*',
      'NEAR',
      'AND',
      'OR',
      '(',
      '^',
      ':',
      '-',
      'quux"',
      'quux*',
      'NEAR(quux',
      'quux OR',
      '-quux',
      '^quux',
      'body:quux',
      '"quux',
      'quux AND',
    ]) {
      const res = await search({ q });
      assert.equal(res.status, 200, `${q}: ${JSON.stringify(res.body)}`);
    }
    // The words AND / OR / NEAR are words: the review that says them is found by them.
    for (const q of ['AND', 'or', 'near', 'quux AND', 'title:y']) {
      assert.ok(
        (await search({ q })).body.comments.some((c: any) => c.commentId === id),
        q,
      );
    }
    // "quux OR zzzznothing" is not an OR: both are required, and nothing says zzzznothing.
    assert.equal((await search({ q: 'quux OR zzzznothing' })).body.total, 0);
    // "-quux" is not NOT quux.
    assert.ok((await search({ q: '-quux' })).body.comments.some((c: any) => c.commentId === id));
  });

  test('limits: 50 characters searched (and said), window, depth, length; odd input answers 200', async () => {
    const long = '物流很快'.repeat(15);
    const res = await search({ q: long });
    assert.equal(res.status, 200);
    assert.equal(res.body.cut, true);
    assert.equal(Array.from(res.body.q).length, 50);
    assert.equal((await search({ q: '物流很快' })).body.cut, false);
    const emoji = '😀'.repeat(60);
    const cutEmoji = await search({ q: emoji });
    assert.equal(cutEmoji.status, 200);
    assert.equal(cutEmoji.body.q, '😀'.repeat(50), 'cut by characters, not UTF-16 units');
    assertError(await search({ q: 'x', f: 0, t: 51 }), 400);
    assertError(await search({ q: 'x', f: 1001, t: 1010 }), 400);
    assertError(await search({ q: 'x'.repeat(201) }), 400);
    assertError(await search({ q: 'x', sort: 'rank; DROP TABLE reviews' }), 400);
    for (const q of ['', '   ', '\u3000', '😀', '宝', 'a', 'ｎｉｋｅ 面霜', 'Nike鞋', '🧴面霜', '面霜😀']) {
      const r = await search({ q });
      assert.equal(r.status, 200, q);
      assert.ok(Array.isArray(r.body.comments) && Number.isInteger(r.body.total), q);
    }
    assert.ok((await search({ q: '宝' })).body.total > 0, 'one character finds words it starts');
    assert.equal((await search({ q: '   ' })).body.total, 0);
    assertError(await s.req('POST', '/api/v3/discover', { body: { q: '   ' } }), 400, '请输入搜索关键词');
  });

  test('hostile strings: no 5xx, no SQL error, no echo beyond the query', async () => {
    for (const q of NAUGHTY) {
      if (q.length > 200) continue;
      const r = await search({ q });
      assert.ok(r.status === 200, `${JSON.stringify(q)}: ${r.status} ${JSON.stringify(r.body)}`);
      const p = await s.req('POST', '/api/v3/discover', { body: { q: q || ' ' } });
      assert.ok(p.status === 200 || p.status === 400, `discover ${JSON.stringify(q)}: ${p.status}`);
    }
  });

  test('kept current: an edit is found at once; a takedown or a hidden review leaves the results at once', async () => {
    const p = productOf();
    const id = insertReview(p.id, 'glimmerwick 第一版');
    assert.deepEqual(
      (await search({ q: 'glimmerwick' })).body.comments.map((c: any) => c.commentId),
      [id],
    );
    s.app.db.prepare('UPDATE reviews SET content = ? WHERE id = ?').run('shimmerdusk 第二版', id);
    assert.equal((await search({ q: 'glimmerwick' })).body.total, 0, 'the old word is gone');
    assert.equal((await search({ q: 'shimmerdusk' })).body.comments[0].commentId, id);

    const auth = { authorization: `Bearer ${TOKEN}` };
    const down = await s.req('POST', '/editor/api/takedowns', {
      body: { productId: String(p.id), commentId: String(id), reason: '违规' },
      headers: auth,
    });
    assert.ok(down.status < 300, JSON.stringify(down.body));
    assert.equal((await search({ q: 'shimmerdusk' })).body.total, 0, 'taken down: gone from the next answer');
    const restored = await s.req('DELETE', `/editor/api/takedowns/${p.id}/${id}`, { headers: auth });
    assert.ok(restored.status < 300, JSON.stringify(restored.body));
    assert.equal((await search({ q: 'shimmerdusk' })).body.total, 1);
    s.app.db.prepare('UPDATE reviews SET hidden_at = 1 WHERE id = ?').run(id);
    assert.equal((await search({ q: 'shimmerdusk' })).body.total, 0, 'hidden');

    // A product renamed: its reviews are found by the new name.
    s.app.db.prepare('UPDATE products SET name_cn = ? WHERE id = ?').run('晶耀特调精华', p.id);
    const renamed = await search({ q: '晶耀特调精华', t: 50 });
    assert.ok(renamed.body.total > 0 && renamed.body.comments.every((c: any) => c.productId === p.id));
    const products = await s.req('POST', '/api/v3/discover', { body: { q: '晶耀特调精华' } });
    assert.deepEqual(
      products.body.products.map((x: any) => x.id),
      [p.id],
    );
  });
});

// The relevance list of issue 43: 30 queries a shopper types, built from the demo data's
// vocabulary (review phrases, tags, brands, product kinds; 1- to 4-character Chinese words and
// English brand names), each with what the shopper means: a review is relevant when one of
// `any` appears in the named fields (case-insensitive). Precision at 5 is the share of
// relevant reviews among the first 5 answered (a query answered with nothing scores 0). The
// same list is run through the search index (segmented words) and through a trigram FTS5 table
// of the same text, the other way SQLite offers for Chinese. Reported by the bench (section
// "search") and kept from falling by tests/unit/bench/search-relevance.test.ts.
import type Database from 'better-sqlite3';

export type Field = 'text' | 'product' | 'brand' | 'category';

export interface RelevanceQuery {
  q: string;
  /** Fields that say what the shopper means ('text' is the review's text and tags). */
  in: Field[];
  any: string[];
}

const T: Field[] = ['text'];
const P: Field[] = ['product', 'category'];
const B: Field[] = ['brand'];

export const RELEVANCE: readonly RelevanceQuery[] = [
  { q: '奶粉', in: P, any: ['奶粉'] },
  { q: '鞋', in: P, any: ['鞋'] },
  { q: '包', in: P, any: ['包'] },
  { q: '宝宝', in: ['text', 'product', 'category'], any: ['宝宝', '婴儿', '儿童'] },
  { q: '物流快', in: T, any: ['物流'] },
  { q: '包装完好', in: T, any: ['包装'] },
  { q: '正品', in: T, any: ['正品'] },
  { q: '回购', in: T, any: ['回购'] },
  { q: '性价比', in: T, any: ['性价比'] },
  { q: '不起球', in: T, any: ['起球'] },
  { q: '保湿', in: ['text', 'product'], any: ['保湿'] },
  { q: '面料', in: T, any: ['面料'] },
  { q: '尺码', in: T, any: ['尺码'] },
  { q: '鞋底', in: T, any: ['鞋底'] },
  { q: '味道', in: T, any: ['味道'] },
  { q: '敏感肌', in: T, any: ['敏感'] },
  { q: '拉夫劳伦', in: B, any: ['拉夫劳伦'] },
  { q: 'Ralph Lauren', in: B, any: ['ralph lauren'] },
  { q: 'montblanc', in: B, any: ['montblanc'] },
  { q: '万宝龙', in: B, any: ['万宝龙'] },
  { q: 'Calvin Klein', in: B, any: ['calvin klein'] },
  { q: 'adidas', in: B, any: ['adidas'] },
  { q: '迪奥', in: B, any: ['迪奥'] },
  { q: 'Swisse', in: B, any: ['swisse'] },
  { q: '蒂芙尼', in: B, any: ['蒂芙尼'] },
  { q: '益生菌', in: P, any: ['益生菌'] },
  { q: '钱包', in: P, any: ['钱包'] },
  { q: '跑步鞋', in: P, any: ['跑步鞋', '跑鞋'] },
  { q: '黄金', in: P, any: ['黄金', '金'] },
  { q: '洗衣液', in: P, any: ['洗衣液'] },
];

export interface ReviewFacts {
  text: string;
  product: string;
  brand: string;
  category: string;
}

/** What each review says, for judging: text and tags, product names, brand names, category names. */
export function reviewFacts(db: Database.Database, categoryText: (leafId: string) => string): Map<number, ReviewFacts> {
  const rows = db
    .prepare(
      `SELECT r.id, coalesce(r.content, '') || ' ' || r.word_tags AS text, p.name_cn || ' ' || p.name AS product,
      b.name_cn || ' ' || b.name AS brand, p.category_id FROM reviews r JOIN products p ON p.id = r.product_id
      JOIN brands b ON b.id = p.brand_id`,
    )
    .all() as Array<{ id: number; text: string; product: string; brand: string; category_id: string }>;
  return new Map(
    rows.map((r) => [
      r.id,
      {
        text: r.text.toLowerCase(),
        product: r.product.toLowerCase(),
        brand: r.brand.toLowerCase(),
        category: categoryText(r.category_id).toLowerCase(),
      },
    ]),
  );
}

export const isRelevant = (q: RelevanceQuery, f: ReviewFacts | undefined): boolean =>
  !!f && q.in.some((field) => q.any.some((w) => f[field].includes(w.toLowerCase())));

export interface RelevanceResult {
  /** Mean precision at 5 over the list. */
  precisionAt5: number;
  /** Queries answered with at least one review. */
  answered: number;
  perQuery: Array<{ q: string; p5: number; returned: number }>;
}

/** Runs the list through `top5` (ids of the first 5 reviews answered) and judges them. */
export function judge(facts: Map<number, ReviewFacts>, top5: (q: string) => number[]): RelevanceResult {
  const perQuery = RELEVANCE.map((rq) => {
    const ids = top5(rq.q).slice(0, 5);
    const hits = ids.filter((id) => isRelevant(rq, facts.get(id))).length;
    return { q: rq.q, p5: ids.length ? hits / 5 : 0, returned: ids.length };
  });
  return {
    precisionAt5: perQuery.reduce((a, r) => a + r.p5, 0) / perQuery.length,
    answered: perQuery.filter((r) => r.returned > 0).length,
    perQuery,
  };
}

/**
 * The peer: a trigram FTS5 table over the same text as review_fts (text and tags, product,
 * brand, category), unsegmented; the query quoted as one string, ranked by bm25. Queries of
 * fewer than 3 characters match nothing there (FTS5's trigram tokenizer).
 */
export function buildTrigramPeer(
  db: Database.Database,
  categoryText: (leafId: string) => string,
): (q: string) => number[] {
  db.exec(`DROP TABLE IF EXISTS bench_trigram;
    CREATE VIRTUAL TABLE bench_trigram USING fts5(body, product, content = '', tokenize = 'trigram');`);
  const rows = db
    .prepare(
      `SELECT r.id, coalesce(r.content, '') || ' ' || r.word_tags AS body,
      p.name_cn || ' ' || p.name || ' ' || b.name_cn || ' ' || b.name AS product, p.category_id
      FROM reviews r JOIN products p ON p.id = r.product_id JOIN brands b ON b.id = p.brand_id`,
    )
    .all() as Array<{ id: number; body: string; product: string; category_id: string }>;
  const insert = db.prepare('INSERT INTO bench_trigram (rowid, body, product) VALUES (?, ?, ?)');
  db.transaction(() => {
    for (const r of rows) insert.run(r.id, r.body, `${r.product} ${categoryText(r.category_id)}`);
  })();
  const search = db.prepare(
    `SELECT rowid AS id FROM bench_trigram WHERE bench_trigram MATCH ? ORDER BY bm25(bench_trigram, 1.0, 0.5) LIMIT 5`,
  );
  return (q) => (search.all(`"${q.replace(/"/g, '""')}"`) as Array<{ id: number }>).map((r) => r.id);
}

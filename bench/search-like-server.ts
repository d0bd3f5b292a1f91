// The peer of section "search" (issue 43): the same review search as a LIKE scan, as the
// reference server searched before the index (`%q%` over the text and tags, visible reviews,
// newest first, the first 10 and a count up to 1,000), on the same database file, in its own
// process. GET /like?q= ; prints URL=<url> once listening. Bench use only.
import http from 'node:http';
import Database from 'better-sqlite3';

const db = new Database(process.env.DB_FILE!, { readonly: true });
const VISIBLE = `r.hidden_at IS NULL AND NOT EXISTS (SELECT 1 FROM takedowns t
  WHERE t.product_id = CAST(r.product_id AS TEXT) AND t.comment_id = CAST(r.id AS TEXT))`;
const WHERE = `${VISIBLE} AND (lower(r.content) LIKE @q ESCAPE '\\' OR lower(r.word_tags) LIKE @q ESCAPE '\\'
  OR r.product_id IN (SELECT p.id FROM products p JOIN brands b ON b.id = p.brand_id
    WHERE lower(p.name) LIKE @q ESCAPE '\\' OR p.name_cn LIKE @q ESCAPE '\\' OR lower(b.name) LIKE @q ESCAPE '\\' OR b.name_cn LIKE @q ESCAPE '\\'))`;
const page = db.prepare(
  `SELECT r.id, r.product_id, r.content, r.likes, r.posted_at FROM reviews r WHERE ${WHERE}
  ORDER BY r.posted_at DESC, r.id DESC LIMIT 10`,
);
const count = db.prepare(`SELECT count(*) AS n FROM (SELECT 1 FROM reviews r WHERE ${WHERE} LIMIT 1000)`);

const server = http.createServer((req, res) => {
  const q = (new URL(req.url ?? '/', 'http://x').searchParams.get('q') ?? '').slice(0, 50).toLowerCase();
  const like = `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const body = JSON.stringify({ comments: page.all({ q: like }), total: (count.get({ q: like }) as { n: number }).n });
  res.writeHead(200, { 'content-type': 'application/json' }).end(body);
});
server.listen(0, '127.0.0.1', () => {
  const a = server.address();
  process.stdout.write(`URL=http://127.0.0.1:${typeof a === 'object' && a ? a.port : 0}\n`);
});
process.on('SIGTERM', () => process.exit(0));

// Section 2: rebuild after an editor's change, in the site built from N reviews (full 10,000,
// quick 1,000): one review's text changed in SQLite, rebuild; then one review added, rebuild.
// Wall time against the cold build of the same site, and how many HTML and page-data files
// were rewritten (mtime changed) and how many actually changed (content hash).
//
// Before the edit, one rebuild with nothing changed, reported on its own line. It used to
// rewrite every HTML file: the first build that finds a webpack cache in .cache/ got another
// window.___webpackCompilationHash than the cold build that wrote it (gatsbyjs/gatsby#33450),
// because the cold build compiled each stylesheet in a child compiler whose hash went into the
// compilation hash; gatsby/webpack-config.ts now builds them with importModule and the hash
// is the same warm or cold (the note below prints all four hashes).
import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { fig, log, round, type SectionResult } from './lib/report';
import type { BenchContext } from './lib/data';
import { gatsbyBuild, snapshot } from './lib/site';
import { sites } from './lib/sites';

/** The compilation hash Gatsby inlines into every HTML file (public/page-data/app-data.json). */
function compilationHash(publicDir: string): string | null {
  try {
    return (
      (
        JSON.parse(fs.readFileSync(path.join(publicDir, 'page-data', 'app-data.json'), 'utf8')) as {
          webpackCompilationHash?: string;
        }
      ).webpackCompilationHash ?? null
    );
  } catch {
    return null;
  }
}

const isOutput = (rel: string) => rel.endsWith('.html') || (rel.startsWith('page-data/') && rel.endsWith('.json'));

function diff(before: ReturnType<typeof snapshot>, after: ReturnType<typeof snapshot>) {
  let htmlWritten = 0,
    htmlChanged = 0,
    dataWritten = 0,
    dataChanged = 0,
    added = 0,
    removed = 0;
  const changedHtml: string[] = [];
  for (const [rel, a] of after) {
    const b = before.get(rel);
    const html = rel.endsWith('.html');
    if (!b) {
      added++;
      if (html) {
        htmlWritten++;
        htmlChanged++;
        changedHtml.push(rel);
      } else {
        dataWritten++;
        dataChanged++;
      }
      continue;
    }
    const written = a.mtimeMs !== b.mtimeMs;
    const changed = a.hash !== b.hash;
    if (html) {
      htmlWritten += +written;
      htmlChanged += +changed;
      if (changed) changedHtml.push(rel);
    } else {
      dataWritten += +written;
      dataChanged += +changed;
    }
  }
  for (const rel of before.keys()) if (!after.has(rel)) removed++;
  return {
    htmlWritten,
    htmlChanged,
    dataWritten,
    dataChanged,
    added,
    removed,
    changedHtml: changedHtml.sort().slice(0, 60),
  };
}

export async function runRebuild(ctx: BenchContext, reviews: number): Promise<SectionResult> {
  const site = await sites.get(ctx, reviews);
  const db = new Database(site.dbFile);
  // A plain review in the middle of the feed (not one of the seeded special records).
  const target = db
    .prepare(
      'SELECT id, product_id AS productId FROM reviews WHERE overrides IS NULL AND length(content) > 20 ORDER BY posted_at DESC, id DESC LIMIT 1 OFFSET ?',
    )
    .get(Math.floor(reviews / 2)) as { id: number; productId: number };
  const reviewsOfProduct = (
    db.prepare('SELECT count(*) AS n FROM reviews WHERE product_id = ?').get(target.productId) as { n: number }
  ).n;

  const runs: { name: string; ms: number; d: ReturnType<typeof diff> }[] = [];
  let before = snapshot(site.publicDir, isOutput);
  const hashOf = () => compilationHash(site.publicDir);
  const hashes: Record<string, string | null> = { cold: hashOf() };
  log(
    `rebuild: ${before.size} HTML and page-data files before; first a rebuild with nothing changed (warm webpack cache)`,
  );
  const warm = await gatsbyBuild(ctx, site.dir, site.dbFile, `rebuild ${reviews} no change`);
  if (!warm.ok) throw new Error('rebuild with nothing changed failed');
  hashes.warm = hashOf();
  let after = snapshot(site.publicDir, isOutput);
  runs.push({ name: 'nothing changed, first build on the warm cache', ms: warm.ms, d: diff(before, after) });

  before = after;
  log(`rebuild: editing review ${target.id} (product ${target.productId}, ${reviewsOfProduct} reviews)`);
  db.prepare("UPDATE reviews SET content = content || '（追评：用了一个月，依然很满意。）' WHERE id = ?").run(
    target.id,
  );
  db.pragma('wal_checkpoint(TRUNCATE)');
  const edit = await gatsbyBuild(ctx, site.dir, site.dbFile, `rebuild ${reviews} edit`);
  if (!edit.ok) throw new Error('rebuild after the edit failed');
  hashes.edit = hashOf();
  after = snapshot(site.publicDir, isOutput);
  runs.push({ name: 'one review text changed', ms: edit.ms, d: diff(before, after) });

  before = after;
  const maxId = db.prepare('SELECT max(id) AS id, max(posted_at) AS t FROM reviews').get() as { id: number; t: number };
  db.prepare(
    `INSERT INTO reviews (id, product_id, category_id, sku_id, user_id, content, score, word_tags, pictures, videos, likes, reply_count, posted_at, overrides)
    SELECT ?, product_id, category_id, sku_id, user_id, '新晒单：刚收到，包装完好，和描述一致。', score, word_tags, pictures, videos, 0, 0, ?, NULL FROM reviews WHERE id = ?`,
  ).run(maxId.id + 1, maxId.t + 60_000, target.id);
  db.prepare('UPDATE products SET review_count = review_count + 1 WHERE id = ?').run(target.productId);
  db.pragma('wal_checkpoint(TRUNCATE)');
  db.close();
  const add = await gatsbyBuild(ctx, site.dir, site.dbFile, `rebuild ${reviews} add`);
  if (!add.ok) throw new Error('rebuild after adding a review failed');
  hashes.add = hashOf();
  after = snapshot(site.publicDir, isOutput);
  runs.push({ name: 'one review added', ms: add.ms, d: diff(before, after) });

  const cold = site.cold.ms / 1000;
  const n = reviews.toLocaleString('en-US');
  const figures = runs.flatMap((r) => [
    fig(
      `${n} set, ${r.name}: rebuild wall time`,
      r.ms / 1000,
      's',
      { name: 'cold build of the same site', value: cold },
      r.name === 'one review text changed' ? { text: '< 15% of cold', met: r.ms / 1000 < 0.15 * cold } : undefined,
    ),
    fig(
      `${n} set, ${r.name}: HTML files rewritten`,
      r.d.htmlWritten,
      'files',
      { name: 'HTML files of the site', value: [...after.keys()].filter((k) => k.endsWith('.html')).length },
      r.name === 'one review text changed' ? { text: '< 50', met: r.d.htmlWritten < 50 } : undefined,
    ),
    fig(`${n} set, ${r.name}: page-data files rewritten`, r.d.dataWritten, 'files', {
      name: 'page-data files of the site',
      value: [...after.keys()].filter((k) => !k.endsWith('.html')).length,
    }),
  ]);
  return {
    section: 'rebuild',
    title: `2. Rebuild after an editor's change (${n} reviews, .cache and public/ kept from the cold build)`,
    figures,
    notes: [
      `window.___webpackCompilationHash: cold ${hashes.cold}, first warm build ${hashes.warm}, after the edit ${hashes.edit}, after the addition ${hashes.add}. ${hashes.cold === hashes.warm ? "Stable from the cold build on (gatsby/webpack-config.ts builds the stylesheets without child compilers, whose hashes used to change the first warm build's hash: gatsbyjs/gatsby#33450)." : 'The first build on a warm webpack cache changed it (gatsbyjs/gatsby#33450: every HTML file rewritten, no chunk changes).'} The edit and the addition are measured after that build.`,
      ...runs.map(
        (r) =>
          `${r.name}: HTML ${r.d.htmlWritten} written / ${r.d.htmlChanged} changed in content, page-data ${r.d.dataWritten} written / ${r.d.dataChanged} changed, ${r.d.added} new files, ${r.d.removed} removed; rebuild ${round(r.ms / 1000, 1)} s vs cold ${round(cold, 1)} s. Changed HTML (first 10): ${r.d.changedHtml.slice(0, 10).join(', ')}`,
      ),
      `Edited review ${target.id} of product ${target.productId} (${reviewsOfProduct} reviews of that product: its own page, its product's other review pages (related list), the product, category, home and showcase pages can show it).`,
    ],
    details: {
      target,
      runs,
      hashes,
      cold: site.cold.ms,
      warmSteps: warm.steps,
      editSteps: edit.steps,
      addSteps: add.steps,
    },
  };
}

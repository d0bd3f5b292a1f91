// Section 8: the sitemap step (gatsby/sitemap-stream.ts writeSitemapsStreamed, the builds'
// writer) at 10,000 and 100,000 reviews, over the entries the build records: one per review page
// (its pictures as image entries), per product page, per category and showcase page. Time and
// RSS growth of the step, in a child process; the peer is the floor of writing the same URLs as
// a plain text list. The step inside a whole build is also logged (gatsby/sitemap-post-build.ts)
// and read by section 1.
import path from 'node:path';
import { fig, log, type SectionResult } from './lib/report';
import { seededDb, ROOT, type BenchContext } from './lib/data';
import { runMeasured } from './lib/proc';

interface ChildOut {
  urls: number;
  files: number;
  ms: number;
  floorMs: number;
  grewMB: number;
  maxRssMB: number;
}

export async function runSitemap(ctx: BenchContext, sizes: number[]): Promise<SectionResult> {
  const figures = [];
  const notes: string[] = [];
  for (const n of sizes) {
    const { file } = seededDb(ctx, n);
    log(`sitemap: ${n} reviews`);
    const r = await runMeasured(
      process.execPath,
      ['--import', 'tsx', path.join(ROOT, 'bench', 'sitemap-child.ts'), file, path.join(ctx.tmp, `sitemap-${n}`)],
      { cwd: ROOT, timeoutMs: 20 * 60_000 },
    );
    const m = /^RESULT=(.*)$/m.exec(r.stdout);
    if (r.code !== 0 || !m) throw new Error(`sitemap child failed (${r.code}): ${r.stderr.slice(-2000)}`);
    const out = JSON.parse(m[1]) as ChildOut;
    const label = n.toLocaleString('en-US');
    figures.push(
      fig(
        `${label} reviews: sitemap step (${out.urls.toLocaleString('en-US')} URLs, ${out.files} files)`,
        out.ms / 1000,
        's',
        { name: 'plain URL list written', value: out.floorMs / 1000 },
      ),
    );
    figures.push(
      fig(`${label} reviews: sitemap step RSS growth`, out.grewMB, 'MB', {
        name: 'child process peak RSS',
        value: out.maxRssMB,
      }),
    );
  }
  notes.push(
    'Entries as createPages records them (review pages with their pictures, product, category and showcase pages), read from a seeded database; written with the sitemap package into child files of at most 50,000 URLs / 10 MB.',
  );
  return { section: 'sitemap', title: '8. Sitemap step', figures, notes };
}

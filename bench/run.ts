// npm run bench [-- --quick] [--only build,rebuild,weight,vitals,api,sourcing,context-vs-query,sitemap,load,faults,builds,
//   publish,cold-publish,media,scale-db,video,interaction,search] [--write-docs] [--keep]
//
// The benchmark harness of issue 7. Every figure is reported against a floor or peer measured
// in the same run (absolute times on shared machines drift). Results: JSON in bench/out/
// (gitignored), a Markdown table on stdout; --write-docs rewrites docs/bench-runs.md.
//
//   --quick       the development mode, under 10 minutes: 1,000-review build, rebuild in the
//                 1,000 set, API 5 s per endpoint on 10,000 reviews, sourcing 10,000 reviews,
//                 context vs page queries at 1,000 reviews
//   (default)     full mode: builds at 1,000 / 10,000 / 100,000 reviews, rebuild in the 10,000
//                 set, API 15 s per endpoint on 100,000 reviews, sourcing 100,000 reviews,
//                 context vs page queries at 1,000 and 10,000 reviews
//   --sizes a,b   build sizes (overrides the mode's)
//   --cvq-sizes a,b  sizes of the context-vs-query section (overrides the mode's)
//   --builds-reviews n  reviews of the builds section (overrides the mode's 10,000 / 1,000)
//   --only list   run only these sections (comma list)
//   --cpu-prof    write V8 CPU profiles of the sourcing child and the floor render to bench/out/prof/
//   --keep        keep the temp dir (site copies, databases, build logs)
//
// Builds run in an isolated copy of the site under the temp dir (never in public/ of the work
// tree), one at a time.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { log, machine, markdownTable, type SectionResult } from './lib/report';
import { OUT_DIR, ROOT, type BenchContext } from './lib/data';
import { runApi } from './api';
import { runSourcing } from './sourcing';
import { runBuild } from './build';
import { runRebuild } from './rebuild';
import { runWeight } from './weight';
import { runVitals } from './vitals';
import { writeDocs } from './docs';
import { runContextVsQuery } from './context-vs-query';
import { runSitemap } from './sitemap';
import { runLoad } from './load';
import { runFaults } from './faults';
import { runBuilds } from './builds';
import { runPublish } from './publish';
import { runColdPublish } from './cold-publish';
import { runMedia } from './media';
import { runScaleDb } from './scale-db';
import { runVideo } from './video';
import { runInteraction } from './interaction';
import { runSearch } from './search';
import { sites } from './lib/sites';

const SECTIONS = [
  'build',
  'weight',
  'vitals',
  'rebuild',
  'api',
  'sourcing',
  'context-vs-query',
  'sitemap',
  'load',
  'faults',
  'builds',
  'publish',
  'cold-publish',
  'media',
  'scale-db',
  'video',
  'interaction',
  'search',
] as const;
type Section = (typeof SECTIONS)[number];

async function main() {
  const { values } = parseArgs({
    options: {
      quick: { type: 'boolean', default: false },
      only: { type: 'string' },
      sizes: { type: 'string' },
      'cvq-sizes': { type: 'string' },
      'builds-reviews': { type: 'string' },
      'write-docs': { type: 'boolean', default: false },
      'cpu-prof': { type: 'boolean', default: false },
      keep: { type: 'boolean', default: false },
    },
  });
  const only = values.only
    ? values.only
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean)
    : // scale-db and search seed 1,000,000 reviews, cold-publish fabricates a 264,000-file release
      // (about 9 GB, 11 minutes): only when asked for (--only scale-db / search / cold-publish).
      SECTIONS.filter((s) => s !== 'scale-db' && s !== 'search' && s !== 'cold-publish');
  for (const s of only)
    if (!SECTIONS.includes(s as Section)) {
      console.error(`unknown section ${s}; sections: ${SECTIONS.join(', ')}`);
      process.exit(2);
    }
  const quick = values.quick!;
  const sizes = values.sizes ? values.sizes.split(',').map(Number) : quick ? [1_000] : [1_000, 10_000, 100_000];
  const cvqSizes = values['cvq-sizes'] ? values['cvq-sizes'].split(',').map(Number) : quick ? [1_000] : [1_000, 10_000];
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-'));
  const ctx: BenchContext = { tmp, quick, keep: values.keep! };
  const profDir = values['cpu-prof'] ? path.join(OUT_DIR, 'prof') : undefined;
  if (profDir) fs.mkdirSync(profDir, { recursive: true });
  const command = `${process.env.NODE_OPTIONS ? `NODE_OPTIONS=${process.env.NODE_OPTIONS} ` : ''}npm run bench --${process.argv.slice(2).length ? ' ' + process.argv.slice(2).join(' ') : ''}`;
  log(
    `${quick ? 'quick' : 'full'} mode, sections ${only.join(', ')}; temp dir ${tmp}; builds run in copies of the site there, public/ of the work tree is not touched`,
  );

  const started = new Date();
  const t0 = performance.now();
  const results: SectionResult[] = [];
  const run = async (name: Section, fn: () => Promise<SectionResult>) => {
    if (!only.includes(name)) return;
    const s0 = performance.now();
    try {
      const r = await fn();
      (r as SectionResult & { seconds?: number }).seconds = Math.round((performance.now() - s0) / 1000);
      results.push(r);
    } catch (e) {
      log(`section ${name} failed: ${(e as Error).stack ?? e}`);
      results.push({ section: name, title: name, figures: [], notes: [], skipped: `failed: ${(e as Error).message}` });
    }
    log(`section ${name} done in ${Math.round((performance.now() - s0) / 1000)} s`);
  };
  try {
    await run('build', () => runBuild(ctx, sizes, { cpuProf: profDir }));
    await run('weight', () => runWeight(ctx));
    await run('vitals', () => runVitals(ctx));
    await run('rebuild', () => runRebuild(ctx, quick ? 1_000 : 10_000));
    await run('api', () => runApi(ctx));
    await run('sourcing', () => runSourcing(ctx, { cpuProf: profDir }));
    await run('context-vs-query', () => runContextVsQuery(ctx, cvqSizes));
    await run('sitemap', () => runSitemap(ctx, quick ? [10_000] : [10_000, 100_000]));
    await run('load', () => runLoad(ctx));
    await run('faults', () => runFaults(ctx, quick ? 1_000 : 10_000));
    await run('builds', () =>
      runBuilds(ctx, values['builds-reviews'] ? Number(values['builds-reviews']) : quick ? 1_000 : 10_000),
    );
    await run('publish', () => runPublish(ctx));
    await run('cold-publish', () => runColdPublish(ctx));
    await run('media', () => runMedia(ctx));
    await run('scale-db', () => runScaleDb(ctx));
    await run('video', () => runVideo(ctx));
    await run('interaction', () => runInteraction(ctx));
    await run('search', () => runSearch(ctx));
  } finally {
    await sites.closeAll();
    // A failed clean-up (a browser still flushing its profile) must not lose the results.
    if (!ctx.keep) {
      try {
        fs.rmSync(tmp, { recursive: true, force: true, maxRetries: 5, retryDelay: 500 });
      } catch (e) {
        log(`could not remove ${tmp}: ${(e as Error).message}`);
      }
    } else log(`kept ${tmp}`);
  }

  const report = {
    command,
    mode: quick ? 'quick' : 'full',
    date: started.toISOString(),
    seconds: Math.round((performance.now() - t0) / 1000),
    machine: machine(),
    results,
  };
  fs.mkdirSync(OUT_DIR, { recursive: true });
  const stamp = started.toISOString().replace(/[:.]/g, '-');
  const file = path.join(OUT_DIR, `bench-${report.mode}-${stamp}.json`);
  fs.writeFileSync(file, JSON.stringify(report, null, 2));
  fs.writeFileSync(path.join(OUT_DIR, `latest-${report.mode}.json`), JSON.stringify(report, null, 2));
  log(`results in ${path.relative(ROOT, file)} (${report.seconds} s)`);
  process.stdout.write(
    `\n## Benchmarks (${report.mode}, ${report.date}, ${report.machine.cores} cores, ${report.machine.memoryGiB} GiB)\n\n${markdownTable(results)}\n`,
  );
  if (values['write-docs']) {
    const doc = writeDocs(path.join(ROOT, 'docs', 'bench-runs.md'), report);
    log(`rewrote ${path.relative(ROOT, doc)}`);
  }
  // A failed gate (the vitals section's median below 95) fails the run, after the report.
  const gates = results.filter((r) => r.gateFailed);
  for (const r of gates) console.error(`bench: ${r.title}: ${r.gateFailed}`);
  if (gates.length) process.exitCode = 1;
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});

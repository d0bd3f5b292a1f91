// Section 1: full build at N reviews. A fresh demo database per size, `gatsby build
// --prefix-paths` in an isolated copy of the site with the embedded reference server on it:
// wall time, HTML step throughput (Gatsby's "Building static HTML for pages" line) and peak
// memory of the process tree. The floor: the same review pages rendered with react-dom/server
// alone in one process, writing the same files (bench/floor-render.tsx).
import fs from 'node:fs';
import path from 'node:path';
import { fig, log, round, type Figure, type SectionResult } from './lib/report';
import { ROOT, type BenchContext } from './lib/data';
import { runMeasured } from './lib/proc';
import { sites } from './lib/sites';
import { stripVTControlCharacters } from 'node:util';

interface FloorOut {
  pages: number;
  ms: number;
  bytes: number;
  maxRssMB: number;
  loadedRssMB: number;
}

export async function floorRender(
  ctx: BenchContext,
  publicDir: string,
  label: string,
  cpuProf?: string,
): Promise<FloorOut & { wallMs: number }> {
  const out = path.join(ctx.tmp, `floor-${label}`);
  fs.rmSync(out, { recursive: true, force: true });
  const r = await runMeasured(
    process.execPath,
    [
      ...(cpuProf ? ['--cpu-prof', `--cpu-prof-dir=${cpuProf}`] : []),
      '--import',
      'tsx',
      path.join(ROOT, 'bench', 'floor-render.tsx'),
      publicDir,
      out,
    ],
    {
      cwd: ROOT,
      env: { ...process.env, NODE_ENV: 'production' },
      timeoutMs: 60 * 60_000,
    },
  );
  const m = /^RESULT=(.*)$/m.exec(r.stdout);
  fs.rmSync(out, { recursive: true, force: true });
  if (r.code !== 0 || !m) throw new Error(`floor render failed (${r.code}): ${r.stderr.slice(-2000)}`);
  return { ...(JSON.parse(m[1]) as FloorOut), wallMs: r.ms };
}

export async function runBuild(
  ctx: BenchContext,
  sizes: number[],
  opts: { cpuProf?: string } = {},
): Promise<SectionResult> {
  const figures: Figure[] = [];
  const notes: string[] = [];
  const details: unknown[] = [];
  for (const n of sizes) {
    const label = n.toLocaleString('en-US');
    let site;
    try {
      site = await sites.get(ctx, n);
    } catch (e) {
      // Gatsby's error lines, without colour codes (the message ends with the log's tail).
      const plain = stripVTControlCharacters((e as Error).message);
      const errors = plain
        .split('\n')
        .filter((l) => /^\s*(error|\w*Error:|not finished)/.test(l))
        .map((l) => l.trim());
      notes.push(
        `${label} reviews: build failed${errors.length ? `: ${errors.slice(-3).join(' / ')}` : ''}; ${plain.split('\n')[0]}`,
      );
      continue;
    }
    log(`build ${n}: floor render of the same review pages`);
    const floor = await floorRender(ctx, site.publicDir, String(n), opts.cpuProf);
    const { cold } = site;
    const wall = cold.ms / 1000;
    const floorS = floor.ms / 1000;
    const mem = cold.memory;
    const big = n >= 100_000;
    figures.push(
      fig(
        `${label} reviews: build wall time`,
        wall,
        's',
        { name: `react-dom/server floor (${floor.pages} review pages)`, value: floorS },
        big ? { text: '< 600 s, < 3x floor', met: wall < 600 && wall / floorS < 3 } : undefined,
      ),
    );
    if (cold.html) {
      figures.push(
        fig(`${label} reviews: HTML step (${cold.html.pages} pages)`, cold.html.perSecond, 'pages/s', {
          name: 'floor',
          value: floor.pages / floorS,
        }),
      );
      figures.push(fig(`${label} reviews: HTML step time`, cold.html.seconds, 's', { name: 'floor', value: floorS }));
    }
    figures.push(
      fig(
        `${label} reviews: peak RSS, process tree`,
        mem.peakTreeRssMB,
        'MB',
        { name: 'floor process', value: floor.maxRssMB },
        big ? { text: '< 6 GB', met: mem.peakTreeRssMB < 6144 } : undefined,
      ),
    );
    figures.push(
      fig(`${label} reviews: peak RSS, largest process`, mem.peakProcessHwmMB, 'MB', {
        name: 'floor process',
        value: floor.maxRssMB,
      }),
    );
    // The sitemap step (gatsby/sitemap.ts logs its time and what it added to the process).
    if (cold.sitemap) {
      const sm = cold.sitemap;
      figures.push(
        fig(
          `${label} reviews: sitemap step (${sm.urls.toLocaleString('en-US')} URLs, ${sm.files} files)`,
          sm.ms / 1000,
          's',
          { name: 'whole build', value: wall },
        ),
      );
      notes.push(`${label} reviews: the sitemap step added ${sm.grewMB} MB to the build process's RSS.`);
    }
    const steps = Object.entries(cold.steps)
      .sort((a, b) => b[1] - a[1])
      .slice(0, 6)
      .map(([k, v]) => `${k} ${round(v, 1)} s`);
    notes.push(
      `${label} reviews: ${cold.html?.pages ?? '?'} pages in all; slowest Gatsby steps: ${steps.join(', ')}; floor ${floor.pages} pages in ${round(floorS, 1)} s (${round(floor.wallMs / 1000, 1)} s with start-up and reading the page contexts), ${Math.round(floor.bytes / 2 ** 20)} MB written.`,
    );
    details.push({ reviews: n, build: { ...cold, log: undefined }, floor });
  }
  notes.push(
    'Wall time covers everything `gatsby build` does: embedded server start, sourcing over HTTP, createPages, webpack bundles, HTML, page-data; the floor only renders and writes the review pages, so the ratio is the overhead of everything else.',
  );
  return { section: 'build', title: '1. Full build at N reviews', figures, notes, details };
}

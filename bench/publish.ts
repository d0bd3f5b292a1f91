// npm run bench -- --only publish (10,000 and 100,000 files; --quick: 10,000)
//
// Publish and republish (publish/release-files.ts, publish/releases.ts) on fabricated site
// trees shaped like a build's public/: per review an index.html (~60 KB) and a page-data.json
// (~8 KB) in their own directories, so N files = N/2 reviews. For each size: a first publish
// (everything copied), a second with 1% of the files rewritten (the rest hard-linked), a
// republish of the first (a rollback) and of the second (forward). While each publish runs, a
// timer measures the event loop's worst delay (the server in the same process keeps
// answering), beside the worst delay of 5 s with nothing running (on a shared machine the
// process is simply not scheduled at times).
import fs from 'node:fs';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { republish } from '../publish/releases';
import { publish } from '../publish/release-files';
import { fig, log, type Figure, type SectionResult } from './lib/report';
import type { BenchContext } from './lib/data';

const HTML = `<!doctype html><html><body>${'<p>晒单内容，做工很好，尺码合适。</p>'.repeat(1500)}</body></html>`;
const DATA = JSON.stringify({ path: '/x/', result: { pageContext: { text: '晒单'.repeat(2000) } } });

async function fabricate(dir: string, files: number) {
  for (let i = 0; i < files / 2; i++) {
    const p = String(100000 + (i % 500));
    const c = String(5000000 + i);
    await fs.promises.mkdir(path.join(dir, p, c), { recursive: true });
    await fs.promises.writeFile(path.join(dir, p, c, 'index.html'), HTML);
    await fs.promises.mkdir(path.join(dir, 'page-data', p, c), { recursive: true });
    await fs.promises.writeFile(path.join(dir, 'page-data', p, c, 'page-data.json'), DATA);
  }
}

/** Rewrites 1% of the reviews' HTML with new content (what an incremental build does). */
async function touch(dir: string, files: number) {
  const n = Math.max(1, Math.round(files / 100));
  for (let i = 0; i < n; i++) {
    const p = String(100000 + (i % 500));
    await fs.promises.writeFile(path.join(dir, p, String(5000000 + i), 'index.html'), `${HTML}<!-- edited -->`);
  }
  return n;
}

async function timed<T>(f: () => Promise<T>) {
  const lag = monitorEventLoopDelay({ resolution: 10 });
  lag.enable();
  const t0 = performance.now();
  const result = await f();
  const ms = performance.now() - t0;
  lag.disable();
  return { result, ms: Math.round(ms), maxLagMs: Math.round(lag.max / 1e6) };
}

/** The event loop's worst delay over `ms` of doing nothing: what the busy machine alone costs. */
async function idleLag(ms: number) {
  const lag = monitorEventLoopDelay({ resolution: 10 });
  lag.enable();
  await new Promise((r) => setTimeout(r, ms));
  lag.disable();
  return Math.round(lag.max / 1e6);
}

export async function runPublish(ctx: BenchContext): Promise<SectionResult> {
  const sizes = ctx.quick ? [10_000] : [10_000, 100_000];
  const figures: Figure[] = [];
  const notes = [
    '| files | first publish (all copied) | event loop max delay | second publish (1% changed) | linked / copied | event loop max delay | idle max delay (5 s, no publish) | republish back | republish forward |',
    '|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
  ];
  for (const files of sizes) {
    const tmp = path.join(ctx.tmp, `publish-${files}`);
    const pub = path.join(tmp, 'public');
    const root = path.join(tmp, 'var', 'site');
    log(`publish: ${files.toLocaleString('en-US')} files`);
    await fabricate(pub, files);
    const first = await timed(() => publish(pub, root));
    await touch(pub, files);
    const second = await timed(() => publish(pub, root));
    const back = await timed(() => republish(root, first.result.id));
    const forward = await timed(() => republish(root, second.result.id));
    const idle = await idleLag(5000);
    const label = files.toLocaleString('en-US');
    const idleFloor = { name: 'idle 5 s, no publish', value: idle };
    figures.push(
      fig(`${label} files: first publish (all copied)`, first.ms, 'ms'),
      fig(`${label} files: first publish, event loop max delay`, first.maxLagMs, 'ms', idleFloor),
      fig(`${label} files: second publish (1% changed)`, second.ms, 'ms', { name: 'first publish', value: first.ms }),
      fig(`${label} files: second publish, event loop max delay`, second.maxLagMs, 'ms', idleFloor),
      fig(`${label} files: republish an older release (rollback)`, back.ms, 'ms'),
      fig(`${label} files: republish the newer one (forward)`, forward.ms, 'ms'),
    );
    notes.push(
      `| ${files.toLocaleString('en')} | ${first.ms} ms | ${first.maxLagMs} ms | ${second.ms} ms | ${second.result.linked.toLocaleString('en')} / ${second.result.copied.toLocaleString('en')} | ${second.maxLagMs} ms | ${idle} ms | ${back.ms} ms | ${forward.ms} ms |`,
    );
    if (!ctx.keep) fs.rmSync(tmp, { recursive: true, force: true });
  }
  return { section: 'publish', title: 'Publish and republish on fabricated trees', figures, notes };
}

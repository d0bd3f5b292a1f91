// npm run bench -- --only cold-publish (100,000 reviews and 32,000 listing pages, a sample of
// 1,000 reviews; --quick: 1,000, 320 and 100)
//
// Cold publish of a 100,000-review build (issue 23), the old way and the new way side by side in
// one run, over one fabricated tree shaped like that build's public/: per review an index.html
// (~60 KB) and a page-data.json (~8 KB) in their own folders, plus the listing pages (showcase,
// product, category pages: the same two files each), 264,000 files at the defaults, as in
// docs/benchmarks.md "Editors' builds" at 100,000.
//   - old: publish() copying every file (the first release: nothing to link to);
//   - link: publish({ link: true }) hard-linking every file of the staging workspace;
//   - move (what the build queue does): publish({ move: true }), public/ renamed into the release,
//     served, then linked back into the workspace (timed apart: after the release is served).
// Both without the deploy files (the .br/.gz siblings and the page policies), timed apart on a
// sample of reviews: a first release (everything compressed) and a full rebuild
// that rewrote every page with the same bytes (siblings kept by the same-bytes check). Compressing
// 264,000 files would hold both cores for most of an hour: the sample's per-file time is
// extrapolated, and says so.
//
// Then, as queued: the build queue's publish as it runs now (issue 23), `move` with the deploy
// files, which are made after the switch: the time until the release is served, and until its
// deploy files are complete (every file compressed: at the full size, most of the section's time).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { publish } from '../publish/release-files';
import { prepareDeployFiles } from '../publish/deploy-files';
import { fig, log, type SectionResult } from './lib/report';
import type { BenchContext } from './lib/data';

// ~60 KB of HTML with an inline script (the page policies hash them), ~8 KB of page data.
const html = (i: number) =>
  `<!doctype html><html><head><script>window.__id=${i}</script></head><body>${'<p>晒单内容，做工很好，尺码合适。</p>'.repeat(1500)}<p>${i}</p></body></html>`;
const data = (i: number) =>
  JSON.stringify({ path: `/x/${i}/`, result: { pageContext: { text: '晒单'.repeat(1300), i } } });

async function page(dir: string, folder: string, i: number) {
  await fs.promises.mkdir(path.join(dir, folder), { recursive: true });
  await fs.promises.writeFile(path.join(dir, folder, 'index.html'), html(i));
  await fs.promises.mkdir(path.join(dir, 'page-data', folder), { recursive: true });
  await fs.promises.writeFile(path.join(dir, 'page-data', folder, 'page-data.json'), data(i));
}

/** `reviews` review pages and `listings` listing pages, a few written at once. */
async function fabricate(dir: string, reviews: number, listings: number) {
  await fs.promises.mkdir(dir, { recursive: true });
  const jobs: Array<[string, number]> = [];
  for (let i = 0; i < reviews; i++) jobs.push([`${100000 + (i % 26000)}/${5000000 + i}`, i]);
  for (let i = 0; i < listings; i++) jobs.push([i % 2 ? `pd/${100000 + i}` : `haul/page/${i}`, reviews + i]);
  let next = 0;
  await Promise.all(
    Array.from({ length: 8 }, async () => {
      while (next < jobs.length) {
        const [folder, i] = jobs[next++];
        await page(dir, folder, i);
      }
    }),
  );
  await fs.promises.writeFile(path.join(dir, 'index.html'), html(-1));
  return jobs.length * 2 + 1;
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const load = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' ');

export async function runColdPublish(ctx: BenchContext): Promise<SectionResult> {
  const REVIEWS = ctx.quick ? 1_000 : 100_000;
  const LISTINGS = ctx.quick ? 320 : 32_000;
  const SAMPLE = ctx.quick ? 100 : 1_000;
  const tmp = path.join(ctx.tmp, 'cold-publish');
  const pub = path.join(tmp, 'public');
  const notes: string[] = [];
  const note = (line: string) => {
    log(`cold-publish: ${line}`);
    notes.push(line);
  };
  try {
    let t = performance.now();
    const files = await fabricate(pub, REVIEWS, LISTINGS);
    note(`fabricated ${files.toLocaleString('en')} files in ${seconds(performance.now() - t)}`);

    const old = await publish(pub, path.join(tmp, 'site-copy'), { deployFiles: false });
    note(`old (copy): ${old.files} files, ${old.copied} copied, ${seconds(old.ms)}; load ${load()}`);
    const linked = await publish(pub, path.join(tmp, 'site-link'), { link: true, deployFiles: false });
    note(`new (link): ${linked.files} files, ${linked.linked} linked, ${seconds(linked.ms)}; load ${load()}`);
    const moved = await publish(pub, path.join(tmp, 'site-move'), { move: true, deployFiles: false });
    note(
      `new (move): ${moved.files} files, ${moved.moved} moved, served after ${seconds(moved.ms)}, public/ linked back in ${seconds(moved.workspaceMs ?? 0)}; load ${load()}`,
    );

    // The deploy files on a sample: a first release, then the same pages rewritten as they were.
    const spub = path.join(tmp, 'sample-public');
    const sfiles = await fabricate(spub, SAMPLE, 0);
    const sroot = path.join(tmp, 'site-sample');
    const first = await publish(spub, sroot, { link: true, deployFiles: false });
    const firstDir = path.join(sroot, 'releases', first.id);
    t = performance.now();
    const cold = await prepareDeployFiles(firstDir, first.id, null);
    const coldMs = performance.now() - t;
    // A full rebuild: every file written again with its bytes (new inodes, as under the guard).
    const second = path.join(sroot, 'releases', 'rebuilt');
    fs.cpSync(firstDir, second, {
      recursive: true,
      filter: (src) => !/\.(br|gz)$/.test(src) && !src.includes('.deploy'),
    });
    t = performance.now();
    const warm = await prepareDeployFiles(second, 'rebuilt', firstDir);
    const warmMs = performance.now() - t;
    const per = (ms: number) => ms / sfiles;
    note(
      `deploy files, ${sfiles} files: first release ${seconds(coldMs)} (${cold.precompress.compressed} siblings written, ${cold.policies.read} pages read) = ${per(coldMs).toFixed(2)} ms/file -> ${seconds(per(coldMs) * files)} estimated for ${files} files`,
    );
    note(
      `deploy files after a full rebuild with the same bytes: ${seconds(warmMs)} (${warm.precompress.compressed} written, ${warm.precompress.linked} linked, ${warm.policies.read} pages read) = ${per(warmMs).toFixed(2)} ms/file -> ${seconds(per(warmMs) * files)} estimated for ${files} files`,
    );
    note(
      `| ${files.toLocaleString('en')} | ${seconds(old.ms)} | ${seconds(linked.ms)} (${(old.ms / linked.ms).toFixed(1)}x) | ${seconds(moved.ms)} (${(old.ms / moved.ms).toFixed(0)}x) | ${seconds(moved.workspaceMs ?? 0)} |`,
    );

    // As queued: the workspace's public/ (linked back by the move above) moved into a release of
    // its own, with the deploy files after the switch.
    const q = await publish(pub, path.join(tmp, 'site-queued'), { move: true });
    const d = q.deploy;
    note(
      `as queued (move, deploy files after the switch): ${q.files} files, served after ${seconds(q.servedMs ?? NaN)}; deploy files complete after ${seconds(q.ms)} (${d?.precompress.compressed ?? 0} siblings written, ${d?.policies.read ?? 0} pages read${q.deployError ? `; ${q.deployError}` : ''}); public/ linked back in ${seconds(q.workspaceMs ?? 0)}; load ${load()}`,
    );

    const label = `${files.toLocaleString('en-US')} files`;
    const copy = { name: 'old: copy every file', value: old.ms / 1000 };
    return {
      section: 'cold-publish',
      title: `Cold publish of a ${REVIEWS.toLocaleString('en-US')}-review build (${label}, fabricated)`,
      figures: [
        fig(`${label}: old, copy every file`, old.ms / 1000, 's'),
        fig(`${label}: link every file`, linked.ms / 1000, 's', copy),
        fig(`${label}: move, served after`, moved.ms / 1000, 's', copy),
        fig(`${label}: move, public/ linked back after the switch`, (moved.workspaceMs ?? 0) / 1000, 's'),
        fig(`deploy files, first release: per file (sample of ${sfiles})`, per(coldMs), 'ms'),
        fig(`deploy files, rebuild with the same bytes: per file (sample of ${sfiles})`, per(warmMs), 'ms', {
          name: 'first release',
          value: per(coldMs),
        }),
        fig(`as queued: served after`, (q.servedMs ?? NaN) / 1000, 's'),
        fig(`as queued: deploy files complete after`, q.ms / 1000, 's'),
        fig(`as queued: public/ linked back`, (q.workspaceMs ?? 0) / 1000, 's'),
      ],
      notes,
    };
  } finally {
    if (!ctx.keep) fs.rmSync(tmp, { recursive: true, force: true });
  }
}

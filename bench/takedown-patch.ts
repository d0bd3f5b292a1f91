// The takedown patch's linking in the server's process (issue 39, docs/benchmarks.md "Takedown
// patch"): a release of N files (default 27,000, the demo's) prepared as a patch release by the
// synchronous walk (preparePatchRelease, the patch build's own process) and by the async one
// (preparePatchReleaseAsync, the server's), alternately, R rounds each. For each: wall time, how
// many ticks of a 1 ms timer ran meanwhile (what a server in the same process could answer) and
// the longest gap between two of them (the longest the event loop was held).
//
//   node --import tsx bench/takedown-patch.ts [--files 27000] [--rounds 3]
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { preparePatchRelease, preparePatchReleaseAsync, type ReleasePatch } from '../publish/release-files';

const { values } = parseArgs({
  options: { files: { type: 'string', default: '27000' }, rounds: { type: 'string', default: '3' } },
});
const files = Number(values.files);
const rounds = Number(values.rounds);

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-takedown-patch-'));
const base = path.join(tmp, 'releases', 'base');
// As a release lays pages out: one folder per page, ~100 pages per product folder.
for (let i = 0; i < files; i++) {
  const dir = path.join(base, String(Math.floor(i / 100)), String(i));
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(path.join(dir, 'index.html'), `<p>${i}</p>`);
}
const out = path.join(tmp, 'out');
fs.mkdirSync(path.join(out, '0', '0'), { recursive: true });
fs.writeFileSync(path.join(out, '0', '0', 'index.html'), '<p>patched</p>');
const patch: ReleasePatch = { base, outDir: out, written: ['0/0/index.html'], deleted: [] };

async function measure(kind: 'sync' | 'async', n: number) {
  const dest = path.join(tmp, 'releases', `.patch-${kind}-${n}`);
  let ticks = 0;
  let last = performance.now();
  let longest = 0;
  const gap = () => {
    const now = performance.now();
    longest = Math.max(longest, now - last);
    last = now;
  };
  const timer = setInterval(() => {
    ticks++;
    gap();
  }, 1);
  const t = performance.now();
  // The sync walk runs after a tick, as the server's handler would call it.
  const stats =
    kind === 'sync'
      ? await new Promise<ReturnType<typeof preparePatchRelease>>((resolve) =>
          setImmediate(() => resolve(preparePatchRelease(dest, patch))),
        )
      : await preparePatchReleaseAsync(dest, patch);
  const ms = performance.now() - t;
  gap();
  clearInterval(timer);
  fs.rmSync(dest, { recursive: true, force: true });
  if (stats.files !== files) throw new Error(`${kind}: ${stats.files} files, not ${files}`);
  return { kind, ms: Math.round(ms), longestMs: Math.round(longest), ticks };
}

async function main() {
  const rows: Array<Awaited<ReturnType<typeof measure>>> = [];
  for (let r = 0; r < rounds; r++) for (const kind of ['sync', 'async'] as const) rows.push(await measure(kind, r));
  console.log(`| ${files} files | wall ms | 1 ms ticks run meanwhile | longest the event loop was held, ms |`);
  console.log('|---|---|---|---|');
  for (const r of rows) console.log(`| ${r.kind} | ${r.ms} | ${r.ticks} | ${r.longestMs} |`);
  fs.rmSync(tmp, { recursive: true, force: true });
}

main().catch((e) => {
  fs.rmSync(tmp, { recursive: true, force: true });
  console.error(e);
  process.exit(1);
});

// Where the main thread goes while each page kind loads and hydrates on a slow phone (issue 26):
// Chromium with a 4x CPU slowdown (CDP Emulation.setCPUThrottlingRate), a V8 CPU profile from
// navigation until the page is hydrated and quiet, and the page's long tasks. A diagnostic, not a
// figure with a gate: the vitals section (bench/vitals.ts) is the one that gates.
//
//   node --import tsx bench/hydration-profile.ts [public dir] [db file]
//   (defaults: public/ and var/test/storefront.sqlite, the e2e build; PROFILE_KINDS=review,home)
//
// Prints per page kind: CPU time by script (self time), the heaviest functions, long tasks, and
// how many DOM elements React hydrated; writes the .cpuprofile files to bench/out/prof/.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { SourceMapConsumer } from 'source-map-js';
import { OUT_DIR, ROOT } from './lib/data';
import { launchBrowser, serveBuiltSite } from './lib/serve';
import { vitalsTargets } from './vitals';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
  children?: number[];
}
interface CpuProfile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

const short = (u: string) =>
  u
    .replace(/^https?:\/\/[^/]+/, '')
    .replace(/-[0-9a-f]{16,}(\.js)$/, '$1')
    .replace(/^$/, '(native/idle)');

/** The original module of a position in a built chunk, from the chunk's source map. */
function sourceOf(publicDir: string, maps: Map<string, SourceMapConsumer | null>) {
  return (url: string, line: number, column: number): string => {
    const m = /\/review\/([^/?#]+\.js)$/.exec(url);
    if (!m) return '';
    if (!maps.has(m[1])) {
      const f = path.join(publicDir, `${m[1]}.map`);
      maps.set(m[1], fs.existsSync(f) ? new SourceMapConsumer(JSON.parse(fs.readFileSync(f, 'utf8'))) : null);
    }
    const pos = maps.get(m[1])?.originalPositionFor({ line: line + 1, column });
    return pos?.source
      ? `${pos.source.replace(/^webpack:\/\/[^/]*\//, '').replace(/^\.\/node_modules\//, '~')}:${pos.line}${pos.name ? ` ${pos.name}` : ''}`
      : '';
  };
}

function summarise(p: CpuProfile, origin: (url: string, line: number, column: number) => string) {
  const byId = new Map(p.nodes.map((n) => [n.id, n]));
  const self = new Map<number, number>();
  p.samples.forEach((id, i) => self.set(id, (self.get(id) ?? 0) + (p.timeDeltas[i] ?? 0) / 1000));
  const byUrl = new Map<string, number>();
  const byFn = new Map<string, number>();
  for (const [id, ms] of self) {
    const n = byId.get(id)!;
    const name = n.callFrame.functionName || '(anonymous)';
    if (name === '(idle)' || name === '(program)') continue;
    const url = short(n.callFrame.url);
    byUrl.set(url, (byUrl.get(url) ?? 0) + ms);
    const where = origin(n.callFrame.url, n.callFrame.lineNumber, n.callFrame.columnNumber);
    const key = where ? `${where} (${url})` : `${name} ${url}:${n.callFrame.lineNumber}`;
    byFn.set(key, (byFn.get(key) ?? 0) + ms);
  }
  const top = (m: Map<string, number>, k: number) =>
    [...m.entries()]
      .sort((a, b) => b[1] - a[1])
      .slice(0, k)
      .map(([x, ms]) => `${Math.round(ms)} ms ${x}`);
  const busy = [...byUrl.values()].reduce((a, b) => a + b, 0);
  return { busy: Math.round(busy), urls: top(byUrl, 8), fns: top(byFn, 20) };
}

async function main() {
  const publicDir = path.resolve(process.argv[2] ?? path.join(ROOT, 'public'));
  const dbFile = path.resolve(process.argv[3] ?? path.join(ROOT, 'var', 'test', 'storefront.sqlite'));
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'hydration-profile-'));
  const served = await serveBuiltSite({ tmp } as never, publicDir, dbFile);
  const browser = await launchBrowser();
  const only = process.env.PROFILE_KINDS?.split(',');
  const outDir = path.join(OUT_DIR, 'prof');
  const origin = sourceOf(publicDir, new Map());
  fs.mkdirSync(outDir, { recursive: true });
  try {
    for (const [kind, p] of vitalsTargets(publicDir)) {
      if (only && !only.includes(kind)) continue;
      const context = await browser.newContext({
        viewport: { width: 412, height: 823 },
        isMobile: true,
        hasTouch: true,
      });
      await context.addInitScript(`(() => {
        window.__long = [];
        new PerformanceObserver(function (l) {
          l.getEntries().forEach(function (e) { window.__long.push([Math.round(e.startTime), Math.round(e.duration)]); });
        }).observe({ type: 'longtask', buffered: true });
      })()`);
      const page = await context.newPage();
      const cdp = await context.newCDPSession(page);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
      await cdp.send('Profiler.enable');
      await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
      await cdp.send('Profiler.start');
      await page.goto(`${served.base}/review${p}`, { waitUntil: 'load' });
      await page.waitForSelector('html[data-hydrated="true"]', { timeout: 120_000 });
      // Quiet: two idle callbacks in a row (the idle work and the deferred sections have run).
      await page.evaluate(
        () =>
          new Promise<void>((r) =>
            requestIdleCallback(() => setTimeout(() => requestIdleCallback(() => r(), { timeout: 10_000 }), 3000), {
              timeout: 10_000,
            }),
          ),
      );
      const { profile } = (await cdp.send('Profiler.stop')) as unknown as { profile: CpuProfile };
      fs.writeFileSync(path.join(outDir, `hydration-${kind.replace(/\W+/g, '-')}.cpuprofile`), JSON.stringify(profile));
      const long = (await page.evaluate(() => (window as unknown as { __long: number[][] }).__long)) ?? [];
      const elements = await page.evaluate(() => document.getElementsByTagName('*').length);
      const s = summarise(profile, origin);
      console.log(`\n## ${kind} ${p} (${elements} elements), CPU busy ${s.busy} ms at 4x slowdown`);
      console.log(`long tasks (start ms, duration ms): ${long.map(([a, b]) => `${a}:${b}`).join(' ') || 'none'}`);
      console.log(`by script:\n  ${s.urls.join('\n  ')}`);
      console.log(`heaviest functions (self):\n  ${s.fns.join('\n  ')}`);
      await context.close();
    }
  } finally {
    await browser.close();
    await served.close();
    fs.rmSync(tmp, { recursive: true, force: true });
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});

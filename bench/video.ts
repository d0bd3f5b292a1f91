// Section `video` (issue 21, "Numbers"): a review's video on loopback.
// 1. Time to first frame: a review page with a video, served by the reference server beside the
//    API (as `npm start` does), in Debian's chromium at a phone's viewport; a fresh browser context
//    per run; the clock runs from the click on the play button (播放视频, the user gesture that
//    lets it start) to the video's first presented frame (requestVideoFrameCallback). Floor, in
//    the same rounds and interleaved: the same MP4 URL in a bare HTML page (a <video playsinline
//    preload="none">, a button that calls play()) on the same origin, so the ratio is what the
//    page adds (React's state change, the player's lazy chunk, mounting it). Also the video bytes
//    the browser had received at the first frame, against the file's size.
// 2. Range: `bytes=0-1023`, a middle KB and the whole file of each demo video over real HTTP,
//    with what the server read from disk for each (the byte count of every read stream it opened
//    on the file), side by side in one run.
//
// Site: VIDEO_SITE (else VITALS_SITE, else public/ of the work tree: the e2e build) with its
// database VIDEO_DB (else VITALS_DB, else var/test/storefront.sqlite, the one the e2e build used);
// the database is copied into the run's temp dir first, so the bench never writes it.
// VIDEO_RUNS: runs per page (default 10).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { BrowserContext, CDPSession } from 'playwright-core';
import { VIDEO_DIR } from '../server/media/videos';
import { fig, log, round, type Figure, type SectionResult } from './lib/report';
import { ROOT, type BenchContext } from './lib/data';
import { CHROMIUM, CHROMIUM_ARGS, launchBrowser, serveBuiltSite } from './lib/serve';
import { median, quantile, videoReviewPages, type VideoPage } from './video-pages';

const TITLE = 'Video: time to first frame and Range (issue 21, loopback)';
const FLOOR_PATH = '/bench-video-floor.html';
const PLAY = '播放视频';
const WHOLE = '(none: whole file)';
const FLOOR_CSP = "default-src 'none'; script-src 'unsafe-inline'; media-src 'self'";

/** The bare page of the floor: the same MP4, nothing else; the button's click starts it. */
export const floorHtml = (videoUrl: string) =>
  `<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>video floor</title></head><body><video playsinline preload="none" src="${videoUrl}"></video><button type="button" aria-label="${PLAY}">▶</button><script>document.querySelector('button').addEventListener('click',function(){document.querySelector('video').play()})</script></body></html>`;

/**
 * Installed before any page script: the time of the first click (capture phase, the event's own
 * timestamp), and for every <video> that appears, the first presented frame
 * (requestVideoFrameCallback; 'loadeddata' where it is absent), reported once through the
 * `__videoFrame` binding and kept in window.__videoBench.
 */
// A string, not a function: tsx (esbuild) wraps named functions in a `__name` helper that the page
// does not have, so a serialized function would throw there.
const INSTRUMENT = `(() => {
  const bench = (window.__videoBench = {});
  addEventListener('click', (e) => { if (bench.click === undefined) bench.click = e.timeStamp; }, { capture: true });
  const done = (t, via, v) => {
    if (bench.frame !== undefined) return;
    Object.assign(bench, { frame: t, via, src: v.currentSrc });
    if (window.__videoFrame) window.__videoFrame(JSON.stringify(bench));
  };
  const watched = new WeakSet();
  const watch = (v) => {
    if (watched.has(v)) return;
    watched.add(v);
    if (bench.video === undefined) bench.video = performance.now();
    if ('requestVideoFrameCallback' in v)
      v.requestVideoFrameCallback((now, meta) => done(meta.presentationTime, 'requestVideoFrameCallback', v));
    else v.addEventListener('loadeddata', () => done(performance.now(), 'loadeddata', v), { once: true });
  };
  new MutationObserver(() => document.querySelectorAll('video').forEach(watch)).observe(document, {
    childList: true,
    subtree: true,
  });
})();`;

interface FrameRun {
  ms: number;
  /** Click to the <video> element in the document (0 where it was there before the click). */
  toElementMs: number;
  via: string;
  /** Video body bytes the browser had received when the page reported the first frame. */
  bytesAtFrame: number;
  /** The video requests: Range asked for, status. */
  requests: string[];
}

/**
 * Counts the video's body bytes as the renderer receives them (CDP Network.dataReceived) and
 * takes the count when the page's binding reports the first frame. Both come from the page's
 * renderer over this one session, so the count is what the renderer had been handed by then
 * (give or take a chunk in flight).
 */
async function watchVideoBytes(cdp: CDPSession) {
  const ids = new Map<string, string>();
  const statuses = new Map<string, number>();
  let bytes = 0;
  let atFrame: { bytes: number; payload: string } | undefined;
  let resolveFrame!: () => void;
  const frame = new Promise<void>((r) => (resolveFrame = r));
  cdp.on('Network.requestWillBeSent', (e) => {
    if (new URL(e.request.url).pathname.startsWith('/media/video/'))
      ids.set(e.requestId, e.request.headers.Range ?? e.request.headers.range ?? '(no Range)');
  });
  cdp.on('Network.responseReceived', (e) => {
    if (ids.has(e.requestId)) statuses.set(e.requestId, e.response.status);
  });
  cdp.on('Network.dataReceived', (e) => {
    if (ids.has(e.requestId)) bytes += e.dataLength;
  });
  cdp.on('Runtime.bindingCalled', (e) => {
    if (e.name !== '__videoFrame' || atFrame) return;
    atFrame = { bytes, payload: e.payload };
    resolveFrame();
  });
  await cdp.send('Network.enable');
  await cdp.send('Runtime.enable');
  await cdp.send('Runtime.addBinding', { name: '__videoFrame' });
  return {
    frame,
    result: () => ({
      atFrame: atFrame!,
      requests: [...ids].map(([id, range]) => `${range} -> ${statuses.get(id) ?? '?'}`),
    }),
  };
}

async function timeToFirstFrame(context: BrowserContext, url: string, isSite: boolean): Promise<FrameRun> {
  const page = await context.newPage();
  await page.addInitScript({ content: INSTRUMENT });
  const cdp = await context.newCDPSession(page);
  const watch = await watchVideoBytes(cdp);
  await page.goto(url, { waitUntil: 'load' });
  // What a shopper's tap meets: the page hydrated (the button works) and its loading over.
  if (isSite) {
    await page.waitForSelector('html[data-hydrated="true"]', { state: 'attached', timeout: 60_000 });
  }
  await page.waitForLoadState('networkidle', { timeout: 15_000 }).catch(() => undefined);
  await page.evaluate(() => new Promise<void>((r) => requestAnimationFrame(() => requestAnimationFrame(() => r()))));
  await page.getByRole('button', { name: PLAY }).first().click();
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([
    watch.frame,
    new Promise((_, reject) => {
      timer = setTimeout(() => reject(new Error(`no video frame within 60 s on ${url}`)), 60_000);
    }),
  ]).finally(() => clearTimeout(timer));
  const { atFrame, requests } = watch.result();
  const b = JSON.parse(atFrame.payload) as { click?: number; video: number; frame: number; via: string };
  if (b.click === undefined) throw new Error(`the click was not seen on ${url}`);
  return {
    ms: b.frame - b.click,
    toElementMs: Math.max(0, b.video - b.click),
    via: b.via,
    bytesAtFrame: atFrame.bytes,
    requests,
  };
}

/** Wraps fs.createReadStream to count what every read stream on a demo video read. */
function countVideoReads() {
  const original = fs.createReadStream;
  const reads: { file: string; start?: number; end?: number; bytes: Promise<number> }[] = [];
  const wrapped = ((p: fs.PathLike, opts?: Parameters<typeof fs.createReadStream>[1]) => {
    const stream = original(p, opts);
    if (String(p).startsWith(VIDEO_DIR)) {
      const o = typeof opts === 'object' && opts ? opts : {};
      reads.push({
        file: path.basename(String(p)),
        start: o.start,
        end: o.end,
        bytes: new Promise((r) => stream.once('close', () => r(stream.bytesRead))),
      });
    }
    return stream;
  }) as typeof fs.createReadStream;
  fs.createReadStream = wrapped;
  return {
    take: () => reads.splice(0),
    restore: () => {
      fs.createReadStream = original;
    },
  };
}

/** Whether a body is the bytes of that demo file its Content-Range names (the whole file without one). */
function sameAsFile(file: string | undefined, body: Buffer, contentRange: string | null): boolean {
  if (!file) return false;
  const disk = fs.readFileSync(path.join(VIDEO_DIR, file));
  const m = /^bytes ([0-9]{1,12})-([0-9]{1,12})\//.exec(contentRange ?? '');
  return body.equals(m ? disk.subarray(Number(m[1]), Number(m[2]) + 1) : disk);
}

interface RangeRow {
  file: string;
  size: number;
  range: string;
  status: number;
  contentRange: string;
  bodyBytes: number;
  /** The body is exactly those bytes of the file on disk. */
  sameBytes: boolean;
  /** What the server's read streams on the file read for this request. */
  readBytes: number;
  readRanges: string;
  /** Median time to the whole answer, ms. */
  ms: number;
}

async function rangeRows(base: string, videos: VideoPage[], repeats: number): Promise<RangeRow[]> {
  const counter = countVideoReads();
  const rows: RangeRow[] = [];
  try {
    for (const v of videos) {
      const head = await fetch(base + v.videoUrl, { method: 'HEAD' });
      const size = Number(head.headers.get('content-length'));
      const mid = Math.floor(size / 2);
      const cases: [string, string | undefined][] = [
        ['bytes=0-1023', 'bytes=0-1023'],
        [`bytes=${mid}-${mid + 1023}`, `bytes=${mid}-${mid + 1023}`],
        [WHOLE, undefined],
      ];
      const mine = new Map<string, RangeRow>();
      const times = new Map<string, number[]>();
      // Interleaved: each repeat asks for every case once, so a slow spell falls on all alike.
      for (let i = 0; i < repeats; i++) {
        for (const [name, range] of cases) {
          counter.take();
          const t0 = performance.now();
          const res = await fetch(base + v.videoUrl, { headers: range ? { Range: range } : {} });
          const body = Buffer.from(await res.arrayBuffer());
          const ms = performance.now() - t0;
          const reads = counter.take();
          const readBytes = (await Promise.all(reads.map((r) => r.bytes))).reduce((a, b) => a + b, 0);
          times.set(name, [...(times.get(name) ?? []), ms]);
          if (!mine.has(name))
            mine.set(name, {
              file: reads[0]?.file ?? path.basename(v.videoUrl),
              size,
              range: name,
              status: res.status,
              contentRange: res.headers.get('content-range') ?? '',
              bodyBytes: body.length,
              sameBytes: sameAsFile(reads[0]?.file, body, res.headers.get('content-range')),
              readBytes,
              readRanges: reads.map((r) => `${r.start ?? 0}-${r.end ?? 'end'}`).join(', '),
              ms: 0,
            });
        }
      }
      for (const [name, row] of mine) rows.push({ ...row, ms: median(times.get(name)!) });
    }
  } finally {
    counter.restore();
  }
  return rows;
}

const loadavg = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');

function siteOf(ctx: BenchContext): { publicDir: string; dbFile: string } | { missing: string } {
  const publicDir = path.resolve(process.env.VIDEO_SITE ?? process.env.VITALS_SITE ?? path.join(ROOT, 'public'));
  const given = path.resolve(
    process.env.VIDEO_DB ?? process.env.VITALS_DB ?? path.join(ROOT, 'var', 'test', 'storefront.sqlite'),
  );
  if (!fs.existsSync(path.join(publicDir, 'index.html')))
    return {
      missing: `no built site in ${publicDir}: build the e2e site (node --import tsx scripts/build-site.ts) or set VIDEO_SITE and VIDEO_DB`,
    };
  if (!fs.existsSync(given)) return { missing: `no database ${given} (VIDEO_DB)` };
  const dir = fs.mkdtempSync(path.join(ctx.tmp, 'video-db-'));
  const dbFile = path.join(dir, 'storefront.sqlite');
  fs.copyFileSync(given, dbFile);
  if (fs.existsSync(`${given}-wal`)) fs.copyFileSync(`${given}-wal`, `${dbFile}-wal`);
  return { publicDir, dbFile };
}

export async function runVideo(ctx: BenchContext): Promise<SectionResult> {
  const site = siteOf(ctx);
  if ('missing' in site) {
    log(`video: skipped: ${site.missing}`);
    return { section: 'video', title: TITLE, figures: [], notes: [], skipped: site.missing };
  }
  const runs = Number(process.env.VIDEO_RUNS ?? 10);
  const pages = videoReviewPages(site.publicDir);
  if (!pages.length) throw new Error(`no review page with a playable video in ${site.publicDir}`);
  const target = pages[0];
  const loadBefore = loadavg();
  log(`video: ${pages.length} review pages with a video; measuring ${target.path}; load ${loadBefore}`);
  // Its own policy: the API's (default-src 'none') would block the script and the video.
  const server = await serveBuiltSite(ctx, site.publicDir, site.dbFile, (app) =>
    app.get(FLOOR_PATH, (_req, reply) =>
      reply
        .type('text/html; charset=utf-8')
        .header('Content-Security-Policy', FLOOR_CSP)
        .send(floorHtml(target.videoUrl)),
    ),
  );
  const base = server.base;
  const fileSize = Number((await fetch(base + target.videoUrl, { method: 'HEAD' })).headers.get('content-length'));
  const F = 'bare <video> page, same MP4';
  const P = 'review page';
  const targets: [string, string, boolean][] = [
    [F, base + FLOOR_PATH, false],
    [P, `${base}/review${target.path}`, true],
  ];
  const results: Record<string, FrameRun[]> = { [F]: [], [P]: [] };
  let rows: RangeRow[] = [];
  const browser = await launchBrowser();
  try {
    for (let i = 0; i < runs; i++) {
      // Alternate which goes first, so neither always follows the other.
      for (const [name, url, isSite] of i % 2 ? [...targets].reverse() : targets) {
        const context = await browser.newContext({
          viewport: { width: 375, height: 812 },
          serviceWorkers: 'block',
          locale: 'zh-CN',
        });
        try {
          const r = await timeToFirstFrame(context, url, isSite);
          log(`video: round ${i + 1}/${runs}: ${name}: ${round(r.ms, 1)} ms (${r.bytesAtFrame} bytes at the frame)`);
          results[name].push(r);
        } finally {
          await context.close();
        }
      }
    }
    // Distinct demo files (one per shape), each once.
    const byFile = new Map<string, VideoPage>();
    for (const p of pages) {
      const file = p.videoUrl.split('/').pop()!;
      if (!byFile.has(file)) byFile.set(file, p);
    }
    rows = await rangeRows(base, [...byFile.values()], 20);
  } finally {
    await browser.close();
    await server.close();
  }
  const loadAfter = loadavg();

  const figures: Figure[] = [];
  const ms = (k: string) => results[k].map((r) => r.ms);
  const floor = { med: median(ms(F)), p90: quantile(ms(F), 0.9) };
  figures.push(
    fig(`${P}: click to first frame, median of ${runs}`, median(ms(P)), 'ms', { name: F, value: floor.med }),
  );
  figures.push(fig(`${P}: click to first frame, p90`, quantile(ms(P), 0.9), 'ms', { name: F, value: floor.p90 }));
  figures.push(
    fig(`${P}: click to its <video> in the document, median`, median(results[P].map((r) => r.toElementMs)), 'ms'),
  );
  const bytesP = median(results[P].map((r) => r.bytesAtFrame));
  const bytesF = median(results[F].map((r) => r.bytesAtFrame));
  figures.push(fig(`${P}: video bytes received by the first frame (median)`, bytesP, 'B', { name: F, value: bytesF }));
  figures.push(
    fig(`${P}: those bytes against the file (${fileSize} B)`, bytesP, 'B', { name: 'file size', value: fileSize }),
  );
  for (const r of rows.filter((x) => x.range !== WHOLE)) {
    const whole = rows.find((x) => x.file === r.file && x.range === WHOLE);
    figures.push(
      fig(`${r.file}: Range ${r.range}: bytes read by the server`, r.readBytes, 'B', {
        name: 'whole file, same run',
        value: whole?.readBytes ?? 0,
      }),
    );
  }
  const vias = [...new Set([...results[F], ...results[P]].map((r) => r.via))];
  const spread = (k: string) => ms(k).map((x) => round(x, 1));
  return {
    section: 'video',
    title: TITLE,
    figures,
    notes: [
      `Page ${target.path} (one of ${pages.length} review pages with a video), video ${target.videoUrl} (${fileSize} bytes). ${runs} runs per page in ${runs} interleaved rounds (order alternating), a fresh browser context per run (no cache, service workers blocked), viewport 375x812, Debian chromium (${CHROMIUM}, ${CHROMIUM_ARGS.join(' ')}, headless). Reference server and site on one loopback origin. Clock: the click event's timestamp to the first frame from ${vias.join(' / ')} (presentationTime).`,
      `Runs, ms: ${P} ${spread(P).join(', ')}; ${F} ${spread(F).join(', ')}.`,
      `Of the review page's time, click to its <video> in the document (state change, the player's lazy chunk, mount): median ${round(median(results[P].map((r) => r.toElementMs)), 1)} ms; the rest is the media pipeline the floor has too.`,
      `Video requests per run (Range -> status), first run: ${P}: ${results[P][0]?.requests.join('; ')}; ${F}: ${results[F][0]?.requests.join('; ')}.`,
      `Range over HTTP (median of 20 interleaved requests per row; server reads counted from the read streams it opened on the file):`,
      ...rows.map(
        (r) =>
          `${r.file} (${r.size} B), Range ${r.range}: ${r.status}, Content-Range \`${r.contentRange || '-'}\`, body ${r.bodyBytes} B${r.sameBytes ? " (the file's bytes)" : " (**not** the file's bytes)"}, read from disk ${r.readBytes} B (stream ${r.readRanges}), ${round(r.ms, 2)} ms`,
      ),
      `Load average (1, 5, 15 min): ${loadBefore} at the start, ${loadAfter} at the end; ${os.cpus().length} cores.`,
    ],
    details: { target, fileSize, results, rows, loadBefore, loadAfter },
  };
}

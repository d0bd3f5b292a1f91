// An isolated working copy of the site for the build sections: the project's sources copied
// into the run's temp dir with node_modules symlinked, so the bench's builds never touch the
// developer's public/ and .cache/ (nor race a build another engineer runs in the work tree).
import fs from 'node:fs';
import path from 'node:path';
import { type BenchContext } from './data';
import { copySiteSources } from '../../scripts/site-copy';
import { runMeasured, type TreeMemory } from './proc';
import { log } from './report';
import { stripVTControlCharacters } from 'node:util';
import crypto from 'node:crypto';

/** A fresh copy of the site sources under ctx.tmp/<name> (public/ and .cache/ start empty). */
export const siteCopy = (ctx: BenchContext, name: string): string => copySiteSources(path.join(ctx.tmp, name));

export interface BuildRun {
  ok: boolean;
  ms: number;
  memory: TreeMemory;
  /** "Building static HTML for pages - X s - N/N Y/s". */
  html: { seconds: number; pages: number; perSecond: number } | null;
  /** Gatsby's own step timings (seconds), "success <step> - X s". */
  steps: Record<string, number>;
  /** gatsby/sitemap.ts's line: URLs, files, milliseconds, RSS growth (MB). */
  sitemap: { urls: number; files: number; ms: number; grewMB: number } | null;
  log: string;
}

export function parseGatsbyLog(out: string) {
  const plain = stripVTControlCharacters(out);
  const h = /Building static HTML for pages - ([\d.]+)s - (\d+)\/(\d+) ([\d.]+)\/s/.exec(plain);
  const steps: Record<string, number> = {};
  for (const m of plain.matchAll(/^success (.+?) - ([\d.]+)s\b/gm)) steps[m[1]] = (steps[m[1]] ?? 0) + Number(m[2]);
  const sm = /sitemaps: (\d+) URLs in (\d+) file\(s\)[^(]*\((\d+) ms, \+(\d+) MB RSS\)/.exec(plain);
  const sitemap = sm ? { urls: Number(sm[1]), files: Number(sm[2]), ms: Number(sm[3]), grewMB: Number(sm[4]) } : null;
  return { html: h ? { seconds: Number(h[1]), pages: Number(h[3]), perSecond: Number(h[4]) } : null, steps, sitemap };
}

/** `gatsby build --prefix-paths` in `siteDir` with the embedded reference server on `dbFile`. */
export async function gatsbyBuild(
  ctx: BenchContext,
  siteDir: string,
  dbFile: string,
  label: string,
  extraEnv: NodeJS.ProcessEnv = {},
): Promise<BuildRun> {
  // The embedded server on dbFile, unless extraEnv names another API (STOREFRONT_API_URL).
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    DB_FILE: dbFile,
    MEDIA_DIR: path.join(ctx.tmp, 'media'),
    GATSBY_TELEMETRY_DISABLED: '1',
    CI: 'true',
  };
  delete env.STOREFRONT_API_URL;
  Object.assign(env, extraEnv);
  log(`${label}: gatsby build --prefix-paths in ${siteDir}`);
  const r = await runMeasured(
    process.execPath,
    [path.join(siteDir, 'node_modules', 'gatsby', 'cli.js'), 'build', '--prefix-paths'],
    {
      cwd: siteDir,
      env,
      echo: process.env.BENCH_VERBOSE ? `[${label}]` : undefined,
      timeoutMs: 60 * 60_000,
    },
  );
  const out = r.stdout + r.stderr;
  fs.writeFileSync(path.join(ctx.tmp, `${label.replace(/\W+/g, '-')}.log`), out);
  const parsed = parseGatsbyLog(out);
  if (r.code !== 0) log(`${label}: gatsby build failed with code ${r.code}; log tail:\n${out.slice(-3000)}`);
  else
    log(
      `${label}: ${(r.ms / 1000).toFixed(1)} s, peak tree RSS ${r.memory.peakTreeRssMB} MB${parsed.html ? `, HTML step ${parsed.html.pages} pages at ${parsed.html.perSecond}/s` : ''}`,
    );
  return { ok: r.code === 0, ms: r.ms, memory: r.memory, ...parsed, log: out.slice(-4000) };
}

/** Every file under dir (relative path -> {mtimeMs, size}), for rebuild diffs. */
export function snapshot(
  dir: string,
  filter: (rel: string) => boolean,
): Map<string, { mtimeMs: number; size: number; hash: string }> {
  const out = new Map<string, { mtimeMs: number; size: number; hash: string }>();
  const walk = (d: string) => {
    for (const e of fs.readdirSync(d, { withFileTypes: true })) {
      const p = path.join(d, e.name);
      if (e.isDirectory()) walk(p);
      else {
        const rel = path.relative(dir, p);
        if (!filter(rel)) continue;
        const st = fs.statSync(p);
        out.set(rel, {
          mtimeMs: st.mtimeMs,
          size: st.size,
          hash: crypto.createHash('sha1').update(fs.readFileSync(p)).digest('hex'),
        });
      }
    }
  };
  walk(dir);
  return out;
}

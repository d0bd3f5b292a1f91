// Link checker for the built site (issue 6, "Done when"): walks every HTML file under public/,
// collects every internal href/src/srcset (paths under /review/, relative ones resolved against
// the page's URL) and checks that each resolves to a file of the built site by the serving
// rules of server/site/resolve.ts (index.html for directories, the trailing-slash and
// /product/{id} redirects, page-data, static assets). Media URLs (/media/...) are served by the
// API: with a base URL they are checked with HEAD requests, without one they are only counted.
//
//   node --import tsx scripts/check-links.ts [--site public] [--base http://localhost:8000]
//
// Exit code 1 when any internal link leads nowhere.
import fs from 'node:fs';
import path from 'node:path';
import { resolveSitePath } from '../server/site/resolve';
import { PATH_PREFIX } from '../src/paths';

export interface BrokenLink {
  /** The link as resolved (path and query). */
  target: string;
  reason: string;
  /** Site URLs of (up to 5 of) the pages that link to it. */
  from: string[];
}

export interface LinkReport {
  pages: number;
  /** Internal links found (every occurrence on every page). */
  links: number;
  /** Distinct internal targets checked against the site. */
  targets: number;
  /** Distinct media URLs, and how many were checked over HTTP (0 without a base URL). */
  media: number;
  mediaChecked: number;
  /** Links to other origins and non-HTTP schemes (mailto:, tel:), not checked. */
  external: number;
  broken: BrokenLink[];
  ms: number;
}

export interface CheckOptions {
  siteDir: string;
  /** Origin of a running server (API + site) for the media URLs; skipped when unset. */
  base?: string;
  prefix?: string;
  /** Parallel HEAD requests. */
  concurrency?: number;
}

const ORIGIN = 'http://site.invalid';

/** All HTML files under dir (relative paths, posix separators). */
function htmlFiles(dir: string, rel = ''): string[] {
  const out: string[] = [];
  for (const e of fs.readdirSync(path.join(dir, rel), { withFileTypes: true })) {
    const r = rel ? `${rel}/${e.name}` : e.name;
    if (e.isDirectory()) out.push(...htmlFiles(dir, r));
    else if (e.name.endsWith('.html')) out.push(r);
  }
  return out;
}

/** The URL a file of the site is served at: a/b/index.html -> /review/a/b/. */
function pageUrlOf(rel: string, prefix = PATH_PREFIX): string {
  return rel === 'index.html'
    ? `${prefix}/`
    : rel.endsWith('/index.html')
      ? `${prefix}/${rel.slice(0, -'index.html'.length)}`
      : `${prefix}/${rel}`;
}

const ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  '#39': "'",
  '#x27': "'",
  '#x2F': '/',
};
const decodeEntities = (s: string) => s.replace(/&(#?[a-z0-9]+);/gi, (m, e: string) => ENTITIES[e] ?? m);

// Script and style bodies hold JSON and code, not links: drop them, keep the opening tags
// (a <script src> counts).
const BODIES = /(<(script|style)\b[^>]*>)[\s\S]*?<\/\2>/gi;
const TAG = /<[a-zA-Z](?:"[^"]*"|'[^']*'|[^'">])*>/g;
// Every attribute in turn, so that a quoted value is consumed whole ("alt='&lt;img src=x'").
const ATTR = /\s([^\s"'>/=]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'>]+)))?/g;
const LINK_ATTRS = new Set(['href', 'src', 'srcset', 'poster']);

/** Every link-like attribute value of an HTML document (entities decoded; srcset split). */
export function extractLinks(html: string): string[] {
  const text = html.replace(BODIES, '$1');
  const out: string[] = [];
  // Attributes of tags only: escaped markup in the text (a review that says
  // "&lt;img src=x&gt;") is not a link.
  for (const m of (text.match(TAG) ?? []).flatMap((tag) => [...tag.matchAll(ATTR)])) {
    const name = m[1].toLowerCase();
    if (!LINK_ATTRS.has(name)) continue;
    const value = decodeEntities((m[2] ?? m[3] ?? m[4] ?? '').trim());
    if (!value) continue;
    if (name === 'srcset') {
      for (const part of value.split(',')) {
        const u = part.trim().split(/\s+/)[0];
        if (u) out.push(u);
      }
    } else out.push(value);
  }
  return out;
}

type Check = { ok: true } | { ok: false; reason: string };

/** Whether a site URL (path + query, under the prefix) leads to a file, following redirects. */
function resolveTarget(siteDir: string, target: string, prefix = PATH_PREFIX): Check {
  let url = new URL(target, ORIGIN);
  for (let hops = 0; hops < 5; hops++) {
    const p = url.pathname;
    if (p === prefix) {
      url = new URL(`${prefix}/${url.search}`, ORIGIN);
      continue;
    }
    if (!p.startsWith(`${prefix}/`)) return { ok: false, reason: 'outside the site' };
    let decoded: string;
    try {
      decoded = decodeURIComponent(p.slice(prefix.length));
    } catch {
      return { ok: false, reason: 'bad escape' };
    }
    const r = resolveSitePath(siteDir, decoded, url.search);
    if (r.kind === 'missing') return { ok: false, reason: 'no such file' };
    if (r.kind === 'redirect') {
      url = new URL(r.location, ORIGIN);
      continue;
    }
    // A review URL without a static page is answered by the 404 page, which loads the review
    // on the client: a crawler gets no content there, so a link to it leads nowhere.
    if (r.kind === 'unbuilt-review')
      return { ok: false, reason: 'no static page (only the client-side review view answers)' };
    return { ok: true };
  }
  return { ok: false, reason: 'too many redirects' };
}

async function pool<T>(items: T[], n: number, fn: (t: T) => Promise<void>) {
  let i = 0;
  await Promise.all(
    Array.from({ length: Math.min(n, items.length) }, async () => {
      while (i < items.length) await fn(items[i++]);
    }),
  );
}

export async function checkLinks(opts: CheckOptions): Promise<LinkReport> {
  const started = Date.now();
  const prefix = opts.prefix ?? PATH_PREFIX;
  const siteDir = path.resolve(opts.siteDir);
  const files = htmlFiles(siteDir);
  const site = new Map<string, string[]>(); // target -> pages linking to it
  const media = new Map<string, string[]>();
  let links = 0;
  let external = 0;
  const note = (map: Map<string, string[]>, key: string, from: string) => {
    const list = map.get(key);
    if (!list) map.set(key, [from]);
    else if (list.length < 5 && list[list.length - 1] !== from) list.push(from);
  };
  for (const rel of files) {
    const pageUrl = pageUrlOf(rel, prefix);
    const base = new URL(pageUrl, ORIGIN);
    for (const raw of extractLinks(fs.readFileSync(path.join(siteDir, rel), 'utf8'))) {
      if (raw.startsWith('#')) continue; // in-page anchor
      let u: URL;
      try {
        u = new URL(raw, base);
      } catch {
        links++;
        note(site, raw, pageUrl);
        continue;
      }
      if (u.origin !== ORIGIN) {
        external++;
        continue;
      }
      links++;
      if (u.pathname.startsWith('/media/')) note(media, u.pathname, pageUrl);
      else note(site, u.pathname + u.search, pageUrl);
    }
  }

  const broken: BrokenLink[] = [];
  for (const [target, from] of site) {
    const r = resolveTarget(siteDir, target, prefix);
    if (!r.ok) broken.push({ target, reason: r.reason, from });
  }

  let mediaChecked = 0;
  if (opts.base) {
    const origin = opts.base.replace(/\/+$/, '');
    await pool([...media.keys()], opts.concurrency ?? 8, async (m) => {
      let status = 0;
      try {
        status = (await fetch(origin + m, { method: 'HEAD' })).status;
      } catch {
        status = -1;
      }
      mediaChecked++;
      if (status !== 200) broken.push({ target: m, reason: `media answered ${status}`, from: media.get(m)! });
    });
  }
  broken.sort((a, b) => a.target.localeCompare(b.target));
  return {
    pages: files.length,
    links,
    targets: site.size,
    media: media.size,
    mediaChecked,
    external,
    broken,
    ms: Date.now() - started,
  };
}

export function formatReport(r: LinkReport): string {
  const lines = [
    `${r.pages} pages, ${r.links} internal links, ${r.targets} distinct site targets checked, ` +
      `${r.media} media URLs (${r.mediaChecked ? `${r.mediaChecked} checked over HTTP` : 'not checked: no --base'}), ` +
      `${r.external} external links skipped, ${r.broken.length} broken, ${r.ms} ms`,
  ];
  for (const b of r.broken.slice(0, 50))
    lines.push(`  BROKEN ${b.target} (${b.reason}) linked from ${b.from.join(', ')}`);
  if (r.broken.length > 50) lines.push(`  ... and ${r.broken.length - 50} more`);
  return lines.join('\n');
}

if (require.main === module) {
  const args = process.argv.slice(2);
  const arg = (name: string) => {
    const i = args.indexOf(name);
    return i >= 0 ? args[i + 1] : undefined;
  };
  const siteDir = arg('--site') ?? path.resolve(__dirname, '..', 'public');
  checkLinks({ siteDir, base: arg('--base') }).then(
    (r) => {
      console.log(formatReport(r));
      process.exit(r.broken.length ? 1 : 0);
    },
    (e) => {
      console.error(e);
      process.exit(2);
    },
  );
}

// Each page's Content-Security-Policy for nginx (issue 24, deploy/nginx/): the site server
// computes a page's policy from its HTML per request (server/security-headers.ts sitePolicy: its
// inline scripts by hash); nginx cannot, so the publish writes them, from the same function, as
// an nginx map file inside the release: releases/<id>/.deploy/csp.map, one line per HTML file,
//
//   "<release id>:/<path in the release>" "<policy>";
//
// nginx includes the served release's map at (re)load and keys it by the release it serves
// ($realpath_root), so a page of a release published after the last reload has no entry and is
// sent to the site server, which computes its policy: never a page with another release's policy.
// Only changed pages are read again: a page with the same inode as in the previous release
// takes that release's line.
import fs from 'node:fs';
import path from 'node:path';
import { sitePolicy, sitePolicyOptionsFromEnv, type SitePolicyOptions } from './site-policy';
import { forEachLimit } from './limit';

export const DEPLOY_DIR = '.deploy';
export const CSP_MAP = 'csp.map';
export const cspMapFile = (release: string) => path.join(release, DEPLOY_DIR, CSP_MAP);

// What may stand in a quoted nginx string without escapes or variables ($).
const SAFE = /^[^"\\$;{}\s\p{Cc}]+$/u;
const LINE = /^"[^:"]+:\/([^"]+)" "([^"]*)";$/;

async function htmlFiles(dir: string, rel = '', out: string[] = []): Promise<string[]> {
  for (const e of await fs.promises.readdir(path.join(dir, rel), { withFileTypes: true })) {
    if (e.name.startsWith('.')) continue;
    const child = rel ? `${rel}/${e.name}` : e.name;
    if (e.isDirectory()) await htmlFiles(dir, child, out);
    else if (e.isFile() && e.name.endsWith('.html')) out.push(child);
  }
  return out;
}

/** The previous release's policies by path. */
function readMap(release: string): Map<string, string> {
  const out = new Map<string, string>();
  let text: string;
  try {
    text = fs.readFileSync(cspMapFile(release), 'utf8');
  } catch {
    return out;
  }
  for (const line of text.split('\n')) {
    const m = LINE.exec(line);
    if (m) out.set(m[1], m[2]);
  }
  return out;
}

export interface PagePoliciesStats {
  pages: number;
  /** Pages whose HTML was read (new or changed). */
  read: number;
  ms: number;
}

/**
 * Writes release `dir`'s map (id `id`), once it is served (releases.ts); `prev` is the release it was made
 * from (null for the first). A path nginx could not take literally gets no line (site server).
 */
export async function writePagePolicies(
  dir: string,
  id: string,
  prev: string | null,
  opts: { policy?: SitePolicyOptions; signal?: AbortSignal } = {},
): Promise<PagePoliciesStats> {
  const started = performance.now();
  const policyOptions = opts.policy ?? sitePolicyOptionsFromEnv();
  const before = prev ? readMap(prev) : new Map<string, string>();
  const files = (await htmlFiles(dir)).filter((f) => SAFE.test(f)).sort();
  const lines = new Map<string, string>();
  let read = 0;
  await forEachLimit(files, 16, async (rel) => {
    opts.signal?.throwIfAborted();
    const st = await fs.promises.stat(path.join(dir, rel));
    const old = prev ? await fs.promises.stat(path.join(prev, rel)).catch(() => null) : null;
    let policy = old && old.ino === st.ino && old.dev === st.dev ? before.get(rel) : undefined;
    if (policy === undefined) {
      // As bytes: decoding a whole page as UTF-8 cost more than reading it (inlineScripts).
      policy = sitePolicy(await fs.promises.readFile(path.join(dir, rel)), policyOptions);
      read++;
    }
    if (!/["\\$\n]/.test(policy)) lines.set(rel, `"${id}:/${rel}" "${policy}";`);
  });
  const out = cspMapFile(dir);
  await fs.promises.mkdir(path.dirname(out), { recursive: true });
  // Renamed over: in a patch release the file is a link to the base release's.
  const tmp = `${out}.tmp-${process.pid}`;
  await fs.promises.writeFile(tmp, files.flatMap((f) => lines.get(f) ?? []).join('\n') + '\n');
  await fs.promises.rename(tmp, out);
  return { pages: lines.size, read, ms: Math.round(performance.now() - started) };
}

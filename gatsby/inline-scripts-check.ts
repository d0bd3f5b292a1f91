// onPostBuild (issue 25, F11): the build fails when a page carries an inline script the project
// does not write itself (src/site-inline-scripts.ts: Gatsby's two and the 404 marker, by id).
// The site server's CSP would block such a script anyway; failing the build makes sure none is
// shipped, and names the pages. Every HTML file of public/ is read once, one at a time, as bytes,
// in a child process of its own (gatsby/inline-scripts-child.ts): at 1,000,000 reviews the 11 GB
// of HTML take minutes, run beside the sitemaps on the other core instead of before them.
import { fork } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import type { GatsbyNode } from 'gatsby';
import { inlineScripts } from '../src/site-inline-scripts';

const SLICE_MS = 50;

export interface StrayScript {
  /** The HTML file, relative to the site root. */
  file: string;
  id: string | null;
  /** The first 80 characters of its body. */
  start: string;
}

/** Inline scripts of the built pages under `dir` that are not the project's own. */
export async function strayInlineScripts(dir: string): Promise<StrayScript[]> {
  // The synchronous walk: fs.promises.readdir's recursive walk is ~7x slower (Node 20: 5.4 s
  // against 0.73 s for 120,000 entries).
  const entries = fs.readdirSync(dir, { recursive: true, withFileTypes: true });
  const out: StrayScript[] = [];
  // Read synchronously as bytes, in slices of SLICE_MS with a yield between: at 10,000 reviews
  // (14,179 pages, 880 MB) 3.6 s, against 16-20 s for fs.promises.readFile with UTF-8 decoding
  // (libuv's pool round trips per 64 KB page, and decoding every page to a JS string).
  let sliceStart = performance.now();
  for (const e of entries) {
    if (!e.isFile() || !e.name.endsWith('.html')) continue;
    const file = path.join(e.parentPath, e.name);
    for (const s of inlineScripts(fs.readFileSync(file)))
      if (!s.known) out.push({ file: path.relative(dir, file), id: s.id, start: s.body.slice(0, 80) });
    if (performance.now() - sliceStart > SLICE_MS) {
      await new Promise((r) => setImmediate(r));
      sliceStart = performance.now();
    }
  }
  return out;
}

/** The child's script, from the workspace (a build's working directory), as the render child is run. */
const CHILD = path.join('gatsby', 'inline-scripts-child.ts');

/** strayInlineScripts(dir) in a child process: its reads and parsing off the build's main thread. */
export function strayInlineScriptsInChild(dir: string): Promise<StrayScript[]> {
  return new Promise((resolve, reject) => {
    const child = fork(path.resolve(CHILD), [dir], {
      execArgv: ['--import', 'tsx'],
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
      serialization: 'json',
    });
    let answer: StrayScript[] | null = null;
    child.once('message', (m) => (answer = m as StrayScript[]));
    child.once('error', reject);
    child.once('exit', (code, signal) =>
      answer && code === 0
        ? resolve(answer)
        : reject(new Error(`the inline-script check's process ended (${signal ?? code}) without an answer`)),
    );
  });
}

type Reporter = Parameters<NonNullable<GatsbyNode['onPostBuild']>>[0]['reporter'];

/** Fails the build (panicOnBuild) naming the pages when the check found any stray script or could not run. */
export function reportStrayScripts(reporter: Pick<Reporter, 'panicOnBuild'>, result: StrayScript[] | Error): void {
  if (result instanceof Error)
    return void reporter.panicOnBuild(`inline-script check (issue 25, F11): ${result.message}`);
  if (result.length === 0) return;
  reporter.panicOnBuild(
    `${result.length} inline script(s) the site does not write itself (issue 25, F11; src/site-inline-scripts.ts):\n` +
      result
        .slice(0, 20)
        .map((s) => `  ${s.file}: <script${s.id ? ` id="${s.id}"` : ''}>${JSON.stringify(s.start)}`)
        .join('\n'),
  );
}

/** The check of a build's public/ on its own (onPostBuild runs it beside the sitemaps: gatsby/on-post-build.ts). */
export const checkInlineScriptsOnPostBuild: GatsbyNode['onPostBuild'] = async ({ reporter, store }) => {
  const dir = path.join((store.getState() as { program: { directory: string } }).program.directory, 'public');
  reportStrayScripts(reporter, await strayInlineScriptsInChild(dir).catch((e: Error) => e));
};

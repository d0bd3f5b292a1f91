// onPostBuild (issue 25, F11): the build fails when a page carries an inline script the project
// does not write itself (src/site-inline-scripts.ts: Gatsby's two and the 404 marker, by id).
// The site server's CSP would block such a script anyway; failing the build makes sure none is
// shipped, and names the pages. Every HTML file of public/ is read once, one at a time, as bytes,
// in a child process of its own (gatsby/inline-scripts-child.ts): at 1,000,000 reviews the 11 GB
// of HTML take minutes, run beside the sitemaps on the other core instead of before them.
import { fork } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { inlineScripts } from '../src/site-inline-scripts';

export interface StrayScript {
  /** The HTML file, relative to the site root. */
  file: string;
  id: string | null;
  /** The first 80 characters of its body. */
  start: string;
}

/**
 * Inline scripts of the built pages under `dir` that are not the project's own. Synchronous: it
 * runs in a process of its own (strayInlineScriptsInChild). Every page is read as bytes (at
 * 10,000 reviews, 14,179 pages, 880 MB: 3.6 s, against 16-20 s for fs.promises.readFile with
 * UTF-8 decoding), and the walk is readdirSync (fs.promises.readdir's recursive walk is ~7x
 * slower on Node 20: 5.4 s against 0.73 s for 120,000 entries).
 */
export function strayInlineScripts(dir: string): StrayScript[] {
  const out: StrayScript[] = [];
  for (const e of fs.readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!e.isFile() || !e.name.endsWith('.html')) continue;
    const file = path.join(e.parentPath, e.name);
    for (const s of inlineScripts(fs.readFileSync(file)))
      if (!s.known) out.push({ file: path.relative(dir, file), id: s.id, start: s.body.slice(0, 80) });
  }
  return out;
}

/** The child's script, from the workspace (a build's working directory), as the render child is run. */
const CHILD = path.join('gatsby', 'inline-scripts-child.ts');

/** strayInlineScripts(dir) in a child process: its reads and parsing off the build's main thread. */
function strayInlineScriptsInChild(dir: string): Promise<StrayScript[]> {
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

/** What the check needs of Gatsby's reporter. */
interface Reporter {
  panicOnBuild(message: string): unknown;
}

/**
 * Starts the check of a build's `publicDir` in its own process (onPostBuild runs it beside the
 * sitemaps: gatsby/on-post-build.ts). The call it returns waits for it and fails the build
 * (panicOnBuild) naming the pages when it found a stray script, or when it could not run.
 */
export function startInlineScriptCheck(publicDir: string): (reporter: Reporter) => Promise<void> {
  const result = strayInlineScriptsInChild(publicDir).catch((e: Error) => e);
  return async (reporter) => {
    const stray = await result;
    if (stray instanceof Error)
      return void reporter.panicOnBuild(`inline-script check (issue 25, F11): ${stray.message}`);
    if (stray.length === 0) return;
    void reporter.panicOnBuild(
      `${stray.length} inline script(s) the site does not write itself (issue 25, F11; src/site-inline-scripts.ts):\n` +
        stray
          .slice(0, 20)
          .map((s) => `  ${s.file}: <script${s.id ? ` id="${s.id}"` : ''}>${JSON.stringify(s.start)}`)
          .join('\n'),
    );
  };
}

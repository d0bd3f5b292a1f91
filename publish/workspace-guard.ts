// The staging workspace's copy-on-write (issue 23), from TypeScript: who loads the guard
// (workspace-guard.cjs, which says what it does and why) and the safety net when it is not loaded.
//
// A publish links public/ into the release (publish/releases.ts `link`), so every process that
// writes into a published public/ must run the guard from its first line: the build queue's
// `gatsby build` (server/builds/gatsby-runner.ts) and scripts/build-site.ts pass
// `guardedEnv()`; Gatsby's workers inherit it through NODE_OPTIONS. Any other `gatsby build`
// (`npm run build` by hand) loads gatsby-config.ts unguarded: ensureWorkspaceGuard() then
// gives every shared file of public/ its own copy before Gatsby writes anything (the old
// publish's cost, once) and sets NODE_OPTIONS for the workers it starts next.
import fs from 'node:fs';
import path from 'node:path';

/**
 * The preload (CommonJS, no dependency: it runs before anything else). Gatsby bundles
 * gatsby-config.ts and what it imports into .cache/compiled/, where __dirname may be that
 * folder: then the work tree's (Gatsby's cwd) copy.
 */
export const GUARD_FILE = [
  path.join(__dirname, 'workspace-guard.cjs'),
  path.resolve('publish', 'workspace-guard.cjs'),
].find((f) => fs.existsSync(f))!;
const KEY = Symbol.for('storefront.publish.workspaceGuard');

interface GuardState {
  dirs: string[];
  broken: number;
}

/** The guard's state in this process, or null when it was not loaded. */
export function workspaceGuard(): GuardState | null {
  return ((globalThis as Record<symbol, unknown>)[KEY] as GuardState | undefined) ?? null;
}

/** `env` with NODE_OPTIONS loading the guard (once), for a child that builds into public/. */
export function guardedEnv(env: NodeJS.ProcessEnv = process.env): NodeJS.ProcessEnv {
  const opt = `--require ${JSON.stringify(GUARD_FILE)}`;
  const current = env.NODE_OPTIONS ?? '';
  return { ...env, NODE_OPTIONS: current.includes(GUARD_FILE) ? current : `${current} ${opt}`.trim() };
}

/**
 * Gives every file of `dir` shared with another link (a release) an inode of its own: copied
 * to a temporary name, renamed over. Synchronous: it runs before a build writes anything.
 */
export function breakSharedLinks(dir: string): number {
  let broken = 0;
  const walk = (d: string) => {
    let entries: fs.Dirent[];
    try {
      entries = fs.readdirSync(d, { withFileTypes: true });
    } catch {
      return;
    }
    for (const e of entries) {
      const p = path.join(d, e.name);
      if (e.isDirectory()) walk(p);
      else if (e.isFile() && fs.lstatSync(p).nlink > 1) {
        const tmp = `${p}.unshare-${process.pid}`;
        fs.copyFileSync(p, tmp);
        fs.renameSync(tmp, p);
        broken++;
      }
    }
  };
  walk(dir);
  return broken;
}

/**
 * Called by gatsby-config.ts in every Gatsby process: nothing when the guard is loaded;
 * otherwise the safety net above, then NODE_OPTIONS set so the workers Gatsby forks next load it.
 */
export function ensureWorkspaceGuard(publicDir: string): void {
  if (workspaceGuard()) return;
  const broken = breakSharedLinks(publicDir);
  if (broken)
    console.warn(
      `workspace guard: not loaded (gatsby build without NODE_OPTIONS=--require ${GUARD_FILE}): ${broken} files of public/ shared with a release were copied first`,
    );
  process.env.NODE_OPTIONS = guardedEnv(process.env).NODE_OPTIONS;
}

// The purge hook (issue 24): a CDN in front of nginx keeps pages until told, so every change of
// what a URL answers is told to it: a publish, a patch build (an edit's) and a rollback (the
// files that differ between the release served before and after), a takedown and a restore (the
// review's page and page data). Configured by the environment:
//
//   SITE_PURGE_URL=http://cdn.internal/purge{path}   one request per URL ({path}: /review/...)
//   SITE_PURGE_METHOD=PURGE                          its method (default PURGE)
//   SITE_PURGE_COMMAND='/usr/local/bin/cdn-refresh'  run with /bin/sh, the URLs on its stdin, one a
//                                                    line, at most 1,000 per run (a CDN's batch API)
//
// Purges run in the background, a few at a time, each bounded in time; a failure is logged and
// never fails the publish or the takedown (the CDN's own expiry is the fallback).
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { PATH_PREFIX } from '../../src/paths';
import { isSibling } from '../../publish/precompress';
import type { ReviewRef } from './takedown-files';

export interface PurgeLog {
  warn: (msg: string) => void;
}
export interface PurgeOptions {
  /** URL template with {path}; one request per changed URL. */
  url?: string;
  method?: string;
  /** Shell command given the URLs on stdin, one a line. */
  command?: string;
  concurrency?: number;
  timeoutMs?: number;
  log?: PurgeLog;
}

const BATCH = 1000;
/** URLs waiting at most (a full rebuild at 100,000 reviews changes ~300,000): beyond, dropped and logged. */
const MAX_PENDING = 1_000_000;

export class PurgeHook {
  private pending: string[] = [];
  /** Takedowns' and restores' URLs (issue 39, N12): sent before any release's, on a lane of their own. */
  private urgent: string[] = [];
  private running = 0;
  private waiters: Array<() => void> = [];
  readonly stats = { sent: 0, failed: 0, dropped: 0 };

  constructor(private readonly opts: PurgeOptions) {
    if (!opts.url && !opts.command) throw new Error('a purge hook needs a URL or a command');
    if (opts.url && !opts.url.includes('{path}')) throw new Error('SITE_PURGE_URL must contain {path}');
  }

  /**
   * Queues URL paths (absolute paths, /review/...) to purge. `first`: a takedown's (issue 39,
   * N12), which used to wait behind a release's (12.8 s behind 1,371 URLs): queued before every
   * release URL, and sent even when every lane is busy (one lane more, for these only).
   */
  submit(urls: readonly string[], opts: { first?: boolean } = {}): void {
    if (opts.first) {
      // A takedown names a few URLs; bounded like the rest.
      this.urgent.push(...urls.slice(0, Math.max(0, MAX_PENDING - this.urgent.length)));
      this.pump();
      return;
    }
    const room = MAX_PENDING - this.pending.length;
    if (urls.length > room) {
      this.stats.dropped += urls.length - Math.max(room, 0);
      this.opts.log?.warn(`purge: ${urls.length - room} URLs dropped (queue full); purge ${PATH_PREFIX}/ whole`);
    }
    this.pending.push(...urls.slice(0, Math.max(room, 0)));
    this.pump();
  }

  /** Resolves when nothing is queued or running (tests, shutdown). */
  idle(): Promise<void> {
    if (!this.pending.length && !this.urgent.length && !this.running) return Promise.resolve();
    return new Promise((resolve) => this.waiters.push(resolve));
  }

  private pump(): void {
    const lanes = this.opts.concurrency ?? 4;
    for (;;) {
      const queue = this.urgent.length && this.running < lanes + 1 ? this.urgent : this.pending;
      if (!queue.length || this.running >= lanes + (queue === this.urgent ? 1 : 0)) return;
      const batch = this.opts.command ? queue.splice(0, BATCH) : queue.splice(0, 1);
      this.running++;
      void this.send(batch)
        .then(
          () => {
            this.stats.sent += batch.length;
          },
          (e: Error) => {
            this.stats.failed += batch.length;
            this.opts.log?.warn(`purge of ${batch.length} URL(s) failed (${batch[0]}...): ${e.message}`);
          },
        )
        .finally(() => {
          this.running--;
          this.pump();
          if (!this.pending.length && !this.urgent.length && !this.running) for (const w of this.waiters.splice(0)) w();
        });
    }
  }

  private async send(batch: string[]): Promise<void> {
    const timeoutMs = this.opts.timeoutMs ?? 10_000;
    if (this.opts.url) {
      const res = await fetch(this.opts.url.replace('{path}', batch[0]), {
        method: this.opts.method ?? 'PURGE',
        signal: AbortSignal.timeout(timeoutMs),
      });
      await res.body?.cancel();
      // 404: the CDN had nothing cached for it.
      if (!res.ok && res.status !== 404) throw new Error(`status ${res.status}`);
    }
    if (this.opts.command) await runCommand(this.opts.command, batch.join('\n') + '\n', timeoutMs * 6);
  }
}

/** Runs `command` with /bin/sh, `input` on its stdin; rejects on a non-zero exit or after timeoutMs. */
export function runCommand(
  command: string,
  input: string,
  timeoutMs: number,
  env: NodeJS.ProcessEnv = process.env,
): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn('/bin/sh', ['-c', command], { stdio: ['pipe', 'ignore', 'pipe'], env });
    let err = '';
    child.stderr.setEncoding('utf8').on('data', (c: string) => (err = (err + c).slice(-500)));
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.once('error', reject);
    child.once('close', (code, signal) => {
      clearTimeout(timer);
      if (code === 0) resolve();
      else reject(new Error(`command ${signal ? `killed by ${signal}` : `exited with ${code}`}: ${err.trim()}`));
    });
    child.stdin.on('error', () => undefined);
    child.stdin.end(input);
  });
}

/** The hook the environment configures, or null. */
export function purgeHookFromEnv(env: NodeJS.ProcessEnv = process.env, log?: PurgeLog): PurgeHook | null {
  const url = env.SITE_PURGE_URL || undefined;
  const command = env.SITE_PURGE_COMMAND || undefined;
  if (!url && !command) return null;
  return new PurgeHook({ url, command, method: env.SITE_PURGE_METHOD || undefined, log });
}

/** Every URL that answers with a review's page or page data. */
export function reviewUrls({ productId, commentId }: ReviewRef): string[] {
  const page = `${PATH_PREFIX}/${productId}/${commentId}`;
  return [`${page}/`, page, `${page}/index.html`, `${PATH_PREFIX}/page-data/${productId}/${commentId}/page-data.json`];
}

/** The URLs a file of a release answers at (a folder's index.html: the folder, with and without its slash). */
export function urlsOfFile(rel: string): string[] {
  const encoded = rel.split('/').map(encodeURIComponent).join('/');
  const url = `${PATH_PREFIX}/${encoded}`;
  if (rel === 'index.html') return [`${PATH_PREFIX}/`, PATH_PREFIX, url];
  if (rel.endsWith('/index.html')) {
    const dir = url.slice(0, -'/index.html'.length);
    return [`${dir}/`, dir, url];
  }
  return [url];
}

async function filesOf(dir: string, rel = '', out = new Map<string, number>()): Promise<Map<string, number>> {
  let entries: fs.Dirent[];
  try {
    entries = await fs.promises.readdir(path.join(dir, rel), { withFileTypes: true });
  } catch {
    return out;
  }
  for (const e of entries) {
    if (e.name.startsWith('.') || isSibling(e.name)) continue;
    const child = rel ? `${rel}/${e.name}` : e.name;
    if (e.isDirectory()) await filesOf(dir, child, out);
    else if (e.isFile()) out.set(child, (await fs.promises.stat(path.join(dir, child))).ino);
  }
  return out;
}

/**
 * The URLs whose answer differs between two releases: files added, removed or not the same
 * inode (releases share unchanged files by hard links, so a different inode is a rewritten file).
 */
export async function changedUrls(releasesDir: string, from: string, to: string): Promise<string[]> {
  const [a, b] = await Promise.all([filesOf(path.join(releasesDir, from)), filesOf(path.join(releasesDir, to))]);
  const changed: string[] = [];
  for (const [rel, ino] of b) if (a.get(rel) !== ino) changed.push(rel);
  for (const rel of a.keys()) if (!b.has(rel)) changed.push(rel);
  return changed.sort().flatMap(urlsOfFile);
}

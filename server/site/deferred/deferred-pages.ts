// Deferred pages on the site server (issue 23): a review URL without a static page in the
// served release (a review the bounded build deferred, or one published after the build), or a
// product hub the bounded build deferred (beyond SITE_STATIC_HUBS), is rendered on
// its first request by the render process (render-process.ts), then kept: written into the kept
// store of the served release, so the next request is a file. A page is named by its product id
// and its review id, or null for the product's hub.
//
// - Tied to the release: the kept store is `<store>/<release key>/`, the key from the served
//   release's real path and its app-data.json (a rebuild in place changes it too). A publish or
//   rollback serves another key: the other keys' folders are removed, nothing rendered by
//   another renderer or from another release's data is served. The store starts empty with
//   the process.
// - One store per instance: `<keptRoot>/<pid>-<random>/`. Two servers of one site folder (an
//   operator's second instance, two test files at once) never remove or overwrite each
//   other's pages; the store of a process that is gone is removed by the next one to start,
//   and a process removes its own on close.
// - Bounded: at most `maxKept` pages are kept (least recently served evicted, its files
//   removed); at most `concurrency` renders run, `queue` more wait; beyond that the caller
//   answers 503 (`busy`). Concurrent requests for one page share one render.
// - Edits, takedowns and restores `forget` the review's page and its product's hub (which counts
//   it): their kept files are removed, a render in flight is not kept, and the next request
//   renders them from the API's current data.
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { RenderProcess, RenderStatus } from './render-process';

export interface DeferredPagesOptions {
  /** The parent of the stores of the processes serving one site folder. */
  keptRoot: string;
  renderer: Pick<RenderProcess, 'render' | 'restart' | 'available' | 'close'>;
  /** Renders at once. Default 2 (registerSite: 2 per render process, one renders while one waits for the API). */
  concurrency?: number;
  /** Renders waiting beyond those; more answer `busy`. Default 32. */
  queue?: number;
  /** Pages kept per release. Default 20,000 (about 100 KB each with its page data: ~2 GB). */
  maxKept?: number;
  /**
   * A request waits this long for its render, then gets the fallback (`unavailable`); the render
   * goes on and is kept when it ends. Default 10 s: under the server's 30 s idle timeout, which
   * used to reset a hung render's connections before its answer (issue 39, N7).
   */
  answerMs?: number;
}

/** DeferredPagesOptions.answerMs's default. */
export const RENDER_ANSWER_MS = 10_000;

export type DeferredResult =
  /** The page's files are in `dir` (site-relative paths as in the release). */
  | { kind: 'kept' | 'rendered'; dir: string }
  | { kind: 'missing' }
  | { kind: 'busy' }
  /** Cannot render here (no renderer, a release of another renderer, the API failing): the caller falls back. */
  | { kind: 'unavailable'; reason: string };

/** A review's page: `${productId}/${commentId}`; a hub's: `pd/${productId}` ("pd" is never a product id). */
const pageKey = (productId: string, commentId: string | null) =>
  commentId === null ? `pd/${productId}` : `${productId}/${commentId}`;
/**
 * The files of a review page (or of the product's hub: `commentId` null), relative to the site
 * root (as gatsby/renderer/render.ts writes them).
 */
export const pageFiles = (productId: string, commentId: string | null) => filesOf(pageKey(productId, commentId));
const filesOf = (key: string) => ({ html: `${key}/index.html`, pageData: `page-data/${key}/page-data.json` });

export class DeferredPages {
  private readonly concurrency: number;
  private readonly queueMax: number;
  private readonly maxKept: number;
  private running = 0;
  private readonly waiting: Array<() => void> = [];
  /** Kept pages of the current release key, least recently served first. */
  private kept = new Map<string, true>();
  private readonly inFlight = new Map<string, Promise<DeferredResult>>();
  private readonly generation = new Map<string, number>();
  private currentKey: string | null = null;
  private lastId = '';
  private lastKey = '';
  /** This process's store (`<keptRoot>/<pid>-<random>`). */
  readonly root: string;

  constructor(private readonly opts: DeferredPagesOptions) {
    this.concurrency = opts.concurrency ?? 2;
    this.queueMax = opts.queue ?? 32;
    this.maxKept = opts.maxKept ?? 20_000;
    removeStaleStores(opts.keptRoot);
    this.root = path.join(opts.keptRoot, `${process.pid}-${randomBytes(4).toString('hex')}`);
    fs.mkdirSync(this.root, { recursive: true });
  }

  /** The kept store of the served release (switching to it drops the others). */
  private storeOf(release: string): string {
    const st = fs.statSync(path.join(release, 'page-data', 'app-data.json'));
    const id = `${release}\n${st.ino}:${st.mtimeMs}:${st.size}`;
    // The same release as the last request's (nearly always): no hash computed per request.
    if (id !== this.lastId) {
      this.lastId = id;
      this.lastKey = createHash('sha256').update(id).digest('base64url').slice(0, 16);
    }
    const key = this.lastKey;
    if (key !== this.currentKey) {
      const previous = this.currentKey;
      this.currentKey = key;
      this.kept = new Map();
      if (previous) fs.rm(path.join(this.root, previous), { recursive: true, force: true }, () => {});
    }
    return path.join(this.root, key);
  }

  /** `release`: the served release's real path; `commentId` null: the product's hub. */
  async page(release: string, productId: string, commentId: string | null): Promise<DeferredResult> {
    if (!this.opts.renderer.available()) return { kind: 'unavailable', reason: 'no renderer in the workspace' };
    let dir: string;
    try {
      dir = this.storeOf(release);
    } catch {
      return { kind: 'unavailable', reason: 'the release has no app-data.json' };
    }
    const key = pageKey(productId, commentId);
    if (this.kept.has(key)) {
      this.kept.delete(key);
      this.kept.set(key, true);
      return { kind: 'kept', dir };
    }
    let pending = this.inFlight.get(key);
    if (!pending) {
      if (this.running >= this.concurrency && this.waiting.length >= this.queueMax) return { kind: 'busy' };
      pending = this.renderOnce(release, dir, productId, commentId).finally(() => this.inFlight.delete(key));
      this.inFlight.set(key, pending);
    }
    return this.withinAnswerTime(pending);
  }

  /** The render's result, or `unavailable` once answerMs have passed (the render goes on). */
  private withinAnswerTime(pending: Promise<DeferredResult>): Promise<DeferredResult> {
    const ms = this.opts.answerMs ?? RENDER_ANSWER_MS;
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<DeferredResult>((resolve) => {
      timer = setTimeout(() => resolve({ kind: 'unavailable', reason: `no render in ${ms} ms` }), ms);
    });
    return Promise.race([pending, late]).finally(() => clearTimeout(timer));
  }

  private async renderOnce(
    release: string,
    dir: string,
    productId: string,
    commentId: string | null,
  ): Promise<DeferredResult> {
    const key = pageKey(productId, commentId);
    const generation = this.generation.get(key) ?? 0;
    if (this.running >= this.concurrency) await new Promise<void>((r) => this.waiting.push(r));
    this.running++;
    let status: RenderStatus;
    let message: string | undefined;
    try {
      const job = { release, out: dir, productId, commentId };
      ({ status, message } = await this.opts.renderer.render(job));
      // The workspace has a newer renderer than the process loaded: once more with a fresh one.
      if (status === 'stale') {
        this.opts.renderer.restart();
        ({ status, message } = await this.opts.renderer.render(job));
      }
    } finally {
      this.running--;
      this.waiting.shift()?.();
    }
    const files = pageFiles(productId, commentId);
    if (status === 'missing') return { kind: 'missing' };
    if (status !== 'ok') return { kind: 'unavailable', reason: `${status}: ${message ?? ''}` };
    // The page rendered under another path (ids the API writes otherwise): not this URL's.
    if (!fs.existsSync(path.join(dir, files.html))) return { kind: 'missing' };
    // Edited, taken down or restored while it rendered, or the release switched: not kept.
    if ((this.generation.get(key) ?? 0) !== generation || !dir.endsWith(this.currentKey ?? '\0')) {
      return { kind: 'unavailable', reason: 'changed while rendering' };
    }
    this.kept.set(key, true);
    while (this.kept.size > this.maxKept) {
      const oldest = this.kept.keys().next().value as string;
      this.kept.delete(oldest);
      this.removeFiles(dir, oldest);
    }
    return { kind: 'rendered', dir };
  }

  private removeFiles(dir: string, key: string) {
    const files = filesOf(key);
    // With the compressed bodies the site server wrote beside them (compressed-bodies.ts).
    for (const f of [files.html, files.pageData]) {
      for (const ext of ['', '.br', '.gz']) fs.rmSync(path.join(dir, f + ext), { force: true });
      // And its folders once empty (issue 39, N9: the store bounded files, not folders; every
      // evicted review left two), up to the store; a folder another page uses stays.
      for (let d = path.dirname(f); d !== '.' && d !== 'page-data'; d = path.dirname(d)) {
        try {
          fs.rmdirSync(path.join(dir, d));
        } catch {
          break; // not empty (another page of the product) or already gone
        }
      }
    }
  }

  /** The review was edited, taken down or restored: its kept rendering and its product's hub are dropped. */
  forget(productId: string, commentId: string): void {
    for (const key of [pageKey(productId, commentId), pageKey(productId, null)]) {
      this.generation.set(key, (this.generation.get(key) ?? 0) + 1);
      // Bounded: only keys with a kept page or a render in flight matter.
      if (this.generation.size > 10_000) this.generation.clear();
      if (this.kept.delete(key) && this.currentKey) this.removeFiles(path.join(this.root, this.currentKey), key);
    }
  }

  /** Whether a page is kept now (for tests and the console); `commentId` null: the hub. */
  isKept(productId: string, commentId: string | null): boolean {
    return this.kept.has(pageKey(productId, commentId));
  }

  close(): void {
    this.opts.renderer.close();
    fs.rmSync(this.root, { recursive: true, force: true });
  }
}

const STORE_NAME = /^(\d{1,10})-[0-9a-f]{8}$/;

/** Whether a process with this id runs (EPERM: it runs as another user). */
function processRuns(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Removes the stores of processes that are gone, and anything else that is not a store. */
function removeStaleStores(keptRoot: string): void {
  let names: string[];
  try {
    names = fs.readdirSync(keptRoot);
  } catch {
    return;
  }
  for (const name of names) {
    const m = STORE_NAME.exec(name);
    if (m && processRuns(Number(m[1]))) continue;
    fs.rmSync(path.join(keptRoot, name), { recursive: true, force: true });
  }
}

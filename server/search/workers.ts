// Search workers (issue 43): worker threads that read a review search's lists (its FTS5
// candidates and their ordering, server/repositories/search.ts) off the event loop, each on a
// read-only connection of its own to the same file. The first time a common phrase is asked at
// 1,000,000 reviews that reading takes up to tens of milliseconds of CPU; on the event loop it
// held every other request (the feed, a like, kept searches) for as long. docs/server.md
// "Search".
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import type { ReadJob, ReadResult } from './read-job';

/** Reads waiting or running at most; past it a search reads on the event loop (as without workers). */
export const MAX_PENDING = 256;
/** The most workers SEARCH_WORKERS may ask for. */
export const MAX_SEARCH_WORKERS = 8;

/**
 * SEARCH_WORKERS: how many search workers (0 to 8; 0 reads on the event loop), else one per
 * core up to two. Anything else stops the start with its name.
 */
export function searchWorkersFromEnv(env: NodeJS.ProcessEnv = process.env): number {
  const raw = env.SEARCH_WORKERS;
  if (raw === undefined || raw === '') return Math.min(2, availableParallelism());
  if (!/^[0-9]$/.test(raw) || Number(raw) > MAX_SEARCH_WORKERS)
    throw new Error(
      `SEARCH_WORKERS must be an integer from 0 to ${MAX_SEARCH_WORKERS}, got ${JSON.stringify(raw.slice(0, 40))}`,
    );
  return Number(raw);
}

interface Slot {
  worker: Worker;
  /** The worker has opened the database and takes reads. */
  ready: boolean;
  pending: Map<number, { resolve: (r: ReadResult) => void; reject: (e: Error) => void }>;
}

/** The worker's entry (./worker-thread.ts), loaded through tsx when the server runs from TypeScript. */
const ENTRY = join(__dirname, `worker-thread${__filename.endsWith('.ts') ? '.ts' : '.js'}`);
const BOOT = `${ENTRY.endsWith('.ts') ? "require('tsx/cjs');" : ''} require(${JSON.stringify(ENTRY)});`;

export class SearchWorkers {
  private readonly slots: Slot[] = [];
  private nextId = 1;
  private pendingCount = 0;
  private readonly counts = { reads: 0, failures: 0, started: 0 };
  private closed = false;
  private warnedAt = -Infinity;

  /**
   * `file`: the database (not `:memory:`, which a worker cannot open); `size`: workers at most,
   * started on first use; `warn`: where a failed read is reported (the search then reads on
   * the event loop).
   */
  constructor(
    private readonly file: string,
    private readonly size: number,
    private readonly warn: (msg: string) => void,
  ) {}

  /** Resolves once a worker takes reads (starting one if none runs): tests, a warm start. */
  async ready(): Promise<void> {
    if (this.slots.length === 0) this.start();
    while (!this.slots.some((s) => s.ready)) {
      if (this.closed || this.slots.length === 0) throw new Error('no search worker started');
      const { worker } = this.slots[0];
      await new Promise((resolve) => {
        worker.once('message', resolve);
        worker.once('exit', resolve);
      });
    }
  }

  /** Reads, starts and failures so far (tests, benchmarks). */
  stats(): { reads: number; failures: number; started: number; threads: number } {
    return { ...this.counts, threads: this.slots.length };
  }

  /**
   * Reads `job` in the least busy worker; null when none is ready (the first ones start now:
   * a worker takes about half a second to load), or MAX_PENDING reads wait: the caller then
   * reads on the event loop, as without workers, and no search waits for a worker to start.
   */
  read(job: ReadJob): Promise<ReadResult> | null {
    if (this.closed || this.pendingCount >= MAX_PENDING) return null;
    const slot = this.pick();
    if (!slot) return null;
    const id = this.nextId++;
    this.pendingCount++;
    return new Promise<ReadResult>((resolve, reject) => {
      slot.pending.set(id, { resolve, reject });
      slot.worker.postMessage({ id, job });
    }).finally(() => this.pendingCount--);
  }

  /** A read that failed: reported (the caller reads on the event loop instead). */
  failed(err: Error): void {
    this.counts.failures++;
    // Reported at most once a minute: a burst past MAX_PENDING is one problem, not hundreds.
    const now = Date.now();
    if (now - this.warnedAt < 60_000) return;
    this.warnedAt = now;
    this.warn(`search worker: ${err.message.slice(0, 300)}; searches read on the event loop meanwhile`);
  }

  async close(): Promise<void> {
    this.closed = true;
    await Promise.all(this.slots.splice(0).map((s) => s.worker.terminate()));
  }

  /** The least busy ready worker; another starts while fewer than `size` run and each is busy. */
  private pick(): Slot | null {
    let best: Slot | null = null;
    for (const s of this.slots) if (s.ready && (!best || s.pending.size < best.pending.size)) best = s;
    if ((!best || best.pending.size > 0) && this.slots.length < this.size) this.start();
    return best;
  }

  private start(): void {
    const worker = new Worker(BOOT, { eval: true, workerData: { file: this.file } });
    worker.unref();
    const slot: Slot = { worker, pending: new Map(), ready: false };
    this.slots.push(slot);
    this.counts.started++;
    worker.on('message', (m: { id: number; ready?: true; result?: ReadResult; error?: string }) => {
      if (m.ready) {
        slot.ready = true;
        return;
      }
      const p = slot.pending.get(m.id);
      if (!p) return;
      slot.pending.delete(m.id);
      if (m.result) {
        this.counts.reads++;
        p.resolve(m.result);
      } else p.reject(new Error(m.error ?? 'no answer'));
    });
    const end = (why: string) => {
      const i = this.slots.indexOf(slot);
      if (i >= 0) this.slots.splice(i, 1);
      for (const p of slot.pending.values()) p.reject(new Error(why));
      slot.pending.clear();
    };
    worker.on('error', (e) => end(`worker failed: ${e.message}`));
    worker.on('exit', (code) => end(`worker exited (${code})`));
  }
}

// The build queue (issue 13 part 2, "Build hook"): one build at a time; triggers that arrive
// while one runs are coalesced into ONE next build (hints merged, hint.ts). The runner does the
// work (gatsby-runner.ts in `npm start`, a fake in the unit tests); the queue owns the states,
// the history and the publish-again of a kept release.
import { currentRelease, listReleases } from '../../publish/releases';
import { serveRelease, servedOrigin, type Takedowns } from '../../publish/takedown-patch';
import { HttpError, notFound } from '../errors';
import { BuildHistory } from './history';
import { PublishingLock, type LockState } from './publishing-lock';
import { mergeHints } from './hint';
import { BuildOutput, LOG_LINES } from './progress';
import type { BuildHint, BuildRecord, BuildTrigger, SkippedReview } from './types';

export interface BuildResult {
  releaseId: string;
  /** false: built and kept, not served (publishing was locked). Default true. */
  served?: boolean;
  pages: number | null;
  skipped: SkippedReview[];
}
export interface RunContext {
  /** Feed the child's output here: it keeps the log tail and the progress. */
  output: BuildOutput;
  /** Aborted when the server closes: the runner stops its child. */
  signal: AbortSignal;
  /** Asked at publish time: whether the new release is served (false while publishing is locked). */
  serve: () => boolean;
}
/** Builds and publishes; rejects (with the reason as message) when the build or publish fails. */
export type BuildRunner = (build: BuildRecord, ctx: RunContext) => Promise<BuildResult>;

/** GET /editor/api/publishing: what the console shows above the history. */
export interface PublishingState extends LockState {
  /** The build whose release is served (null: none, or a release the history does not name). */
  live: string | null;
  liveRelease: string | null;
  /** The newest build that made a release: a hinted build patches its data and release. */
  base: string | null;
}

export const NOT_KEPT = '该版本已不在保留范围内';
export const STOPPED = '服务器停止，构建中断';

export class BuildQueue {
  private running: { record: BuildRecord; abort: AbortController; done: Promise<void> } | null = null;
  private next: BuildRecord | null = null;
  private readonly waiters = new Map<string, Array<(b: BuildRecord) => void>>();
  private closed = false;
  readonly lock: PublishingLock;

  constructor(
    readonly history: BuildHistory,
    private readonly runner: BuildRunner,
    private readonly now: () => number = Date.now,
  ) {
    this.lock = new PublishingLock(history.releasesRoot, history.report);
  }

  /**
   * Queues a build, or merges into the one already waiting (its id is returned: the caller's
   * change is in it). Starts at once when nothing runs.
   */
  trigger(trigger: BuildTrigger, hint: BuildHint | null): BuildRecord {
    if (this.closed) throw new HttpError(503, '服务器正在停止', 'UNAVAILABLE');
    if (this.next) {
      this.next.hint = mergeHints(this.next.hint, hint);
      this.history.save();
      return this.next;
    }
    const record = this.newRecord(trigger, hint);
    this.history.add(record);
    if (this.running) this.next = record;
    else this.start(record);
    return record;
  }

  private start(record: BuildRecord): void {
    // A failed build's changes are still to publish (its hint named them, and the last build's
    // data it would have replaced is still the base): this build takes them on.
    const carried = this.history.unpublishedHints(record.id);
    if (carried.length) record.hint = mergeHints(carried.reduce(mergeHints), record.hint);
    record.status = 'running';
    record.startedAt = this.now();
    const output = new BuildOutput(() => {
      record.progress = output.progress;
    });
    record.log = output.log;
    record.progress = output.progress;
    this.history.save();
    const abort = new AbortController();
    const done = Promise.resolve()
      .then(() => this.runner(record, { output, signal: abort.signal, serve: () => !this.lock.locked }))
      .then(
        (r) => {
          record.status = 'published';
          if (r.served === false) record.held = true;
          record.releaseId = r.releaseId;
          record.pages = r.pages;
          record.skipped = r.skipped.slice(0, 200);
          record.progress = { step: 'published', percent: 100 };
        },
        (e: unknown) => {
          record.status = 'failed';
          record.error = abort.signal.aborted ? STOPPED : String((e as Error)?.message ?? e).slice(0, 1000);
          record.progress = { step: 'failed', percent: record.progress.percent };
        },
      )
      .then(() => {
        output.end();
        record.finishedAt = this.now();
        this.history.save();
        this.running = null;
        for (const w of this.waiters.get(record.id) ?? []) w(record);
        this.waiters.delete(record.id);
        const next = this.next;
        this.next = null;
        if (next && !this.closed) this.start(next);
      });
    this.running = { record, abort, done };
  }

  /**
   * Records a release published outside the queue (npm start publishing the build already in
   * public/) as a published build: the console then shows what is served, and it can be served
   * again after a later build. It never runs anything.
   */
  adopt(trigger: BuildTrigger, releaseId: string, log: string[]): BuildRecord {
    const record = this.newRecord(trigger, null);
    Object.assign(record, {
      status: 'published',
      startedAt: record.queuedAt,
      finishedAt: record.queuedAt,
      releaseId,
      progress: { step: 'published', percent: 100 },
      log: log.slice(-LOG_LINES),
    });
    this.history.add(record);
    return record;
  }

  /** A new build as it is queued. */
  private newRecord(trigger: BuildTrigger, hint: BuildHint | null): BuildRecord {
    return {
      id: this.history.newId(),
      trigger,
      status: 'queued',
      queuedAt: this.now(),
      startedAt: null,
      finishedAt: null,
      hint,
      pages: null,
      skipped: [],
      error: null,
      releaseId: null,
      progress: { step: 'queued', percent: 0 },
      log: [],
    };
  }

  /** Resolves with the build once it is published or failed. */
  finished(id: string): Promise<BuildRecord> {
    const b = this.history.get(id);
    if (!b) return Promise.reject(new Error(`no build ${id}`));
    if (b.status === 'published' || b.status === 'failed') return Promise.resolve(b);
    return new Promise((resolve) => this.waiters.set(id, [...(this.waiters.get(id) ?? []), resolve]));
  }

  /** Whether a build runs or waits. */
  get busy(): boolean {
    return this.running != null || this.next != null;
  }

  /**
   * Publishes build `id`'s kept release again (a rollback, or forward after one): one symlink swap
   * (publish/releases.ts), queued behind a publish in progress. Every takedown of `takedowns`
   * (read when the switch's turn comes) is applied first: when the release names one, a patch of
   * it without them is served instead (publish/takedown-patch.ts serveRelease, issue 39).
   */
  async republish(
    id: string,
    takedowns: Takedowns = [],
  ): Promise<{ id: string; releaseId: string; ms: number; locked: boolean }> {
    const b = this.history.get(id);
    if (!b) throw notFound('没有这次构建');
    const root = this.history.releasesRoot;
    const releaseId = b.releaseId;
    if (!releaseId || !listReleases(root).some((r) => r.id === releaseId))
      throw new HttpError(409, NOT_KEPT, 'CONFLICT');
    const t = performance.now();
    // An older build served is a rollback: automatic publishing stops until an editor chooses
    // (publishing-lock.ts). Serving the newest build is the way forward again: it unlocks.
    // Set before the switch, so a takedown made meanwhile sees the lock and patches what this
    // switch serves (its patch comes after it, takedown-patch.ts); put back if the switch fails.
    const before = this.lock.get();
    const newest = this.newestBuilt();
    if (newest && newest.id !== id) this.lock.lock(id, this.now());
    else this.lock.unlock();
    try {
      await serveRelease(root, releaseId, takedowns);
    } catch (e) {
      this.lock.set(before);
      // Pruned between the check and the swap: not kept; anything else (a full disk) as it is.
      if (!listReleases(root).some((r) => r.id === releaseId)) throw new HttpError(409, NOT_KEPT, 'CONFLICT');
      throw e;
    }
    return { id, releaseId, ms: Math.round((performance.now() - t) * 10) / 10, locked: this.lock.locked };
  }

  /** The newest build that made a release: its data is what the next build starts from. */
  private newestBuilt(): BuildRecord | undefined {
    return this.history.records().find((b) => b.status === 'published' && b.releaseId);
  }

  /** Unlocks automatic publishing: the next build is served when it is done (the served one stays until then). */
  unlock(): PublishingState {
    this.lock.unlock();
    return this.publishing();
  }

  /** Which build is served, whether publishing is locked, and what the next build starts from. */
  publishing(): PublishingState {
    const current = currentRelease(this.history.releasesRoot);
    // A takedown patch of a build's release (publish/takedown-patch.ts) serves that build.
    const origin = servedOrigin(this.history.releasesRoot);
    const live = origin ? this.history.records().find((b) => b.releaseId === origin) : undefined;
    return {
      live: live?.id ?? null,
      liveRelease: current,
      ...this.lock.get(),
      base: this.newestBuilt()?.id ?? null,
    };
  }

  /** Stops: the queued build is dropped (failed), the running one is aborted and awaited. */
  async close(): Promise<void> {
    this.closed = true;
    if (this.next) {
      Object.assign(this.next, { status: 'failed', error: STOPPED, finishedAt: this.now() });
      this.next = null;
      this.history.save();
    }
    const r = this.running;
    if (r) {
      r.abort.abort();
      await r.done;
    }
  }
}

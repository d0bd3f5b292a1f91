// The builds' history (issue 13 part 2, "History and progress"): one JSON file beside the
// releases (releasesRoot/builds.json), rewritten whole (temp file + rename, so a crash leaves
// the old or the new file) on every change of status; progress and log lines live in memory
// and are saved with the next status change. At most MAX_BUILDS are kept, newest first.
// A build the file records as queued or running when the server starts never finished: it is
// marked failed ("服务器重启，构建中断").
import fs from 'node:fs';
import path from 'node:path';
import { listReleases } from '../../publish/releases';
import { servedOrigin } from '../../publish/takedown-patch';
import { TOUCHED_SHOWN, type Build, type BuildDetail, type BuildRecord } from './types';

export const MAX_BUILDS = 50;
export const INTERRUPTED = '服务器重启，构建中断';

export class BuildHistory {
  private builds: BuildRecord[] = [];
  private readonly file: string;

  /** Whether the last save failed (said once per failing spell). */
  private saveFailing = false;

  constructor(
    readonly releasesRoot: string,
    private readonly now: () => number = Date.now,
    /** Where a history that cannot be read or written is said (issue 25, F12); default stderr. */
    readonly report: (message: string) => void = (m) => console.error(m),
  ) {
    this.file = path.join(releasesRoot, 'builds.json');
    this.load();
  }

  private load(): void {
    let saved: unknown;
    let text: string;
    try {
      text = fs.readFileSync(this.file, 'utf8');
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'ENOENT')
        this.report(
          `${this.file} cannot be read (${(e as NodeJS.ErrnoException).code}): the build history starts empty`,
        );
      return; // no history yet: a new one
    }
    try {
      saved = JSON.parse(text);
    } catch {
      // Kept aside, never overwritten: the history starts anew and says so.
      const aside = `${this.file}.unreadable-${this.now()}`;
      const moved = (() => {
        try {
          fs.renameSync(this.file, aside);
          return true;
        } catch {
          return false;
        }
      })();
      this.report(
        `${this.file} is not valid JSON: the build history starts empty${moved ? ` (the file is kept as ${aside})` : ''}`,
      );
      return;
    }
    const list = (saved as { builds?: unknown }).builds;
    if (!Array.isArray(list)) return;
    this.builds = (list as BuildRecord[]).filter((b) => b && typeof b.id === 'string').slice(0, MAX_BUILDS);
    let changed = false;
    // A `kill -9` after a build's switch and before its record (issue 39, N13) left a served
    // release no record names: the build that ran then made it. Release ids are their UTC time.
    const served = servedOrigin(this.releasesRoot);
    const servedAt = served ? releaseTime(served) : NaN;
    const named = new Set(this.builds.map((b) => b.releaseId));
    for (const b of this.builds) {
      if (b.status === 'running' && served && !named.has(served) && b.startedAt !== null && servedAt >= b.startedAt) {
        b.status = 'published';
        b.releaseId = served;
        b.error = null;
        b.finishedAt = this.now();
        b.log = [...(b.log ?? []), `served as release ${served}; the server stopped before recording it`].slice(-200);
        named.add(served);
        changed = true;
        continue;
      }
      if (b.status === 'queued' || b.status === 'running') {
        b.status = 'failed';
        b.error = INTERRUPTED;
        b.finishedAt = this.now();
        changed = true;
      }
    }
    if (changed) this.save();
  }

  /**
   * Writes the history. Never throws (issue 25, F12): an unwritable file made a back-office edit
   * answer 500 after saving it, with no rebuild queued; the history now lives on in memory and
   * the failure is said once (and its end once).
   */
  save(): void {
    const tmp = `${this.file}.${process.pid}.tmp`;
    try {
      fs.mkdirSync(this.releasesRoot, { recursive: true });
      fs.writeFileSync(tmp, JSON.stringify({ builds: this.builds }));
      fs.renameSync(tmp, this.file);
      if (this.saveFailing) this.report(`${this.file} is written again`);
      this.saveFailing = false;
    } catch (e) {
      try {
        fs.rmSync(tmp, { force: true });
      } catch {
        // nothing more to do: the message below says the file is not written
      }
      if (!this.saveFailing)
        this.report(
          `${this.file} cannot be written (${(e as Error).message}): the build history is kept in memory only`,
        );
      this.saveFailing = true;
    }
  }

  /** Adds a build (newest first) and drops the oldest beyond MAX_BUILDS. */
  add(b: BuildRecord): void {
    this.builds.unshift(b);
    this.builds.length = Math.min(this.builds.length, MAX_BUILDS);
    this.save();
  }

  get(id: string): BuildRecord | undefined {
    return this.builds.find((b) => b.id === id);
  }

  records(): readonly BuildRecord[] {
    return this.builds;
  }

  /**
   * The hints of the failed builds newer than the newest published one, oldest first: their
   * changes are not served yet, so the next build takes them on (null: a full build failed).
   */
  unpublishedHints(exceptId: string): Array<BuildRecord['hint']> {
    const out: Array<BuildRecord['hint']> = [];
    for (const b of this.builds) {
      if (b.id === exceptId || b.status === 'queued' || b.status === 'running') continue;
      if (b.status === 'published') break;
      out.push(b.hint);
    }
    return out.reverse();
  }

  /** A new id, later than every other: 'b' + the UTC time to the millisecond (+ '-n'). */
  newId(): string {
    const base = `b${new Date(this.now()).toISOString().replace(/[-:.]/g, '')}`;
    let id = base;
    for (let n = 1; this.get(id); n++) id = `${base}-${n}`;
    return id;
  }

  /** The wire shape: whether its release is served and still kept, from the releases on disk. */
  view(b: BuildRecord, releases = this.releases()): Build {
    return {
      id: b.id,
      trigger: b.trigger,
      status: b.status,
      current: b.releaseId != null && b.releaseId === releases.current,
      canPublish: b.releaseId != null && releases.kept.has(b.releaseId),
      held: b.held === true,
      queuedAt: b.queuedAt,
      startedAt: b.startedAt,
      finishedAt: b.finishedAt,
      hint: b.hint ? { changed: b.hint.changed.length, removed: b.hint.removed.length } : null,
      touched: b.hint
        ? { changed: b.hint.changed.slice(0, TOUCHED_SHOWN), removed: b.hint.removed.slice(0, TOUCHED_SHOWN) }
        : null,
      pages: b.pages,
      skipped: b.skipped,
      error: b.error,
      releaseId: b.releaseId,
    };
  }

  detail(b: BuildRecord): BuildDetail {
    return { ...this.view(b), progress: { ...b.progress }, log: [...b.log] };
  }

  list(): Build[] {
    const releases = this.releases();
    return this.builds.map((b) => this.view(b, releases));
  }

  private releases() {
    return {
      current: servedOrigin(this.releasesRoot),
      kept: new Set(listReleases(this.releasesRoot).map((r) => r.id)),
    };
  }
}

/** The time a release id names (publish/releases.ts: the UTC time to the millisecond, then a counter), or NaN. */
function releaseTime(id: string): number {
  const m = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})(\d{3})Z/.exec(id);
  return m ? Date.parse(`${m[1]}-${m[2]}-${m[3]}T${m[4]}:${m[5]}:${m[6]}.${m[7]}Z`) : NaN;
}

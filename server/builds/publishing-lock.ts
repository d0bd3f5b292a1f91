// The publishing lock (issue 20, defect 1): serving an older build (a rollback) locks automatic
// publishing, Netlify's model. Builds still run and make their releases, but the queue does not
// switch the served site to them, so nothing that was rolled back comes back until an editor
// chooses: by publishing a build by hand (publishing the newest build unlocks) or by unlocking.
// Without it, the next takedown or edit published a patch of the newest build, the rolled-back
// changes included. One small JSON file beside the releases, so a restart keeps the lock.
import fs from 'node:fs';
import path from 'node:path';

export interface LockState {
  locked: boolean;
  /** The build served when the lock was set (the rollback's target). */
  buildId: string | null;
  since: number | null;
}

const UNLOCKED: LockState = { locked: false, buildId: null, since: null };

export class PublishingLock {
  private state: LockState;
  private readonly file: string;

  constructor(
    releasesRoot: string,
    /** Where a lock file that cannot be read is said (issue 39, N11); default stderr. */
    private readonly report: (message: string) => void = (m) => console.error(m),
  ) {
    this.file = path.join(releasesRoot, 'publish-lock.json');
    this.state = this.load();
  }

  /**
   * The saved lock. A file that cannot be read or is not a lock (issue 39, N11) fails locked and
   * says so: unlocking would publish what an editor rolled back; locked, an editor decides.
   */
  private load(): LockState {
    let text: string;
    try {
      text = fs.readFileSync(this.file, 'utf8');
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === 'ENOENT') return UNLOCKED; // none yet
      return this.failLocked(`cannot be read (${(e as NodeJS.ErrnoException).code})`);
    }
    let s: Partial<LockState> | null = null;
    try {
      s = JSON.parse(text) as Partial<LockState>;
    } catch {
      // below
    }
    if (!s || typeof s !== 'object' || typeof s.locked !== 'boolean')
      return this.failLocked('is not a publishing lock');
    if (!s.locked) return UNLOCKED;
    return {
      locked: true,
      buildId: typeof s.buildId === 'string' ? s.buildId.slice(0, 64) : null,
      since: typeof s.since === 'number' ? s.since : null,
    };
  }

  private failLocked(why: string): LockState {
    this.report(
      `${this.file} ${why}: automatic publishing stays locked until an editor publishes a build or unlocks (DELETE /editor/api/publishing/lock)`,
    );
    return { locked: true, buildId: null, since: null };
  }

  get(): LockState {
    return { ...this.state };
  }

  get locked(): boolean {
    return this.state.locked;
  }

  set(next: LockState): void {
    this.state = next.locked ? { ...next } : UNLOCKED;
    fs.mkdirSync(path.dirname(this.file), { recursive: true });
    const tmp = `${this.file}.${process.pid}.tmp`;
    fs.writeFileSync(tmp, JSON.stringify(this.state));
    fs.renameSync(tmp, this.file);
  }

  lock(buildId: string, now: number): void {
    this.set({ locked: true, buildId, since: now });
  }

  unlock(): void {
    this.set(UNLOCKED);
  }
}

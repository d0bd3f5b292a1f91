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

  constructor(releasesRoot: string) {
    this.file = path.join(releasesRoot, 'publish-lock.json');
    this.state = this.load();
  }

  private load(): LockState {
    try {
      const s = JSON.parse(fs.readFileSync(this.file, 'utf8')) as Partial<LockState>;
      if (s.locked !== true) return UNLOCKED;
      return {
        locked: true,
        buildId: typeof s.buildId === 'string' ? s.buildId.slice(0, 64) : null,
        since: typeof s.since === 'number' ? s.since : null,
      };
    } catch {
      return UNLOCKED; // none yet (or unreadable: the served release is still what current says)
    }
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

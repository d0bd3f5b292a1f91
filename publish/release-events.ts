// Who is told when the served release changes (a publish, a patch, a rollback): the deploy
// side's purge hook (server/deploy/) listens here, so releases.ts knows nothing of CDNs.
export interface ReleaseSwitch {
  /** The releases root (var/site). */
  root: string;
  /** The release served until now (null before the first). */
  from: string | null;
  to: string;
}
type Listener = (e: ReleaseSwitch) => void;

const listeners = new Set<Listener>();

/** Calls `fn` after every switch of any releases root in this process; returns the unsubscribe. */
export function onReleaseSwitch(fn: Listener): () => void {
  listeners.add(fn);
  return () => listeners.delete(fn);
}

/** Tells the listeners (a listener's failure is its own: never the publish's). */
export function releaseSwitched(root: string, from: string | null, to: string): void {
  if (from === to) return;
  for (const fn of listeners) {
    try {
      fn({ root, from, to });
    } catch {
      // a listener reports its own errors
    }
  }
}

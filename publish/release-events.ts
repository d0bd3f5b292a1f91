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

/** A release's deploy files (.br/.gz siblings, page policies) were made after its switch (releases.ts). */
export interface DeployFilesReady {
  root: string;
  id: string;
}
const readyListeners = new Set<(e: DeployFilesReady) => void>();

/** Calls `fn` when a served release's deploy files are complete; returns the unsubscribe. */
export function onDeployFilesReady(fn: (e: DeployFilesReady) => void): () => void {
  readyListeners.add(fn);
  return () => readyListeners.delete(fn);
}

/** Tells the listeners that release `id` of `root` has its deploy files. */
export function deployFilesReady(root: string, id: string): void {
  for (const fn of readyListeners) {
    try {
      fn({ root, id });
    } catch {
      // a listener reports its own errors
    }
  }
}

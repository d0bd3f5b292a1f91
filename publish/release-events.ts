// Who is told when the served release changes (a publish, a patch, a rollback): the deploy
// side's purge hook (server/deploy/) listens here, so releases.ts knows nothing of CDNs.
export interface ReleaseSwitch {
  /** The releases root (var/site). */
  root: string;
  /** The release served until now (null before the first). */
  from: string | null;
  to: string;
}
/** Listeners of one event: a listener's failure is its own, never the publish's. */
function channel<E>() {
  const listeners = new Set<(e: E) => void>();
  return {
    on(fn: (e: E) => void): () => void {
      listeners.add(fn);
      return () => listeners.delete(fn);
    },
    emit(e: E): void {
      for (const fn of listeners) {
        try {
          fn(e);
        } catch {
          // a listener reports its own errors
        }
      }
    },
  };
}

const switches = channel<ReleaseSwitch>();

/** Calls `fn` after every switch of any releases root in this process; returns the unsubscribe. */
export const onReleaseSwitch = switches.on;

/** Tells the listeners that `root` serves `to` instead of `from`. */
export function releaseSwitched(root: string, from: string | null, to: string): void {
  if (from !== to) switches.emit({ root, from, to });
}

/** A release's deploy files (.br/.gz siblings, page policies) were made after its switch (releases.ts). */
export interface DeployFilesReady {
  root: string;
  id: string;
}
const ready = channel<DeployFilesReady>();

/** Calls `fn` when a served release's deploy files are complete; returns the unsubscribe. */
export const onDeployFilesReady = ready.on;

/** Tells the listeners that release `id` of `root` has its deploy files. */
export const deployFilesReady = (root: string, id: string): void => ready.emit({ root, id });

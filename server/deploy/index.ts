// The site server's side of running behind nginx and a CDN (issue 24, docs/deploy.md):
// takedowns mirrored as files nginx tests (takedown-files.ts), and the purge hook (purge.ts)
// called with the URLs every takedown, restore, publish and rollback changes, and the switch
// command (SITE_SWITCH_COMMAND, e.g. nginx's reload: it loads the new release's page policies)
// run after every publish and rollback, before the purge, and again once a publish's deploy
// files are made (after its switch).
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { onDeployFilesReady, onReleaseSwitch } from '../../publish/release-events';
import { patchServedRelease } from '../../publish/takedown-patch';
import { PublishingLock } from '../builds/publishing-lock';
import { TakedownFiles, defaultTakedownsDir } from './takedown-files';
import { PurgeHook, changedUrls, purgeHookFromEnv, reviewUrls, runCommand } from './purge';

export interface DeployOptions {
  /** The releases root nginx serves (var/site). */
  releasesRoot: string;
  /** Default <releasesRoot>/takedowns. */
  takedownsDir?: string;
  /** Default from the environment (SITE_PURGE_URL, SITE_PURGE_COMMAND); null: none. */
  purge?: PurgeHook | null;
  /** Shell command run after each release switch, RELEASE_ID in its environment; default SITE_SWITCH_COMMAND. */
  switchCommand?: string | null;
}

// Matched against the route the request reached, never the URL as sent: a query string
// (`?src=console`) or any other spelling reaches the same route (issue 39, N3).
const TAKEDOWN_ROUTES = /^\/editor\/api\/takedowns(\/|$)/;

export interface Deploy {
  purge: PurgeHook | null;
  /** Resolves when the purges of every change so far are sent (tests, shutdown). */
  settled: () => Promise<void>;
}

/** Needs the API in the same app (app.repos: the editors' takedowns). */
export function registerDeploy(app: FastifyInstance, opts: DeployOptions): Deploy {
  const root = path.resolve(opts.releasesRoot);
  const files = new TakedownFiles(opts.takedownsDir ?? defaultTakedownsDir(root));
  const purge = opts.purge === undefined ? purgeHookFromEnv(process.env, app.log) : opts.purge;
  const sync = () => {
    const { added, removed } = files.sync(app.repos.takedowns.list());
    // Before any release's URLs still queued (issue 39, N12).
    if (purge) for (const r of [...added, ...removed]) purge.submit(reviewUrls(r), { first: true });
    return added;
  };
  files.repair((m) => app.log.warn(m));
  sync();
  // While publishing is locked the takedown's build is held: the served release is patched
  // instead (publish/takedown-patch.ts), one patch or rollback at a time; the takedowns and the
  // lock are read when the patch's turn comes, after a rollback queued before it.
  let patching: Promise<unknown> = Promise.resolve();
  const patchIfLocked = () => {
    const next = patchServedRelease(root, () => app.repos.takedowns.list(), {
      when: () => new PublishingLock(root).locked,
    }).then(({ release, patched }) => {
      if (release) app.log.info(`takedown while locked: release ${release.id} without it (${patched.length} files)`);
    });
    patching = next.catch((e: Error) =>
      app.log.warn(`takedown while locked: the served release was not patched: ${e.message}`),
    );
    return patching;
  };
  // At start too: a release served by a switch outside the editors' API (the repair of a
  // missing `current` at start, publish/check-state.ts, another process) is patched for every
  // takedown while publishing is locked. Nothing to do (no takedown, nothing names one) is a scan.
  void patchIfLocked();
  // Before the answer leaves: when the editor sees 201, nginx already answers 410, and while
  // publishing is locked, no listing, page data or sitemap of the served release names it.
  app.addHook('onSend', async (req, reply, payload) => {
    if (req.method !== 'GET' && reply.statusCode < 300 && TAKEDOWN_ROUTES.test(req.routeOptions.url ?? '')) {
      if (sync().length) await patchIfLocked();
    }
    return payload;
  });
  const comparing = new Set<Promise<void>>();
  const switchCommand = opts.switchCommand === undefined ? process.env.SITE_SWITCH_COMMAND || null : opts.switchCommand;
  const track = (done: Promise<void>) => {
    comparing.add(done);
    void done.finally(() => comparing.delete(done));
  };
  const runSwitchCommand = (id: string) =>
    runCommand(switchCommand!, '', 60_000, { ...process.env, RELEASE_ID: id }).catch((e: Error) =>
      app.log.warn(`switch command failed: ${e.message}`),
    );
  const off = onReleaseSwitch(({ root: switched, from, to }) => {
    if (path.resolve(switched) !== root || (!purge && !switchCommand)) return;
    track(
      (async () => {
        // nginx first: it then serves the new release (its pages through the site server until
        // their policies are made, below); the CDN, purged after, fetches them from it.
        if (switchCommand) await runSwitchCommand(to);
        if (!purge || !from) return;
        await changedUrls(path.join(root, 'releases'), from, to).then(
          (urls) => purge.submit(urls),
          (e: Error) => app.log.warn(`purge: could not compare releases ${from} and ${to}: ${e.message}`),
        );
      })(),
    );
  });
  // A publish makes the deploy files after the switch (publish/releases.ts): nginx is reloaded
  // again once they are there, so it reads the new release's page policies and sends its pages itself.
  const offReady = onDeployFilesReady(({ root: published, id }) => {
    if (path.resolve(published) === root && switchCommand) track(runSwitchCommand(id));
  });
  const settled = async () => {
    while (comparing.size) await Promise.all(comparing);
    await purge?.idle();
  };
  app.addHook('onClose', async () => {
    off();
    offReady();
    await patching;
    await settled();
  });
  return { purge, settled };
}

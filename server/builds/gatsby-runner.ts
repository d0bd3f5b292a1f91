// The runner of `npm start`'s build queue: one child `gatsby build --prefix-paths` in the work
// tree (`root`), whose public/ and .cache/ stay between builds (the staging workspace: Gatsby
// rewrites only the pages whose data changed), then the publish of public/ as a new release
// (publish/releases.ts, atomic). A failed or killed build publishes nothing: the served
// release stays, and the error names the exit code or signal and the last error line.
//
// A build with a hint first tries the patch build (gatsby/patch/build.ts): the changed pages
// only, rendered with the last Gatsby build's renderer, published as the last release plus those
// files. It applies while the code and settings are those of the last Gatsby build
// (fingerprint.ts) and the last build's release is still kept; otherwise, or when it finds it
// cannot apply, `gatsby build` runs as before.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { PREPARED_PREFIX, listReleases, publishPrepared, type PublishStats } from '../../publish/releases';
import { publish } from '../../publish/release-files';
import {
  DATA,
  ENV,
  EXIT,
  PATCH_RESULT,
  buildDataDir,
  patchWorkDir,
  promoteBuildData,
  readStamp,
  reportFile,
  type BuildInput,
  type PatchResult,
} from '../../publish/build-protocol';
import { guardedEnv } from '../../publish/workspace-guard';
import { codeFingerprint } from './fingerprint';
import type { BuildOutput } from './progress';
import type { BuildResult, BuildRunner } from './queue';
import type { BuildRecord, ReviewRef, SkippedReview } from './types';

export interface GatsbyRunnerOptions {
  /** The work tree: gatsby-config.ts, public/, .cache/. */
  root: string;
  releasesRoot: string;
  /** The storefront API the build sources from (known once the server listens). */
  apiUrl: () => string;
  /** Reviews taken down now: never built (the queue reads them when a build starts). */
  excluded: () => ReviewRef[];
  /** Extra environment of the child (tests). */
  env?: NodeJS.ProcessEnv;
  /** Called after each successful publish (npm start marks the build fresh). */
  onPublished?: () => void;
  /** Called with the child's pid when it starts (tests kill it). */
  onSpawn?: (pid: number) => void;
  /** Try the patch build for builds with a hint (default true; a function is asked per build). */
  patch?: boolean | (() => boolean);
}

export { buildDataDir };

interface Report {
  reviewPages?: unknown;
  skipped?: Array<{ productId?: unknown; commentId?: unknown; reason?: unknown }>;
}

function readReport(root: string): { pages: number | null; skipped: SkippedReview[] } {
  try {
    const r = JSON.parse(fs.readFileSync(reportFile(root), 'utf8')) as Report;
    return {
      pages: typeof r.reviewPages === 'number' ? r.reviewPages : null,
      skipped: (r.skipped ?? []).slice(0, 200).map((s) => ({
        productId: String(s.productId ?? ''),
        commentId: String(s.commentId ?? ''),
        reason: String(s.reason ?? '').slice(0, 500),
      })),
    };
  } catch {
    return { pages: null, skipped: [] };
  }
}

/** The log's word on a release built while publishing was locked (server/builds/publishing-lock.ts). */
const heldNote = (served: boolean) => (served ? '' : '; not served: publishing is locked after a rollback');
/** When the release was served, and nginx's files made after it (publish/releases.ts), or why not. */
const deployNote = (p: PublishStats) =>
  p.deployError
    ? `; nginx's files not made (${p.deployError}): the next publish makes them`
    : p.deploy
      ? ` (served after ${p.servedMs} ms, nginx's files made after it)`
      : '';

interface ChildExit {
  code: number | null;
  signal: NodeJS.Signals | null;
}

export function gatsbyRunner(opts: GatsbyRunnerOptions): BuildRunner {
  const { root } = opts;
  const dataDir = buildDataDir(root);
  // The build never needs the editors' token: it is not handed to the child (or its log).
  const { EDITOR_TOKEN: _token, ...parentEnv } = process.env;
  // Every child runs with the workspace guard: public/ is hard-linked into the releases, so its
  // files are replaced, never written in place (publish/workspace-guard.cjs).
  const childEnv = (inputFile: string, extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv =>
    guardedEnv({
      ...parentEnv,
      ...opts.env,
      STOREFRONT_API_URL: opts.apiUrl(),
      [ENV.inputFile]: inputFile,
      [ENV.dataDir]: dataDir,
      GATSBY_TELEMETRY_DISABLED: '1',
      // One plain line per finished step (no spinners), which progress.ts reads.
      CI: 'true',
      ...extra,
      PUBLISH_GUARD_DIRS: path.join(root, 'public'),
    });
  /** Runs a child in the work tree, its output into the build's; stopped when the build is aborted. */
  const runChild = (args: string[], env: NodeJS.ProcessEnv, output: BuildOutput, signal: AbortSignal) =>
    new Promise<ChildExit>((resolve, reject) => {
      // A process group of its own: Gatsby's workers are the child's children, and a build that
      // is stopped or dies must take them along (a killed build once left a worker running).
      const child = spawn(process.execPath, args, {
        cwd: root,
        stdio: ['ignore', 'pipe', 'pipe'],
        env,
        detached: true,
      });
      const pid = child.pid;
      if (pid) opts.onSpawn?.(pid);
      const killGroup = (sig: NodeJS.Signals) => {
        if (!pid) return;
        try {
          process.kill(-pid, sig);
        } catch {
          // ESRCH: the group is gone already
        }
      };
      const stop = () => killGroup('SIGTERM');
      signal.addEventListener('abort', stop, { once: true });
      child.stdout.setEncoding('utf8').on('data', (c: string) => output.write(c));
      child.stderr.setEncoding('utf8').on('data', (c: string) => output.write(c));
      child.once('error', reject);
      // Whatever of the group outlives its leader (workers of a killed build) ends with it; they
      // may hold the output pipes, so this is on exit, before 'close' can come.
      child.once('exit', () => killGroup('SIGKILL'));
      child.once('close', (code, sig) => {
        signal.removeEventListener('abort', stop);
        resolve({ code, signal: sig });
      });
    });
  const failure = (what: string, exit: ChildExit, output: BuildOutput) => {
    const how = exit.signal ? `killed by ${exit.signal}` : `exited with code ${exit.code}`;
    return new Error(`${what} ${how}: ${output.lastError ?? output.log.at(-1) ?? 'no output'}`);
  };
  /** After a publish: the data, with what it was made with, becomes the base of the next build. */
  const promote = (code: string, releaseId: string) => {
    promoteBuildData(dataDir, { code, releaseId });
    opts.onPublished?.();
  };

  /** The patch build, or null when it does not apply (`gatsby build` then runs). */
  const patchBuild = async (
    build: BuildRecord,
    inputFile: string,
    code: string,
    ctx: Parameters<BuildRunner>[1],
  ): Promise<BuildResult | null> => {
    const { output, signal } = ctx;
    const stamp = readStamp(dataDir);
    const why =
      !stamp || stamp.code !== code
        ? 'the code or settings changed since the last Gatsby build'
        : !listReleases(opts.releasesRoot).some((r) => r.id === stamp.releaseId)
          ? "the last build's release is no longer kept"
          : null;
    if (why) {
      output.line(`patch: not applicable: ${why}`);
      return null;
    }
    output.progress = { step: 'patch: sourcing', percent: 2 };
    const work = patchWorkDir(root);
    const releases = path.join(opts.releasesRoot, 'releases');
    // A patch killed before it was published left its prepared release: never served, removed.
    for (const n of fs.readdirSync(releases))
      if (n.startsWith(PREPARED_PREFIX)) fs.rmSync(path.join(releases, n), { recursive: true, force: true });
    const prepared = path.join(releases, `${PREPARED_PREFIX}${build.id}`);
    const exit = await runChild(
      ['--import', 'tsx', path.join('gatsby', 'patch', 'build.ts')],
      childEnv(inputFile, {
        [ENV.patchWorkDir]: work,
        [ENV.patchBaseDir]: path.join(releases, stamp!.releaseId),
        [ENV.patchReleaseDir]: prepared,
      }),
      output,
      signal,
    );
    if (exit.code !== EXIT.ok) {
      fs.rmSync(prepared, { recursive: true, force: true });
      if (exit.code !== EXIT.notApplicable) throw failure('patch build', exit, output);
      output.progress = { step: 'starting gatsby build', percent: 0 };
      return null;
    }
    const r = JSON.parse(fs.readFileSync(path.join(work, PATCH_RESULT), 'utf8')) as PatchResult;
    output.progress = { step: 'publishing', percent: 96 };
    const serve = ctx.serve();
    const published = await publishPrepared(opts.releasesRoot, prepared, r.release, { signal, serve });
    output.line(
      `published release ${published.id} (patch of ${stamp!.releaseId}): ${published.files} files (${published.copied} written, ${published.linked} linked) in ${published.ms} ms${heldNote(serve)}${deployNote(published)}`,
    );
    promote(code, published.id);
    fs.rmSync(work, { recursive: true, force: true });
    return { releaseId: published.id, served: serve, ...readReport(root) };
  };

  return async (build, ctx) => {
    const { output, signal } = ctx;
    fs.mkdirSync(dataDir, { recursive: true });
    const inputFile = path.join(dataDir, DATA.input);
    fs.writeFileSync(inputFile, JSON.stringify({ hint: build.hint, exclude: opts.excluded() } satisfies BuildInput));
    // An older report must not pass for this build's.
    fs.rmSync(reportFile(root), { force: true });
    // Taken before the build: a source edited while it runs makes the next patch refuse.
    const code = codeFingerprint(root, { ...parentEnv, ...opts.env });
    const patchOn = typeof opts.patch === 'function' ? opts.patch() : opts.patch !== false;
    if (build.hint && patchOn) {
      const patched = await patchBuild(build, inputFile, code, ctx);
      if (patched) {
        output.end();
        return patched;
      }
    }
    const gatsby = path.join(root, 'node_modules', 'gatsby', 'cli.js');
    const exit = await runChild([gatsby, 'build', '--prefix-paths'], childEnv(inputFile), output, signal);
    output.end();
    if (exit.code !== EXIT.ok) throw failure('gatsby build', exit, output);
    const report = readReport(root);
    output.progress = { step: 'publishing', percent: 96 };
    output.line('publishing public/ as a new release');
    const serve = ctx.serve();
    // Moved, not copied: public/ becomes the release in one rename, and gets its files back as
    // hard links once it is served; the build ran with the workspace guard (childEnv), so they
    // are never written in place (publish/releases.ts `move`).
    const published = await publish(path.join(root, 'public'), opts.releasesRoot, { signal, serve, move: true });
    output.line(
      `published release ${published.id}: ${published.files} files (${published.moved ?? 0} moved, ${published.copied} copied) in ${published.ms} ms${heldNote(serve)}${deployNote(published)}; public/ linked back in ${published.workspaceMs ?? 0} ms`,
    );
    promote(code, published.id);
    return { releaseId: published.id, served: serve, ...report };
  };
}

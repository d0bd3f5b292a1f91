// The runner of `npm start`'s build queue: one child `gatsby build --prefix-paths` in the work
// tree (`root`), whose public/ and .cache/ stay between builds (the staging workspace: Gatsby
// rewrites only the pages whose data changed), then the publish of public/ as a new release
// (server/publish/releases.ts, atomic). A failed or killed build publishes nothing: the served
// release stays, and the error names the exit code or signal and the last error line.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { publish } from '../publish/releases';
import { promoteBuildData } from '../../gatsby/sourcing/incremental';
import type { BuildRunner } from './queue';
import type { ReviewRef, SkippedReview } from './types';

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
}

export const buildDataDir = (root: string) => path.join(root, 'var', 'build-data');

interface Report {
  reviewPages?: unknown;
  skipped?: Array<{ productId?: unknown; commentId?: unknown; reason?: unknown }>;
}

function readReport(root: string): { pages: number | null; skipped: SkippedReview[] } {
  try {
    const r = JSON.parse(fs.readFileSync(path.join(root, 'var', 'build-report.json'), 'utf8')) as Report;
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

export function gatsbyRunner(opts: GatsbyRunnerOptions): BuildRunner {
  const { root } = opts;
  const dataDir = buildDataDir(root);
  return async (build, { output, signal }) => {
    fs.mkdirSync(dataDir, { recursive: true });
    const inputFile = path.join(dataDir, 'input.json');
    fs.writeFileSync(inputFile, JSON.stringify({ hint: build.hint, exclude: opts.excluded() }));
    // An older report must not pass for this build's.
    fs.rmSync(path.join(root, 'var', 'build-report.json'), { force: true });
    const gatsby = path.join(root, 'node_modules', 'gatsby', 'cli.js');
    // The build never needs the editors' token: it is not handed to the child (or its log).
    const { EDITOR_TOKEN: _token, ...env } = process.env;
    const exit = await new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve, reject) => {
      const child = spawn(process.execPath, [gatsby, 'build', '--prefix-paths'], {
        cwd: root,
        stdio: ['ignore', 'pipe', 'pipe'],
        env: {
          ...env,
          ...opts.env,
          STOREFRONT_API_URL: opts.apiUrl(),
          BUILD_INPUT_FILE: inputFile,
          BUILD_DATA_DIR: dataDir,
          GATSBY_TELEMETRY_DISABLED: '1',
          // One plain line per finished step (no spinners), which progress.ts reads.
          CI: 'true',
        },
      });
      if (child.pid) opts.onSpawn?.(child.pid);
      const stop = () => child.kill('SIGTERM');
      signal.addEventListener('abort', stop, { once: true });
      child.stdout.setEncoding('utf8').on('data', (c: string) => output.write(c));
      child.stderr.setEncoding('utf8').on('data', (c: string) => output.write(c));
      child.once('error', reject);
      child.once('close', (code, sig) => {
        signal.removeEventListener('abort', stop);
        resolve({ code, signal: sig });
      });
    });
    output.end();
    if (exit.code !== 0) {
      const how = exit.signal ? `killed by ${exit.signal}` : `exited with code ${exit.code}`;
      throw new Error(`gatsby build ${how}: ${output.lastError ?? output.log.at(-1) ?? 'no output'}`);
    }
    const report = readReport(root);
    output.progress = { step: 'publishing', percent: 96 };
    output.line('publishing public/ as a new release');
    const published = await publish(path.join(root, 'public'), opts.releasesRoot, { signal });
    output.line(
      `published release ${published.id}: ${published.files} files (${published.copied} copied, ${published.linked} linked) in ${published.ms} ms`,
    );
    promoteBuildData(dataDir);
    opts.onPublished?.();
    return { releaseId: published.id, ...report };
  };
}

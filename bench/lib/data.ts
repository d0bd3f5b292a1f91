// Demo databases and reference servers for the sections: a fresh seeded SQLite file per size
// in the run's temp dir (server/seed, the same generator as `npm run seed`), and the reference
// server as a child process (scripts/embedded-server.ts), so its CPU and memory are not the
// bench's.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { defaultCategoriesFile, readCatalogueFile } from '../../server/catalogue';
import { openDatabase } from '../../server/db/open';
import { seedDatabase, type SeedStats } from '../../server/seed/generate';
import { log } from './report';

export const ROOT = path.resolve(__dirname, '..', '..');
/** Results (JSON reports, Lighthouse reports, CPU profiles); gitignored. */
export const OUT_DIR = path.join(ROOT, 'bench', 'out');
export const SEED = 42;

export interface BenchContext {
  tmp: string;
  quick: boolean;
  keep: boolean;
}

const seeded = new Map<string, { file: string; stats: SeedStats }>();

/** A fresh demo database with `reviews` reviews (seed 42), made once per run and size. */
export function seededDb(ctx: BenchContext, reviews: number, tag = 'shared'): { file: string; stats: SeedStats } {
  const key = `${tag}:${reviews}`;
  const hit = seeded.get(key);
  if (hit) return hit;
  const file = path.join(ctx.tmp, 'db', `${tag}-${reviews}.sqlite`);
  for (const f of [file, `${file}-wal`, `${file}-shm`]) fs.rmSync(f, { force: true });
  const db = openDatabase(file);
  try {
    const stats = seedDatabase(db, { reviews, seed: SEED, catalogue: readCatalogueFile(defaultCategoriesFile()) });
    db.pragma('wal_checkpoint(TRUNCATE)');
    log(
      `seeded ${reviews.toLocaleString('en-US')} reviews (${stats.products} products) into ${file} in ${(stats.ms / 1000).toFixed(1)} s`,
    );
    const out = { file, stats };
    seeded.set(key, out);
    return out;
  } finally {
    db.close();
  }
}

export interface ChildServer {
  url: string;
  pid: number;
  stop(): Promise<void>;
}

/** Starts a script that prints `STOREFRONT_API_URL=<url>` (or `URL=<url>`) once listening. */
export function startChildServer(script: string, env: NodeJS.ProcessEnv, timeoutMs = 120_000): Promise<ChildServer> {
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', script], {
    cwd: ROOT,
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const stop = () =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null) return resolve();
      child.once('exit', () => resolve());
      child.kill('SIGTERM');
      setTimeout(() => {
        if (child.exitCode === null) child.kill('SIGKILL');
      }, 5000).unref();
    });
  return new Promise((resolve, reject) => {
    let out = '';
    const timer = setTimeout(() => {
      void stop();
      reject(new Error(`${script} did not start within ${timeoutMs / 1000} s`));
    }, timeoutMs);
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const m = /^(?:STOREFRONT_API_)?URL=(\S+)$/m.exec(out);
      if (m) {
        clearTimeout(timer);
        child.stdout!.resume();
        resolve({ url: m[1], pid: child.pid!, stop });
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`${script} exited with code ${code} before it was ready`));
    });
  });
}

/** The reference server on a database file (no seeding: the file is seeded already). */
export const startReferenceServer = (ctx: BenchContext, dbFile: string, env: NodeJS.ProcessEnv = {}) =>
  startChildServer(path.join(ROOT, 'scripts', 'embedded-server.ts'), {
    DB_FILE: dbFile,
    MEDIA_DIR: path.join(ctx.tmp, 'media'),
    ...env,
  });

// `npm run server` (server/main.ts) as a real child process with a fresh database in `dir`,
// the log settings of the test's own environment removed, stdout and stderr captured whole.
import { spawn } from 'node:child_process';
import { join, resolve } from 'node:path';

const ROOT = resolve(__dirname, '..', '..', '..');

export interface MainProcess {
  url: string;
  out: () => string;
  err: () => string;
  alive: () => boolean;
  stop: () => Promise<void>;
}

/** Starts server/main.ts with `env`; resolves once it printed its URL. */
export async function startMainProcess(dir: string, env: Record<string, string>): Promise<MainProcess> {
  const base = { ...process.env };
  for (const k of ['LOG_LEVEL', 'LOG_FILE', 'LOG_REQUESTS', 'NODE_ENV', 'PORT', 'HOST']) delete base[k];
  const child = spawn(process.execPath, ['--import', 'tsx', join(ROOT, 'server', 'main.ts')], {
    cwd: ROOT,
    env: {
      ...base,
      HOST: '127.0.0.1',
      PORT: '0',
      DB_FILE: join(dir, 'db.sqlite'),
      MEDIA_DIR: join(dir, 'media'),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  let err = '';
  const exited = new Promise<void>((r) => child.once('exit', () => r()));
  child.stderr.on('data', (d: Buffer) => {
    err += d;
  });
  const url = await new Promise<string>((ok, fail) => {
    child.stdout.on('data', (d: Buffer) => {
      out += d;
      const m = /http:\/\/127\.0\.0\.1:\d+/.exec(out);
      if (m) ok(m[0]);
    });
    child.once('exit', (code) => fail(new Error(`server exited (${code}) before listening: ${out}${err}`)));
  });
  return {
    url,
    out: () => out,
    err: () => err,
    alive: () => child.exitCode === null && child.signalCode === null,
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}

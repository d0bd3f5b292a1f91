// When STOREFRONT_API_URL is not set, the build starts the embedded reference server itself
// (issue 5, "Build"): a child process on a random loopback port, started by onPreInit and
// stopped when the pages are created (or when sourcing fails, or when the process exits).
// This module owns the one running server.
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';

interface EmbeddedServer {
  url: string;
  stop(): void;
}

let running: EmbeddedServer | null = null;

/** Starts the embedded server (once per build) and returns its URL. */
export async function startEmbeddedServer(root: string, timeoutMs = 240_000): Promise<string> {
  running ??= await spawnServer(root, timeoutMs);
  return running.url;
}

/** Stops the embedded server, if one runs. */
export function stopEmbeddedServer(): void {
  running?.stop();
  running = null;
}

function spawnServer(root: string, timeoutMs: number): Promise<EmbeddedServer> {
  const script = path.join(root, 'scripts', 'embedded-server.ts');
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', script], {
    cwd: root,
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const stop = () => {
    if (child.exitCode === null) child.kill('SIGTERM');
  };
  process.once('exit', stop);
  return new Promise((resolve, reject) => {
    let out = '';
    const timer = setTimeout(() => {
      stop();
      reject(new Error(`embedded reference server did not start within ${timeoutMs / 1000} s`));
    }, timeoutMs);
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const m = /^STOREFRONT_API_URL=(\S+)$/m.exec(out);
      if (m) {
        clearTimeout(timer);
        child.stdout!.resume();
        resolve({ url: m[1], stop });
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`embedded reference server exited with code ${code} before it was ready`));
    });
  });
}

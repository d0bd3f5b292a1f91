// nginx for the deploy tests and the bench (issue 24): an ordinary process with its own prefix,
// pid, temp and log paths, on a free loopback port, stopped by its own pid. Works as root (the config then
// says `user root;`, else the workers would be nobody and read nothing of the test's folders)
// and as an ordinary user.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';

export const NGINX = process.env.NGINX_BIN ?? '/usr/sbin/nginx';

/** A port free on 127.0.0.1 now (nginx takes it right after; the kernel hands ports out in turn). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });
}

function connects(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const sock = net.connect(port, '127.0.0.1');
    sock.once('connect', () => {
      sock.destroy();
      resolve(true);
    });
    sock.once('error', () => resolve(false));
  });
}

export interface RunningNginx {
  url: string;
  child: ChildProcess;
  /** nginx -s reload's signal; resolves once the new workers run (the master logs nothing at warn). */
  reload: () => Promise<void>;
  stop: () => Promise<void>;
  errorLog: () => string;
}

export async function startNginx(conf: string, prefix: string, port: number): Promise<RunningNginx> {
  let output = '';
  const child = spawn(NGINX, ['-p', prefix, '-c', conf, '-g', 'daemon off;'], { stdio: ['ignore', 'pipe', 'pipe'] });
  child.stdout!.on('data', (c: Buffer) => (output += c.toString()));
  child.stderr!.on('data', (c: Buffer) => (output += c.toString()));
  let exited = false;
  const exit = new Promise<void>((resolve) =>
    child.once('exit', () => {
      exited = true;
      resolve();
    }),
  );
  // Until it listens, or it exits (a config error: its message is the failure).
  while (!(await connects(port))) {
    if (exited) throw new Error(`nginx exited: ${output}`);
    await new Promise((r) => setImmediate(r));
  }
  const errorLog = () => {
    try {
      return fs.readFileSync(path.join(prefix, 'logs', 'error.log'), 'utf8');
    } catch {
      return '';
    }
  };
  return {
    url: `http://127.0.0.1:${port}`,
    child,
    errorLog,
    reload: async () => {
      const pids = () => workerPids(child.pid!);
      const before = pids();
      child.kill('SIGHUP');
      // New workers started and the old ones gone.
      for (;;) {
        const now = pids();
        if (now.length && now.every((p) => !before.includes(p))) return;
        if (exited) throw new Error(`nginx exited on reload: ${output}`);
        await new Promise((r) => setTimeout(r, 20));
      }
    },
    stop: async () => {
      if (!exited) child.kill('SIGTERM');
      await exit;
    },
  };
}

/** The master's children (its workers), from /proc. */
function workerPids(master: number): number[] {
  const out: number[] = [];
  for (const name of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${name}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (ppid === master) out.push(Number(name));
    } catch {
      // gone
    }
  }
  return out;
}

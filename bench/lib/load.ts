// One autocannon run over a rotating list of paths (sections 5 and 9): requests/s, latency
// percentiles and every kind of failure, counted apart.
import { execFile, execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { processTree } from './proc';
import { round } from './report';

export interface Run {
  rps: number;
  p50: number;
  p99: number;
  max: number;
  errors: number;
  timeouts: number;
  non2xx: number;
  requests: number;
}

export async function hammer(
  url: string,
  paths: string[],
  seconds: number,
  connections: number,
  headers: Record<string, string> = {},
): Promise<Run> {
  let i = 0;
  const r = await autocannon({
    url,
    connections,
    duration: seconds,
    timeout: 10,
    headers,
    requests: [{ method: 'GET', setupRequest: (req) => ({ ...req, path: paths[i++ % paths.length] }) }],
  });
  return {
    rps: round(r.requests.average, 0),
    p50: r.latency.p50,
    p99: r.latency.p99,
    max: r.latency.max,
    errors: r.errors,
    timeouts: r.timeouts,
    non2xx: r.non2xx,
    requests: r['2xx'] + r.non2xx,
  };
}

/**
 * The same measure with wrk (Debian's `wrk`, C and epoll: one thread drives a server at rates
 * where autocannon's JavaScript is the bottleneck), one path or several in turn, as `hammer`
 * reports it.
 */
export async function hammerWrk(
  url: string,
  paths: string | string[],
  seconds: number,
  connections: number,
  headers: Record<string, string> = {},
): Promise<Run> {
  const list = typeof paths === 'string' ? [paths] : paths;
  const args = ['-t1', `-c${connections}`, `-d${seconds}s`, '--timeout', '10s', '--latency'];
  for (const [k, v] of Object.entries(headers)) args.push('-H', `${k}: ${v}`);
  let tmp: string | null = null;
  if (list.length > 1) {
    // Several paths: a Lua script asks for them in turn (one wrk thread, one Lua state).
    tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'wrk-'));
    fs.writeFileSync(path.join(tmp, 'paths.txt'), list.join('\n') + '\n');
    fs.writeFileSync(
      path.join(tmp, 'paths.lua'),
      `local paths = {}\nfor line in io.lines(${JSON.stringify(path.join(tmp, 'paths.txt'))}) do paths[#paths + 1] = line end\n` +
        'local i = 0\nrequest = function()\n  i = i % #paths + 1\n  return wrk.format(nil, paths[i])\nend\n',
    );
    args.push('-s', path.join(tmp, 'paths.lua'));
  }
  args.push(url + list[0]);
  try {
    return await wrkRun(args, seconds);
  } finally {
    if (tmp) fs.rmSync(tmp, { recursive: true, force: true });
  }
}

async function wrkRun(args: string[], seconds: number): Promise<Run> {
  const out = await new Promise<string>((resolve, reject) =>
    execFile('wrk', args, { timeout: (seconds + 30) * 1000 }, (err, stdout, stderr) =>
      err ? reject(new Error(`wrk: ${err.message} ${stderr}`)) : resolve(stdout),
    ),
  );
  const ms = (v: string, unit: string) => Number(v) * ({ us: 0.001, ms: 1, s: 1000, m: 60000 }[unit] ?? NaN);
  const pctl = (p: string) => {
    const m = new RegExp(`^\\s+${p}%\\s+([\\d.]+)(us|ms|s|m)\\s*$`, 'm').exec(out);
    if (!m) throw new Error(`wrk: no ${p}% latency in ${out}`);
    return round(ms(m[1], m[2]), 1);
  };
  const total = /(\d+) requests in/.exec(out);
  const rate = /Requests\/sec:\s+([\d.]+)/.exec(out);
  if (!total || !rate) throw new Error(`wrk: unexpected output ${out}`);
  const sock = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(out);
  const non2xx = /Non-2xx or 3xx responses: (\d+)/.exec(out);
  const max = /Latency\s+\S+\s+\S+\s+([\d.]+)(us|ms|s|m)/.exec(out);
  return {
    rps: round(Number(rate[1]), 0),
    p50: pctl('50'),
    p99: pctl('99'),
    max: max ? round(ms(max[1], max[2]), 1) : NaN,
    errors: sock ? Number(sock[1]) + Number(sock[2]) + Number(sock[3]) : 0,
    timeouts: sock ? Number(sock[4]) : 0,
    non2xx: non2xx ? Number(non2xx[1]) : 0,
    requests: Number(total[1]),
  };
}

let wrkInstalled: boolean | undefined;

/** Whether Debian's wrk is installed (`wrk --version` prints its usage and exits 1); asked once. */
export function hasWrk(): boolean {
  if (wrkInstalled === undefined) {
    try {
      execFileSync('wrk', ['--version'], { stdio: 'ignore' });
      wrkInstalled = true;
    } catch (e) {
      wrkInstalled = (e as { status?: number }).status === 1;
    }
  }
  return wrkInstalled;
}

/** Pins every thread of a process tree to CPUs `cpus` (taskset's list syntax, e.g. "1" or "1-3"). */
export function pin(pid: number, cpus: string): void {
  for (const p of processTree(pid)) execFileSync('taskset', ['-a', '-cp', cpus, String(p)], { stdio: 'ignore' });
}

/**
 * The load generator on CPU 0 (this process, and the wrk it starts) and the servers' process
 * trees on the other CPUs, so client and servers stop competing for a core (with 2 or more
 * CPUs; else nothing). Returns whether it pinned.
 */
export function pinLoad(serverPids: number[]): boolean {
  const cpus = os.cpus().length;
  if (cpus < 2) return false;
  pin(process.pid, '0');
  for (const p of serverPids) pin(p, cpus > 2 ? `1-${cpus - 1}` : '1');
  return true;
}

/** wrk when it is installed, else autocannon (whose own ceiling, ~2,400 req/s here, then caps the figures). */
export const hammerBest: typeof hammer = (...args) => (hasWrk() ? hammerWrk(...args) : hammer(...args));

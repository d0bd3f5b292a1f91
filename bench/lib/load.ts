// One autocannon run over a rotating list of paths (sections 5 and 9): requests/s, latency
// percentiles and every kind of failure, counted apart.
import autocannon from 'autocannon';
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
 * where autocannon's JavaScript is the bottleneck), one path, as `hammer` reports it.
 */
export async function hammerWrk(
  url: string,
  pathname: string,
  seconds: number,
  connections: number,
  headers: Record<string, string> = {},
): Promise<Run> {
  const { execFile } = await import('node:child_process');
  const args = ['-t1', `-c${connections}`, `-d${seconds}s`, '--timeout', '10s', '--latency'];
  for (const [k, v] of Object.entries(headers)) args.push('-H', `${k}: ${v}`);
  args.push(url + pathname);
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

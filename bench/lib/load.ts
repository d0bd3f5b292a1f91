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

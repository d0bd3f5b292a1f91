// The site server under load (issue 12, item 9): requests/s and p99 of one built review page
// with Accept-Encoding: br, gzip and none, the server in its own process, autocannon here.
//
//   tsx bench/site-load.ts [--site public] [--path /review/{p}/{c}/] [--seconds 10]
//                          [--connections 50] [--module server/site/serve-site.ts]
//
// --module measures another copy of serve-site.ts (e.g. the previous commit's, written next to
// it), so before and after run on the same machine minutes apart.
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { ROOT, startChildServer } from './lib/data';

const { values } = parseArgs({
  options: {
    site: { type: 'string', default: path.join(ROOT, 'public') },
    path: { type: 'string' },
    seconds: { type: 'string', default: '10' },
    connections: { type: 'string', default: '50' },
    module: { type: 'string' },
  },
});

/** The first review page of the built site, when none is given. */
function firstReviewPage(site: string): string {
  for (const p of fs
    .readdirSync(site)
    .filter((d) => /^\d+$/.test(d))
    .sort()) {
    const c = fs.readdirSync(path.join(site, p)).find((d) => fs.existsSync(path.join(site, p, d, 'index.html')));
    if (c) return `/review/${p}/${c}/`;
  }
  throw new Error(`no review page in ${site}`);
}

async function main() {
  const site = path.resolve(values.site!);
  const page = values.path ?? firstReviewPage(site);
  const env: NodeJS.ProcessEnv = {
    SITE_DIR: site,
    ...(values.module ? { SERVE_SITE: path.resolve(values.module) } : {}),
  };
  const server = await startChildServer(path.join(ROOT, 'bench', 'site-server.ts'), env);
  try {
    const rows: string[] = [];
    for (const encoding of ['br', 'gzip', '']) {
      const headers: Record<string, string> = encoding ? { 'accept-encoding': encoding } : {};
      await autocannon({ url: server.url + page, connections: 10, duration: 2, headers }); // warm-up
      const r = await autocannon({
        url: server.url + page,
        connections: Number(values.connections),
        duration: Number(values.seconds),
        headers,
      });
      rows.push(
        `| ${encoding || 'none'} | ${Math.round(r.requests.average)} | ${r.latency.p50} | ${r.latency.p99} | ${r.errors + r.timeouts} | ${r.non2xx} |`,
      );
    }
    console.log(
      `\n${page} on ${values.module ?? 'server/site/serve-site.ts'}, ${values.connections} connections, ${values.seconds} s each\n`,
    );
    console.log('| Accept-Encoding | req/s | p50 ms | p99 ms | errors | non-2xx |\n|---|---|---|---|---|---|');
    console.log(rows.join('\n'));
  } finally {
    await server.stop();
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});

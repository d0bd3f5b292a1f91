// GET /__third-party-proxy?url=... (spec section 2): serves scripts loaded off the main
// thread (Partytown) from this origin. Only URLs on the allow-list are fetched; every other
// URL is refused with 403, so the proxy can never be used to reach arbitrary hosts.
import type { FastifyInstance } from 'fastify';

export interface ProxyOptions {
  allow: readonly string[];
  timeoutMs?: number;
}

export async function thirdPartyProxy(app: FastifyInstance, opts: ProxyOptions) {
  const allowed = new Set(opts.allow);
  app.get('/__third-party-proxy', {
    schema: { querystring: { type: 'object', required: ['url'], properties: { url: { type: 'string', minLength: 1, maxLength: 2048 } } } },
  }, async (req, reply) => {
    const { url } = req.query as { url: string };
    if (!allowed.has(url)) {
      return reply.code(403).send({ messages: ['该脚本地址不在允许列表中'], message: 'URL not on the third-party script allow-list' });
    }
    try {
      const upstream = await fetch(url, { signal: AbortSignal.timeout(opts.timeoutMs ?? 10_000), redirect: 'error' });
      if (!upstream.ok) return reply.code(502).send({ messages: [`第三方脚本获取失败（HTTP ${upstream.status}）`] });
      const body = Buffer.from(await upstream.arrayBuffer());
      return reply
        .header('Content-Type', upstream.headers.get('content-type') ?? 'application/javascript; charset=utf-8')
        .header('Cache-Control', 'public, max-age=3600')
        .send(body);
    } catch (e) {
      return reply.code(502).send({ messages: ['第三方脚本暂时无法获取'], message: (e as Error).message });
    }
  });
}

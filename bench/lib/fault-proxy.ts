// A proxy in front of the reference server that breaks what a real storefront API sometimes
// sends: for a chosen share of reviews the detail answer is malformed in one of several ways
// (vanished, no comments, fields of the wrong type, a body that is not JSON), and on demand
// every answer of one path is a 503 (a required endpoint down). Everything else is passed on.
// Used by the bench's build-under-faults section (bench/faults.ts).
import Fastify from 'fastify';

export const CORRUPTIONS = [
  'vanished (404)',
  'no comments[0]',
  'postedAt not a number',
  'content not text',
  'sku not an object',
  'pictures not a list',
  'id missing',
  'body not JSON',
] as const;
export type Corruption = (typeof CORRUPTIONS)[number];

/** FNV-1a of the id: which reviews are broken, and how, is fixed by their ids. */
function hash(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 0x01000193) >>> 0;
  return h;
}

/** The corruption of review `commentId` at `share` (0.05 = 5%), or null for a good one. */
export function corruptionOf(commentId: string, share: number): Corruption | null {
  const h = hash(commentId);
  if (h % 10_000 >= share * 10_000) return null;
  return CORRUPTIONS[Math.floor(h / 10_000) % CORRUPTIONS.length];
}

export interface FaultProxy {
  url: string;
  /** Every review whose detail was asked for: commentId -> { productId, corruption }. */
  asked: Map<string, { productId: string; corruption: Corruption | null }>;
  /** Answer 503 to every request whose path starts with this (null: none). */
  down: string | null;
  close(): Promise<void>;
}

const DETAIL = /^\/api\/v1\/product-comment\/products\/([^/?]+)\/comments\?(?:.*&)?commentId=([^&]+)/;

export async function startFaultProxy(upstream: string, share: number): Promise<FaultProxy> {
  const app = Fastify({ logger: false });
  const proxy: FaultProxy = { url: '', asked: new Map(), down: null, close: () => app.close() };
  app.all('/*', async (req, reply) => {
    if (proxy.down && req.url.startsWith(proxy.down)) {
      return reply
        .code(503)
        .send({ messages: ['服务暂不可用'], message: '服务暂不可用', statusCode: 503, code: 'UNAVAILABLE' });
    }
    const res = await fetch(upstream + req.url, { method: req.method, headers: { accept: 'application/json' } });
    const text = await res.text();
    const m = DETAIL.exec(req.url);
    if (!m || res.status !== 200)
      return reply
        .code(res.status)
        .type(res.headers.get('content-type') ?? 'application/json')
        .send(text);
    const [productId, commentId] = [decodeURIComponent(m[1]), decodeURIComponent(m[2])];
    const corruption = corruptionOf(commentId, share);
    proxy.asked.set(commentId, { productId, corruption });
    if (!corruption) return reply.type('application/json').send(text);
    const body = JSON.parse(text) as { comments: Array<Record<string, unknown>> };
    const c = body.comments[0];
    switch (corruption) {
      case 'vanished (404)':
        return reply
          .code(404)
          .send({ messages: ['晒单不存在'], message: '晒单不存在', statusCode: 404, code: 'NOT_FOUND' });
      case 'no comments[0]':
        body.comments = [];
        break;
      case 'postedAt not a number':
        c.postedAt = '昨天';
        break;
      case 'content not text':
        c.content = { text: c.content };
        break;
      case 'sku not an object':
        c.sku = 'XL';
        break;
      case 'pictures not a list':
        c.pictures = { url: '/media/x.jpg' };
        break;
      case 'id missing':
        delete c.id;
        break;
      case 'body not JSON':
        return reply.type('application/json').send(text.slice(0, Math.floor(text.length / 2)));
    }
    return reply.type('application/json').send(JSON.stringify(body));
  });
  await app.listen({ host: '127.0.0.1', port: 0 });
  proxy.url = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
  return proxy;
}

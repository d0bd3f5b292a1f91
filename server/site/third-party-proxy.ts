// GET /__third-party-proxy?url=... (spec section 2): serves scripts loaded off the main
// thread (Partytown) from this origin. Only URLs on the allow-list are fetched (derived from
// the configured analytics site id: empty when none is set, docs/analytics.md); every other
// URL is refused with 403, so the proxy can never be used to reach arbitrary hosts. The
// fetch is bounded (time, size, JavaScript only) and errors never echo upstream detail.
import type { FastifyInstance, FastifyReply } from 'fastify';
import { errorBody } from '../errors';
import { THIRD_PARTY_PROXY_PATH } from '../../src/third-party';

export interface ProxyOptions {
  /** Exact URLs the proxy may fetch. */
  allow: readonly string[];
  timeoutMs?: number;
  /** Largest script accepted, in bytes. */
  maxBytes?: number;
  /**
   * Where an allow-listed URL is actually fetched from; the identity by default. Tests point
   * it at a loopback server standing in for the third-party host, so the browser side (the
   * URL asked for, the allow-list) stays exactly as in production.
   */
  resolveUpstream?: (url: string) => string;
}

const PROXY_TIMEOUT_MS = 10_000;
export const PROXY_MAX_BYTES = 512 * 1024;

// Media types a browser executes as a classic script (WHATWG MIME Sniffing, "JavaScript MIME type").
const JS_TYPES = new Set([
  'application/javascript',
  'application/x-javascript',
  'application/ecmascript',
  'text/javascript',
  'text/ecmascript',
  'text/x-javascript',
]);

const isJavaScript = (contentType: string | null) =>
  JS_TYPES.has((contentType ?? '').split(';', 1)[0].trim().toLowerCase());

class UpstreamRefused extends Error {}

/** The body, or UpstreamRefused once it passes maxBytes (the transfer is cancelled there). */
async function readCapped(res: Response, maxBytes: number): Promise<Buffer> {
  const declared = Number(res.headers.get('content-length'));
  if (Number.isFinite(declared) && declared > maxBytes) {
    await res.body?.cancel();
    throw new UpstreamRefused('too large');
  }
  const chunks: Uint8Array[] = [];
  let size = 0;
  if (!res.body) return Buffer.alloc(0);
  const reader = res.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel();
      throw new UpstreamRefused('too large');
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks);
}

const fail = (reply: FastifyReply, status: number, message: string) =>
  reply.code(status).header('Cache-Control', 'no-store').send(errorBody(status, message));

export async function thirdPartyProxy(app: FastifyInstance, opts: ProxyOptions) {
  const allowed = new Set(opts.allow);
  const timeoutMs = opts.timeoutMs ?? PROXY_TIMEOUT_MS;
  const maxBytes = opts.maxBytes ?? PROXY_MAX_BYTES;
  const resolve = opts.resolveUpstream ?? ((u: string) => u);
  app.get(
    THIRD_PARTY_PROXY_PATH,
    {
      schema: {
        querystring: {
          type: 'object',
          required: ['url'],
          properties: { url: { type: 'string', minLength: 1, maxLength: 2048 } },
        },
      },
    },
    async (req, reply) => {
      const { url } = req.query as { url: string };
      if (!allowed.has(url)) return fail(reply, 403, '该脚本地址不在允许列表中');
      let body: Buffer;
      try {
        const signal = AbortSignal.timeout(timeoutMs);
        const upstream = await fetch(resolve(url), { signal, redirect: 'error' });
        if (!upstream.ok) {
          await upstream.body?.cancel();
          return fail(reply, 502, '第三方脚本暂时无法获取');
        }
        if (!isJavaScript(upstream.headers.get('content-type'))) {
          await upstream.body?.cancel();
          return fail(reply, 502, '第三方脚本内容类型无效');
        }
        body = await readCapped(upstream, maxBytes);
      } catch (e) {
        if (e instanceof UpstreamRefused) return fail(reply, 502, '第三方脚本过大');
        // Timeouts, refused connections, redirects: the cause goes to the log, not to the client.
        req.log.warn({ err: e }, 'third-party proxy: upstream fetch failed');
        return fail(reply, 502, '第三方脚本暂时无法获取');
      }
      return reply
        .header('Content-Type', 'application/javascript; charset=utf-8')
        .header('X-Content-Type-Options', 'nosniff')
        .header('Cache-Control', 'public, max-age=3600')
        .send(body);
    },
  );
}

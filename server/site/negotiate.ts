// HTTP details of the site server's text answers: which encoding a client accepts, the
// validators of each variant, and whether a conditional request can be answered 304.
import type fs from 'node:fs';
import type { Encoding } from './compressed-bodies';

/**
 * The encoding to send for an Accept-Encoding header (RFC 9110 section 12.5.3): the highest
 * q-value among br and gzip, brotli on a tie, none when both are refused or absent ("*"
 * stands for each one not named). Plain splitting, no pattern: the header is client input.
 */
export function negotiateEncoding(header: string | string[] | undefined): Encoding | null {
  if (!header) return null;
  const q: Record<string, number> = {};
  for (const part of (Array.isArray(header) ? header.join(',') : header).split(',')) {
    const [name, ...params] = part.split(';');
    let weight = 1;
    for (const p of params) {
      const [k, v] = p.split('=');
      if (k.trim().toLowerCase() === 'q') weight = Number(v) >= 0 && Number(v) <= 1 ? Number(v) : 0;
    }
    q[name.trim().toLowerCase()] = weight;
  }
  const of = (name: string) => q[name] ?? (name === 'gzip' ? q['x-gzip'] : undefined) ?? q['*'] ?? 0;
  const br = of('br');
  const gz = of('gzip');
  if (br <= 0 && gz <= 0) return null;
  return br >= gz ? 'br' : 'gzip';
}

/**
 * A weak validator per variant: the same size-mtime tag as @fastify/static's for the file,
 * with the encoding appended for a compressed body (its bytes differ, so must its tag).
 */
export function etagOf(st: fs.Stats, encoding: Encoding | null): string {
  const base = `${st.size.toString(16)}-${Math.floor(st.mtimeMs).toString(16)}`;
  return `W/"${base}${encoding ? `-${encoding}` : ''}"`;
}

const opaque = (tag: string) => tag.trim().replace(/^W\//, '');

/** Whether the request's validators match (If-None-Match first, else If-Modified-Since). */
export function isNotModified(
  headers: Record<string, string | string[] | undefined>,
  etag: string,
  st: fs.Stats,
): boolean {
  const inm = headers['if-none-match'];
  if (typeof inm === 'string') return inm.trim() === '*' || inm.split(',').some((t) => opaque(t) === opaque(etag));
  const ims = headers['if-modified-since'];
  if (typeof ims === 'string') {
    const since = Date.parse(ims);
    return Number.isFinite(since) && Math.floor(st.mtimeMs / 1000) * 1000 <= since;
  }
  return false;
}

/** Content types of the files sent compressed (text); every other file goes out as it is. */
const TEXT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.xml': 'application/xml; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
};

export function textTypeOf(rel: string): string | undefined {
  const dot = rel.lastIndexOf('.');
  return dot >= 0 && dot > rel.lastIndexOf('/') ? TEXT_TYPES[rel.slice(dot).toLowerCase()] : undefined;
}

// Range requests (RFC 9110 section 14), for any body whose size is known: the media's pictures,
// the site's text answers, and the review videos to come (issue 25, F14; videos: issue 21).
// One range per request (a browser's media element and resumed downloads ask for one); a
// request for several ranges gets the whole body, which RFC 9110 allows. A stale If-Range gets
// the whole body too. Nothing here reads the body: the caller sends the bytes it is given.
import type { FastifyReply, FastifyRequest } from 'fastify';

/** Inclusive byte offsets, as in Content-Range. */
export interface ByteRange {
  start: number;
  end: number;
}

export interface Validators {
  /** The answer's ETag (a weak one never matches If-Range). */
  etag?: string;
  lastModified?: Date;
}

/** `bytes=a-b`, `bytes=a-`, `bytes=-n` only: digits, so no backtracking, and bounded by the 16 KB header cap. */
const SINGLE = /^bytes=(\d{0,15})-(\d{0,15})$/;

/** The range a request asks of a body of `size` bytes: null for the whole body, 'unsatisfiable' for 416. */
export function requestedRange(
  headers: FastifyRequest['headers'],
  size: number,
  v: Validators = {},
): ByteRange | null | 'unsatisfiable' {
  const header = headers.range;
  if (typeof header !== 'string') return null;
  const ifRange = headers['if-range'];
  if (typeof ifRange === 'string' && !ifRangeHolds(ifRange, v)) return null;
  const m = SINGLE.exec(header.trim());
  if (!m || (m[1] === '' && m[2] === '')) return null; // several ranges or another unit: the whole body
  let start: number;
  let end: number;
  if (m[1] === '') {
    const suffix = Number(m[2]);
    if (suffix === 0) return 'unsatisfiable';
    start = Math.max(0, size - suffix);
    end = size - 1;
  } else {
    start = Number(m[1]);
    end = m[2] === '' ? size - 1 : Math.min(Number(m[2]), size - 1);
    if (m[2] !== '' && Number(m[2]) < start) return null; // invalid: ignored
  }
  if (start >= size || size === 0) return 'unsatisfiable';
  return { start, end };
}

function ifRangeHolds(ifRange: string, v: Validators): boolean {
  const value = ifRange.trim();
  if (value.startsWith('"') || value.startsWith('W/')) return !!v.etag && !v.etag.startsWith('W/') && value === v.etag;
  if (!v.lastModified) return false;
  const date = Date.parse(value);
  return Number.isFinite(date) && Math.floor(v.lastModified.getTime() / 1000) === Math.floor(date / 1000);
}

/**
 * Sets the answer's headers for a request's range of a body of `size` bytes: Accept-Ranges
 * always; for a range 206, Content-Range and Content-Length (the caller sends those bytes); for
 * an unsatisfiable one 416 with `Content-Range: bytes * /size`, sent here ('sent').
 */
export function applyRange(
  req: FastifyRequest,
  reply: FastifyReply,
  size: number,
  v: Validators = {},
): ByteRange | null | 'sent' {
  reply.header('Accept-Ranges', 'bytes');
  const r = requestedRange(req.headers, size, v);
  if (r === null) return null;
  if (r === 'unsatisfiable') {
    void reply.code(416).header('Content-Range', `bytes */${size}`).header('Content-Length', 0).send();
    return 'sent';
  }
  reply
    .code(206)
    .header('Content-Range', `bytes ${r.start}-${r.end}/${size}`)
    .header('Content-Length', r.end - r.start + 1);
  return r;
}

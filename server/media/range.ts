// Single byte ranges (RFC 9110 section 14) for the demo videos: a <video> element asks for
// `bytes=0-` first and then seeks with other ranges; iOS Safari refuses a video whose server
// does not answer 206. Self-contained so it can be folded with the site server's generic Range
// support; only the forms players send are honoured: `a-b`, `a-` and `-n`. A list of ranges or a
// malformed header is ignored (the whole file with 200, as RFC 9110 allows); a range that starts
// past the end is 416 with `Content-Range: bytes */size`.

export type RangeAnswer =
  { kind: 'full' } | { kind: 'partial'; start: number; end: number } | { kind: 'unsatisfiable' };

const RANGE_RE = /^bytes=([0-9]{0,15})-([0-9]{0,15})$/;

/** What to answer for a Range header over a file of `size` bytes. */
export function parseRange(header: string | undefined, size: number): RangeAnswer {
  if (header === undefined) return { kind: 'full' };
  const m = RANGE_RE.exec(header.trim());
  if (!m || (m[1] === '' && m[2] === '')) return { kind: 'full' };
  if (m[1] === '') {
    // Suffix: the last n bytes.
    const n = Number(m[2]);
    if (n === 0) return { kind: 'unsatisfiable' };
    return { kind: 'partial', start: Math.max(0, size - n), end: size - 1 };
  }
  const start = Number(m[1]);
  const end = m[2] === '' ? size - 1 : Math.min(Number(m[2]), size - 1);
  if (m[2] !== '' && Number(m[2]) < start) return { kind: 'full' }; // invalid: ignored
  if (start >= size) return { kind: 'unsatisfiable' };
  return { kind: 'partial', start, end };
}

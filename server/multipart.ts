// A small multipart/form-data reader for the one upload the API takes (POST
// /api/v2/profile/photo-ids). The body arrives buffered and size-capped by Fastify's bodyLimit
// (server/routes/profile.ts), so this only splits it: Buffer.indexOf, no regular expression
// over the body, bounded part count and header size. (@fastify/multipart would stream it; it
// is not a dependency of the project: docs/server.md, "Profile".)

export interface FilePart {
  field: string;
  filename: string | null;
  contentType: string | null;
  data: Buffer;
}

const MAX_PARTS = 10;
const MAX_PART_HEADER = 4096;
const CRLF = Buffer.from('\r\n');
const HEADER_END = Buffer.from('\r\n\r\n');

/** The boundary parameter of a multipart Content-Type (RFC 2046: 1 to 70 characters), or null. */
export function boundaryOf(contentType: string | undefined): string | null {
  if (!contentType || contentType.length > 300) return null;
  const lower = contentType.toLowerCase();
  if (!lower.startsWith('multipart/form-data')) return null;
  const at = lower.indexOf('boundary=');
  if (at < 0) return null;
  let b = contentType.slice(at + 'boundary='.length);
  const semi = b.indexOf(';');
  if (semi >= 0) b = b.slice(0, semi);
  b = b.trim();
  if (b.startsWith('"') && b.endsWith('"') && b.length >= 2) b = b.slice(1, -1);
  return b.length >= 1 && b.length <= 70 ? b : null;
}

/** A quoted parameter of a Content-Disposition line (name="image"), or null. */
function param(header: string, name: string): string | null {
  const key = `${name}="`;
  let at = header.indexOf(`; ${key}`);
  if (at < 0) at = header.indexOf(`;${key}`);
  if (at < 0) return null;
  const start = header.indexOf('"', at) + 1;
  const end = header.indexOf('"', start);
  return end > start ? header.slice(start, end) : end === start ? '' : null;
}

/** The parts of a buffered multipart body; null when it is not well formed. */
export function parseMultipart(body: Buffer, boundary: string): FilePart[] | null {
  const delim = Buffer.from(`--${boundary}`);
  const next = Buffer.from(`\r\n--${boundary}`);
  let pos = body.indexOf(delim);
  if (pos < 0) return null;
  const parts: FilePart[] = [];
  for (;;) {
    pos += delim.length;
    if (body[pos] === 0x2d && body[pos + 1] === 0x2d) return parts; // "--": the closing delimiter
    if (!body.subarray(pos, pos + 2).equals(CRLF)) return null;
    pos += 2;
    const headEnd = body.indexOf(HEADER_END, pos);
    if (headEnd < 0 || headEnd - pos > MAX_PART_HEADER) return null;
    const headers = body.subarray(pos, headEnd).toString('utf8').split('\r\n');
    const dataStart = headEnd + HEADER_END.length;
    const dataEnd = body.indexOf(next, dataStart);
    if (dataEnd < 0) return null;
    let disposition = '';
    let contentType: string | null = null;
    for (const h of headers) {
      const colon = h.indexOf(':');
      const key = h.slice(0, colon).trim().toLowerCase();
      if (key === 'content-disposition') disposition = h.slice(colon + 1).trim();
      else if (key === 'content-type')
        contentType = h
          .slice(colon + 1)
          .trim()
          .toLowerCase();
    }
    const field = param(disposition, 'name');
    if (field === null) return null;
    parts.push({
      field,
      filename: param(disposition, 'filename'),
      contentType,
      data: body.subarray(dataStart, dataEnd),
    });
    if (parts.length > MAX_PARTS) return null;
    pos = dataEnd + 2; // at the next delimiter
  }
}

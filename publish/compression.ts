// The site's compression settings, one place for the two sides that compress its text files:
// the publish's `.br`/`.gz` siblings, which nginx sends (publish/precompress.ts), and the site
// server's compressed bodies (server/site/compressed-bodies.ts). Both make a file's bodies here,
// so a page is the same bytes whichever server sends it (tests/unit/site/compression-sides.test.ts).
//
// Brotli at quality 5 (text mode, the size as a hint), gzip at level 6: on this site's files
// brotli 5 is within 10% of quality 11's size at 1/30 of its time (a 62 KB review page: 13.2 KB
// in ~10 ms against 12.1 KB in ~320 ms; framework.js 43.3 KB against 39.4 KB in 1.6 s), and a
// first visitor of a page the server compresses waits for it.
import zlib from 'node:zlib';
import { promisify } from 'node:util';

export const BROTLI_QUALITY = 5;
export const GZIP_LEVEL = 6;

/** The encodings the site compresses to, as `Accept-Encoding` names them. */
export type Encoding = 'br' | 'gzip';
/** The sibling file of each encoding: `<file>.br`, `<file>.gz`. */
export const SIBLING_SUFFIX: Readonly<Record<Encoding, string>> = { br: '.br', gzip: '.gz' };

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** `raw` compressed with `encoding` at the site's settings, in zlib's thread pool. */
export function compressBody(encoding: Encoding, raw: Buffer): Promise<Buffer> {
  if (encoding === 'gzip') return gzip(raw, { level: GZIP_LEVEL });
  return brotli(raw, {
    params: {
      [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
      [zlib.constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY,
      [zlib.constants.BROTLI_PARAM_SIZE_HINT]: raw.length,
    },
  });
}

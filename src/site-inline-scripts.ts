// The inline scripts the site's pages may carry (issue 25, F11): Gatsby's page path, chunk map
// and compilation hash, the 404 page's unbuilt-review marker and the search page's early
// requests (issue 43, src/search/early-script.ts) (gatsby-ssr.tsx). The page's CSP hashes
// these and nothing else (server/security-headers.ts), and the build fails on any other inline
// script (gatsby/inline-scripts-check.ts): a script injected into a page at build time (a
// failure of escaping somewhere) is neither allowed nor shipped. Node-only (build and server).
import { unbuiltReviewMarkerScript } from './review/unbuilt';
import { EARLY_SEARCH_ID, earlySearchScript } from './search/early-script';

export const UNBUILT_MARKER_ID = 'unbuilt-review-marker';

/**
 * The known scripts: the id each carries (null: Gatsby writes its compilation hash without
 * one) and what its body must look like; each counts once per page. Bodies as Gatsby 5.14
 * writes them in production (the chunk map on its own lines, without the CDATA comment).
 */
const KNOWN: Array<{ key: string; id: string | null; body: (b: string) => boolean }> = [
  {
    key: 'gatsby-script-loader',
    id: 'gatsby-script-loader',
    body: (b) => b.startsWith('/*<![CDATA[*/window.pagePath=') && b.endsWith('/*]]>*/'),
  },
  {
    key: 'gatsby-chunk-mapping',
    id: 'gatsby-chunk-mapping',
    body: (b) => /^(\/\*<!\[CDATA\[\*\/)?window\.___chunkMapping=/.test(b.trim()),
  },
  {
    key: 'compilation-hash',
    id: null,
    body: (b) => /^window\.___webpackCompilationHash="[0-9a-f]{1,64}";$/.test(b),
  },
  { key: UNBUILT_MARKER_ID, id: UNBUILT_MARKER_ID, body: (b) => b === unbuiltReviewMarkerScript() },
  { key: EARLY_SEARCH_ID, id: EARLY_SEARCH_ID, body: (b) => b === earlySearchScript() },
];

/** Types a <script> runs as (HTML spec: a missing type or a JavaScript MIME type, or module). */
const EXECUTABLE = /^(|text\/javascript|application\/javascript|module)$/i;
// Lazy body up to the first </script>: linear, as the browser's own parser ends the element there.
const SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi;

export interface InlineScript {
  id: string | null;
  body: string;
  /** One of the project's own (each known id counts once per page). */
  known: boolean;
}

/**
 * The inline scripts of a page that a browser would run, each said known or not. The page as a
 * string, or as its UTF-8 bytes: then it is scanned as latin1 (one character per byte, no UTF-8
 * decoding of the whole page, the slow part of reading thousands of pages) and only each
 * script's attributes and body are decoded; the tags are ASCII, so the result is the same.
 */
export function inlineScripts(html: string | Uint8Array): InlineScript[] {
  const bytes = typeof html === 'string' ? null : Buffer.from(html.buffer, html.byteOffset, html.byteLength);
  const text = bytes ? bytes.toString('latin1') : (html as string);
  const decode = bytes ? (s: string) => Buffer.from(s, 'latin1').toString('utf8') : (s: string) => s;
  const out: InlineScript[] = [];
  const seen = new Set<string>();
  for (const m of text.matchAll(SCRIPT)) {
    const attrs = decode(m[1]);
    if (/\bsrc\s*=/i.test(attrs)) continue;
    const type = /\btype\s*=\s*["']?([^"'\s>]*)/i.exec(attrs)?.[1] ?? '';
    if (!EXECUTABLE.test(type.trim())) continue;
    const id = /\bid\s*=\s*["']?([^"'\s>]*)/i.exec(attrs)?.[1] ?? null;
    const body = decode(m[2]);
    const rule = KNOWN.find((k) => k.id === id && k.body(body));
    const known = !!rule && !seen.has(rule.key);
    if (rule) seen.add(rule.key);
    out.push({ id, body, known });
  }
  return out;
}

// The inline scripts the site's pages may carry (issue 25, F11), by id: Gatsby's page path and
// chunk map, and the 404 page's unbuilt-review marker (gatsby-ssr.tsx). The page's CSP hashes
// these and nothing else (server/security-headers.ts), and the build fails on any other inline
// script (gatsby/inline-scripts-check.ts): a script injected into a page at build time (a
// failure of escaping somewhere) is neither allowed nor shipped. Node-only (build and server).
import { unbuiltReviewMarkerScript } from './review/unbuilt';

export const UNBUILT_MARKER_ID = 'unbuilt-review-marker';

/** Known ids and what their body must look like. */
const KNOWN: Record<string, (body: string) => boolean> = {
  'gatsby-script-loader': (b) => b.startsWith('/*<![CDATA[*/window.pagePath=') && b.endsWith('/*]]>*/'),
  'gatsby-chunk-mapping': (b) => b.startsWith('/*<![CDATA[*/window.___chunkMapping=') && b.endsWith('/*]]>*/'),
  [UNBUILT_MARKER_ID]: (b) => b === unbuiltReviewMarkerScript(),
};

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

/** The inline scripts of a page that a browser would run, each said known or not. */
export function inlineScripts(html: string): InlineScript[] {
  const out: InlineScript[] = [];
  const seen = new Set<string>();
  for (const m of html.matchAll(SCRIPT)) {
    const attrs = m[1];
    if (/\bsrc\s*=/i.test(attrs)) continue;
    const type = /\btype\s*=\s*["']?([^"'\s>]*)/i.exec(attrs)?.[1] ?? '';
    if (!EXECUTABLE.test(type.trim())) continue;
    const id = /\bid\s*=\s*["']?([^"'\s>]*)/i.exec(attrs)?.[1] ?? null;
    const body = m[2];
    const known = id !== null && !seen.has(id) && KNOWN[id]?.(body) === true;
    if (id !== null) seen.add(id);
    out.push({ id, body, known });
  }
  return out;
}

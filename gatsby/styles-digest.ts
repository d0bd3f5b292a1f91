// Gatsby 5 (slices mode) re-renders an unchanged page only when the HTML renderer's own
// chunks change (getSSRChunkHashes: render-page and the page's template). Stylesheets are not
// part of the renderer (CSS is dropped from the SSR bundle), so after an edit to CSS alone a
// build with the .cache/ of the previous one emits the new styles.css and then reports "There
// are no new or changed html files to build": every page goes on inlining the old stylesheet
// (measured here, with the browser bundle's compilation hash changed or not). So the digest of
// the stylesheets is compiled into the renderer (gatsby-ssr.tsx writes it as data-styles on
// <html>): a CSS edit changes render-page and with it every page.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/** Every .css file under src/, and the version of Swiper whose CSS gatsby-browser imports. */
export function stylesDigest(root: string): string {
  const files: string[] = [];
  const walk = (dir: string) => {
    for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
      const p = path.join(dir, e.name);
      if (e.isDirectory()) walk(p);
      else if (e.name.endsWith('.css')) files.push(p);
    }
  };
  walk(path.join(root, 'src'));
  const h = createHash('sha256');
  for (const f of files.sort()) h.update(path.relative(root, f)).update('\0').update(fs.readFileSync(f)).update('\0');
  try {
    h.update(
      String(
        (
          JSON.parse(fs.readFileSync(path.join(root, 'node_modules', 'swiper', 'package.json'), 'utf8')) as {
            version?: string;
          }
        ).version,
      ),
    );
  } catch {
    /* no Swiper installed: nothing of it to track */
  }
  return h.digest('hex').slice(0, 16);
}

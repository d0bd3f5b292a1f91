// Every HTML file of the built site (public/), with the URL path it answers at.
import fs from 'node:fs';
import path from 'node:path';

export interface BuiltPage {
  /** File path relative to public/, e.g. "100001/5000001/index.html" or "404.html". */
  file: string;
  /** URL path under /review: "/review/100001/5000001/", "/review/404.html". */
  urlPath: string;
}

export function builtHtmlPages(publicDir: string, prefix = '/review'): BuiltPage[] {
  const out: BuiltPage[] = [];
  const walk = (dir: string) => {
    for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
      const p = path.join(dir, e.name);
      if (e.isDirectory()) {
        // Gatsby's own folders hold data and assets, never pages.
        if (dir === publicDir && ['static', 'page-data', '_gatsby', '~partytown'].includes(e.name)) continue;
        walk(p);
      } else if (e.name.endsWith('.html')) {
        const file = path.relative(publicDir, p).split(path.sep).join('/');
        const urlPath = `${prefix}/${file.endsWith('index.html') ? file.slice(0, -'index.html'.length) : file}`;
        out.push({ file, urlPath });
      }
    }
  };
  walk(publicDir);
  return out.sort((a, b) => a.file.localeCompare(b.file));
}

/** Review detail pages: /review/{productId}/{commentId}/ (both numeric ids in the demo data). */
export const isReviewPage = (p: BuiltPage) => /^\d+\/\d+\/index\.html$/.test(p.file);

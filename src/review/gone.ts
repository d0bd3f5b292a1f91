// A returning visitor and a taken-down review (issue 13, "Instant takedown"). gatsby-plugin-offline
// answers a navigation with its app shell (an empty page) when it holds every resource recorded
// for the path; the shell then asks the network for the page data (NetworkFirst), which answers
// 410 for a taken-down review (server/site/taken-down.ts). Gatsby's loader treats a 410 like a
// network error: three retries, then "Not rendering React", an empty page. So before Gatsby
// loads anything on the shell at a review's URL, this asks for the page data once; on 410 it
// drops the cached copy (the worker then has to ask the network for the page) and loads the URL
// again, which gets the server's own 410 page, "该晒单已下架".
import { PATH_PREFIX } from '../paths';
import { unbuiltReviewIds } from './unbuilt';

export const APP_SHELL_PATH = '/offline-plugin-app-shell-fallback/';
const RELOADED = 'review-gone-reload';

const pageDataUrl = (sitePath: string) => `${PATH_PREFIX}/page-data${sitePath.replace(/\/$/, '')}/page-data.json`;

/** Resolves when Gatsby may go on; never when the page is being replaced. */
export async function leaveIfGone(): Promise<void> {
  const { pathname } = window.location;
  const sitePath = pathname.startsWith(`${PATH_PREFIX}/`) ? pathname.slice(PATH_PREFIX.length) : pathname;
  if (!unbuiltReviewIds(sitePath)) return;
  const url = pageDataUrl(sitePath.endsWith('/') ? sitePath : `${sitePath}/`);
  let status = 0;
  try {
    status = (await fetch(url, { cache: 'no-store' })).status;
  } catch {
    return;
  }
  if (status !== 410) return;
  if ('caches' in window) {
    const keys = await caches.keys();
    await Promise.all(keys.map(async (k) => (await caches.open(k)).delete(url)));
  }
  // Once per tab and URL: if the worker still answered with the shell, say it here.
  if (sessionStorage.getItem(RELOADED) !== pathname) {
    sessionStorage.setItem(RELOADED, pathname);
    window.location.replace(window.location.href);
  } else {
    sessionStorage.removeItem(RELOADED);
    const main = document.createElement('main');
    const h1 = document.createElement('h1');
    h1.textContent = '该晒单已下架';
    main.append(h1);
    document.body.replaceChildren(main);
  }
  return new Promise<void>(() => undefined);
}

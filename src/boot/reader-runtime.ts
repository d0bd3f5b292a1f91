// The spec's runtime for a reader who never touches the page (issue 40), without React: the
// site's entry (./entry.ts) loads this chunk in the first idle period after the load event,
// whether or not Gatsby's runtime has started. It writes the visit (guest id, device id,
// session start, the landing URL's UTM parameters: spec section 4), registers the service
// worker and gives it what the page needs offline (gatsby-plugin-offline's own steps), prefetches
// the pages of the links in view in batches of 4 every 3 s (spec section 9; skipped on 2g, data
// saver and for bots), in WeChat sets the share card from the page's own head, and on a
// product hub asks for the reviews a filter tapped before hydration picks, at the tap
// (../components/listing/review-filter-early.ts). Until the runtime starts it also readies
// what the runtime will ask for first (warmBootFiles). Once
// Gatsby's runtime has started, it does the service worker and the prefetches itself (its
// loader prefetches page data for the links it renders): this module's stop there.
import { captureLandingUtm, startVisit } from '../hooks/landing';
import { isWechat } from '../hooks/use-wechat-share';
import { PATH_PREFIX } from '../paths';
import { BOOT_ATTRIBUTE } from './engagement';

const runtimeStarted = () => document.documentElement.getAttribute(BOOT_ATTRIBUTE) === 'started';

/** Everything at once, each part on its own: one that fails leaves the others. */
export function startReaderRuntime(landing: string): void {
  captureLandingUtm(landing);
  startVisit();
  if (!runtimeStarted()) {
    warmBootFiles();
    registerServiceWorker();
    prefetchLinksInView();
  }
  if (isWechat(navigator.userAgent)) setWechatCard();
  if (document.querySelector('.previews[data-product]'))
    import('../components/listing/review-filter-early').then(
      (m) => m.askOnHubTaps(),
      () => undefined,
    );
}

/** Gatsby's loader's rules for a prefetch (cache-dir/loader.js): not on 2g or data saver, not for bots. */
export function mayPrefetch(nav: Navigator): boolean {
  if (/bot|crawler|spider|crawling/i.test(nav.userAgent ?? '')) return false;
  const c = (nav as Navigator & { connection?: { effectiveType?: string; saveData?: boolean } }).connection;
  return !c || (!(c.effectiveType ?? '').includes('2g') && !c.saveData);
}

/** Pages prefetched per batch, and the time between batches (spec section 9). */
const PREFETCH_BATCH = 4;
const PREFETCH_EVERY_MS = 3_000;

/** At most this many of the page's boot files are asked for (a review page names 7). */
const BOOT_FILES_MAX = 24;

/**
 * What Gatsby's runtime asks for before it hydrates this page (`<html data-boot-files>`,
 * gatsby-ssr.tsx): its template's chunks, and its page data, the site's data and its static
 * queries' results. Asked for by the runtime one after the other at the shopper's first tap that
 * needs React, they were two round trips of that tap's wait on a phone.
 * - The chunks (hashed, cached for a year) are prefetched now, under Gatsby's rules for a prefetch.
 * - The data is revalidated on every request (server/site/cache-rules.ts: a rebuild or a takedown
 *   shows at once), so a prefetch would not spare the runtime's round trip. It is preloaded the
 *   moment the runtime starts instead, as the search page preloads its own (gatsby-ssr.tsx): the
 *   runtime's requests take those answers while it evaluates. Not before: a preload the page never
 *   uses is a console warning, and a page a reader never touches never uses it.
 */
function warmBootFiles() {
  const files = (document.documentElement.dataset.bootFiles ?? '')
    .split(' ')
    .slice(0, BOOT_FILES_MAX)
    .filter((f) => f.startsWith(`${PATH_PREFIX}/`) && !f.includes('//'));
  if (mayPrefetch(navigator)) for (const f of files) if (f.endsWith('.js')) prefetch(f);
  const data = files.filter((f) => f.endsWith('.json'));
  const watch = new MutationObserver(() => {
    if (!runtimeStarted()) return;
    watch.disconnect();
    for (const f of data) {
      const link = document.createElement('link');
      link.rel = 'preload';
      link.as = 'fetch';
      link.crossOrigin = 'anonymous';
      link.href = f;
      document.head.appendChild(link);
    }
  });
  watch.observe(document.documentElement, { attributes: true, attributeFilter: [BOOT_ATTRIBUTE] });
}

/** A `<link rel=prefetch>` for `href` in the head (removed once done when `once`). */
function prefetch(href: string, once = false) {
  const link = document.createElement('link');
  link.rel = 'prefetch';
  link.href = href;
  if (once) link.onload = link.onerror = () => link.remove();
  document.head.appendChild(link);
}

/**
 * The site's page a link leads to, as a document URL (no fragment), or null for a link that
 * leaves the site, the page itself, or a file rather than a page.
 */
export function pageUrlOf(a: HTMLAnchorElement, here: Location): string | null {
  if (a.origin !== here.origin || a.hasAttribute('download')) return null;
  const { pathname } = a;
  if (pathname !== PATH_PREFIX && !pathname.startsWith(`${PATH_PREFIX}/`)) return null;
  if (!pathname.endsWith('/')) return null;
  const url = pathname + a.search;
  return url === here.pathname + here.search ? null : url;
}

/**
 * The documents of the site's links as they come into view, prefetched as Gatsby's loader does
 * its page data: the first batch 3 s after this starts, then a batch of 4 every 3 s while any
 * wait. A tap on a link before the runtime has started navigates as a document, so the
 * document is what is prefetched. Stops once the runtime has started (its own prefetch of page
 * data takes over).
 */
function prefetchLinksInView() {
  if (!mayPrefetch(navigator) || typeof IntersectionObserver !== 'function') return;
  const queued: string[] = [];
  const seen = new Set<string>();
  let timer = 0;
  const batch = () => {
    timer = 0;
    if (runtimeStarted()) return observer.disconnect();
    for (const href of queued.splice(0, PREFETCH_BATCH)) prefetch(href);
    if (queued.length > 0) timer = window.setTimeout(batch, PREFETCH_EVERY_MS);
  };
  const observer = new IntersectionObserver((entries) => {
    for (const e of entries) {
      if (!e.isIntersecting) continue;
      observer.unobserve(e.target);
      const url = pageUrlOf(e.target as HTMLAnchorElement, window.location);
      if (!url || seen.has(url)) continue;
      seen.add(url);
      queued.push(url);
    }
    if (queued.length > 0 && !timer) timer = window.setTimeout(batch, PREFETCH_EVERY_MS);
  });
  for (const a of document.querySelectorAll('a[href]')) observer.observe(a);
}

/**
 * gatsby-plugin-offline's worker, registered as Gatsby's runtime registers it
 * (cache-dir/register-service-worker.js) with what the plugin does on its events: once a first
 * worker is active, the page's own resources go into its cache and it is told which of them the
 * page needs (so it can serve the page offline); a new worker over an old one (a rebuild)
 * reloads the page, as gatsby-browser.tsx's onServiceWorkerUpdateReady does.
 */
function registerServiceWorker() {
  if (!('serviceWorker' in navigator)) return;
  const { protocol, hostname } = window.location;
  if (protocol !== 'https:' && hostname !== 'localhost' && hostname !== '127.0.0.1') return;
  navigator.serviceWorker
    .register(`${PATH_PREFIX}/sw.js`)
    .then((reg: ServiceWorkerRegistration | undefined) => {
      // (A browser that blocks workers, as an automated one may, answers nothing.)
      reg?.addEventListener('updatefound', () => {
        // Gatsby's runtime, started since, may have its own listeners on this worker: what
        // both do is the same (the worker takes a page's resources once; a reload is a reload).
        const worker = reg.installing;
        if (!worker) return;
        worker.addEventListener('statechange', () => {
          if (worker.state === 'installed' && navigator.serviceWorker.controller) {
            (window as { ___swUpdated?: boolean }).___swUpdated = true;
            window.location.reload();
          } else if (worker.state === 'activated') void cachePageFor(worker);
        });
      });
    })
    .catch((e: unknown) => console.error('Service worker 注册失败', e));
}

/** The page's resources in the worker's caches, and the worker told which the page needs. */
async function cachePageFor(worker: ServiceWorker) {
  const page = (window as { pagePath?: string }).pagePath;
  if (typeof page !== 'string') return;
  // Gatsby's createPageDataUrl: the path without its slashes, `index` for the home page.
  const pageData = `${PATH_PREFIX}/page-data${page === '/' ? '/index' : page.replace(/\/$/, '')}/page-data.json`;
  const head = [...document.querySelectorAll('head > script[src], head > link[href], head > style[data-href]')]
    .filter((n) => n.tagName !== 'LINK' || /^(stylesheet|preload)$/.test(n.getAttribute('rel') ?? ''))
    .map((n) => (n as HTMLScriptElement).src || (n as HTMLLinkElement).href || n.getAttribute('data-href') || '')
    .filter(Boolean);
  let resources: string[] = [];
  try {
    const res = await fetch(pageData);
    const { componentChunkName } = (await res.json()) as { componentChunkName?: string };
    const chunks = (window as { ___chunkMapping?: Record<string, string[]> }).___chunkMapping ?? {};
    resources = [...(chunks[componentChunkName ?? ''] ?? []).map((c) => PATH_PREFIX + c), pageData];
  } catch {
    return; // offline already, or no page data: nothing the worker could serve the page with
  }
  worker.postMessage({ gatsbyApi: 'setPathResources', path: page, resources });
  for (const href of [...head, ...resources]) prefetch(href, true);
}

/** In WeChat, the share card of the page's own head (og: tags), as the review page's hook sets it. */
function setWechatCard() {
  const og = (p: string) => document.querySelector(`meta[property="og:${p}"]`)?.getAttribute('content') ?? '';
  const card = { title: og('title'), desc: og('description'), link: og('url'), imgUrl: og('image') };
  if (!card.title || !card.link) return;
  import('../hooks/wechat-share').then(
    (m) => m.setUpWechatShare(card).catch(() => undefined /* WeChat's default card */),
    () => undefined,
  );
}

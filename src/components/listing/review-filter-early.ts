// A product hub's review filter and sort tapped before React has hydrated (issue 40). The tap
// is held for the list (ProductReviews) and its button pressed at once, as every toggle in a
// group is (src/boot/engagement.ts); this module, which the reader's runtime loads once a hub
// has loaded (src/boot/reader-runtime.ts), or the hold at a tap on a filter before that, asks for the reviews the tap picked at the tap
// (src/listing/comments-page.ts) and, when they come before React has the list, draws them in
// the list's slot (src/listing/review-items-html.ts, the list's own drawing): the shopper sees
// the filter's reviews without waiting for the runtime, which then starts from that list. When
// React has the list first, it takes the request instead of asking again. A tap that picks the
// build's own list back (全部, 最新) draws it again from the page. So such a tap does not start
// the runtime (engagement.ts, `engaged`): at fcp+1s its evaluation and hydration delayed the
// list the tap asked for. The runtime starts at the shopper's next engagement instead.
import { askPressedPage, drawingBuiltList, drawingList, warm, withPage } from '../../listing/comments-page';
// The API client's chunk comes with this one, side by side, not after it (warm() then finds it):
// a tap that brings this module in asks as soon as it has come.
import '../../storefront/client';
import { filterKey } from '../../listing/review-filter';
import { reviewItemsHtml } from '../../listing/review-items-html';

const BUTTON = '.previews button[data-filter], .previews button[data-sort]';
const SECTION = '.previews[data-product]';

/** The pressed button's value of `attr` in the section. */
const pressed = (section: Element, attr: string, fallback: string): string =>
  section.querySelector(`button[${attr}][aria-pressed="true"]`)?.getAttribute(attr) ?? fallback;

/** The tapped button's value of `attr` where it has one, else the pressed button's. */
const pick = (section: Element, tapped: Element, attr: string, fallback: string): string =>
  tapped.getAttribute(attr) ?? pressed(section, attr, fallback);

/** The latest pick of a filter and sort: only its answer is drawn. */
let latest = 0;

/** The build's own list as the page came (全部, 最新), to draw again when a tap picks it back. */
let built: { html: string; count: string; hasMore: boolean } | null = null;

/** Draws a list in the section's slot with what ProductReviews renders for it (the state attributes, 加载更多评价). */
function draw(section: HTMLElement, html: string, filter: string, sort: string, count: string, hasMore: boolean) {
  const body = section.querySelector('.previews__body');
  if (!body) return;
  body.innerHTML = html;
  Object.assign(section.dataset, { filter, sort, status: 'idle', count });
  const more = section.querySelector<HTMLElement>('.previews__more .morebtn');
  if (more) more.hidden = !hasMore;
}

/** Asks for the reviews of a pick and draws them once they come, unless React has the list by then. */
function show(section: HTMLElement, productId: string, filterAttr: string, sortAttr: string) {
  const picked = askPressedPage(productId, filterAttr, sortAttr);
  if (!picked) return;
  const pick = ++latest;
  const { filter, sort, answer } = picked;
  if (!answer) {
    // The build's own list: drawn again from the page, nothing to ask.
    if (built && drawingBuiltList(productId)) draw(section, built.html, 'all', sort, built.count, built.hasMore);
    return;
  }
  answer.then(
    (res) => {
      const list = withPage(res, productId, filter, 0, []);
      if (pick !== latest || !drawingList({ ...list, productId, filter, sort })) return;
      draw(
        section,
        reviewItemsHtml(list.items, false),
        filterKey(filter),
        sort,
        String(list.items.length),
        list.hasMore,
      );
    },
    () => undefined, // the list asks again once React has it
  );
}

let started = false;

/**
 * From now until React has hydrated, a tap on the hub's filter or sort asks for its reviews. Once
 * per page: the reader's runtime calls it, and the hold at a tap on the filter if it comes first.
 */
export function askOnHubTaps(): void {
  const section = document.querySelector<HTMLElement>(SECTION);
  if (started || !section || document.documentElement.dataset.hydrated) return;
  started = true;
  warm();
  built = {
    html: section.querySelector('.previews__body')?.innerHTML ?? '',
    count: section.dataset.count ?? '',
    hasMore: !section.querySelector<HTMLElement>('.previews__more .morebtn')?.hidden,
  };
  const productId = section.dataset.product ?? '';
  // A tap before this module came (the load not yet over) pressed its button already: asked now.
  show(section, productId, pressed(section, 'data-filter', 'all'), pressed(section, 'data-sort', 'posted_at'));
  const onClick = (e: Event) => {
    if (document.documentElement.dataset.hydrated) {
      window.removeEventListener('click', onClick, true);
      return;
    }
    // The window's capture phase: before the hold (at the document) presses the button.
    const button = e.target instanceof Element ? e.target.closest(BUTTON) : null;
    if (!button || !section.contains(button)) return;
    show(
      section,
      productId,
      pick(section, button, 'data-filter', 'all'),
      pick(section, button, 'data-sort', 'posted_at'),
    );
  };
  window.addEventListener('click', onClick, { capture: true, passive: true });
}

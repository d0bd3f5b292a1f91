// A product hub's review filter and sort tapped before React has hydrated (issue 40). The tap
// is held for the list (ProductReviews) and its button pressed at once, as every toggle in a
// group is (src/boot/engagement.ts); this module, which the reader's runtime loads once a hub
// has loaded (src/boot/reader-runtime.ts), asks for the reviews the tap picked at the tap
// (src/listing/comments-page.ts), and the list takes that request once the runtime has booted
// and hydrated it. So the runtime's boot and the network's answer run side by side instead of
// one after the other.
import { askPressedPage, warm } from '../../listing/comments-page';

const BUTTON = '.previews button[data-filter], .previews button[data-sort]';
const SECTION = '.previews[data-product]';

/** The pressed button's value of `attr` in the section. */
const pressed = (section: Element, attr: string, fallback: string): string =>
  section.querySelector(`button[${attr}][aria-pressed="true"]`)?.getAttribute(attr) ?? fallback;

/** The tapped button's value of `attr` where it has one, else the pressed button's. */
const pick = (section: Element, tapped: Element, attr: string, fallback: string): string =>
  tapped.getAttribute(attr) ?? pressed(section, attr, fallback);

/** From now until React has hydrated, a tap on the hub's filter or sort asks for its reviews. */
export function askOnHubTaps(): void {
  const section = document.querySelector<HTMLElement>(SECTION);
  if (!section || document.documentElement.dataset.hydrated) return;
  warm();
  const productId = section.dataset.product ?? '';
  // A tap before this module came (the load not yet over) pressed its button already: asked now.
  askPressedPage(productId, pressed(section, 'data-filter', 'all'), pressed(section, 'data-sort', 'posted_at'));
  const onClick = (e: Event) => {
    if (document.documentElement.dataset.hydrated) {
      window.removeEventListener('click', onClick, true);
      return;
    }
    // The window's capture phase: before the hold (at the document) presses the button.
    const button = e.target instanceof Element ? e.target.closest(BUTTON) : null;
    if (!button || !section.contains(button)) return;
    askPressedPage(
      productId,
      pick(section, button, 'data-filter', 'all'),
      pick(section, button, 'data-sort', 'posted_at'),
    );
  };
  window.addEventListener('click', onClick, { capture: true, passive: true });
}

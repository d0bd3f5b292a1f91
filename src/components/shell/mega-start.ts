// The desktop mega-menu before React has hydrated the navigation (issue 40): a hover or a focus
// on a top category opens its panel and a tablet's first tap on a closed one opens it (the next
// tap follows the link), as DesktopNav does. The site's hold on taps before hydration leaves
// the top categories' links to the browser (../../boot/engagement.ts), and so to this. A small
// chunk the entry asks for on a desktop-wide page: only the first listeners; the rest (closing,
// Escape, the panel's content) is ./mega-panel.ts, loaded at the first of them. Once React has
// hydrated the page, DesktopNav does all of it.
type Panel = typeof import('./mega-panel');

let panel: Promise<Panel> | null = null;

/** Hands `e` (a hover, a focus, a tap) to the panel's chunk, unless React has the navigation. */
function toPanel(nav: Element, e: Event) {
  if (document.documentElement.dataset.hydrated === 'true') return;
  (panel ??= import('./mega-panel')).then(
    (m) => m.beforeHydration(nav, e),
    () => {
      panel = null; // offline: the next hover tries again
    },
  );
}

/**
 * Listens on the page's desktop navigation, if it has one. A touch's hover and focus are not
 * the shopper's: a tap makes both before its click, which opens a closed panel instead of
 * following the top category's link (a tablet has no hover; the next tap follows it). The press
 * and the click are taken on the window, before the hold on taps at the document stops them.
 */
export function watchMegaMenu(): void {
  const nav = document.querySelector('.dnav');
  if (!nav) return;
  let pointer = '';
  const early = { capture: true, passive: true };
  addEventListener('pointerdown', (e) => (pointer = e.pointerType), early);
  addEventListener('keydown', () => (pointer = ''), early);
  nav.addEventListener('pointerover', (e) => {
    if ((e as PointerEvent).pointerType !== 'touch') toPanel(nav, e);
  });
  nav.addEventListener('focusin', (e) => {
    if (pointer !== 'touch') toPanel(nav, e);
  });
  addEventListener(
    'click',
    (e) => {
      const top = e.target instanceof Element && e.target.closest('.dnav__top[aria-expanded=false]');
      if (!top || pointer !== 'touch' || document.documentElement.dataset.hydrated === 'true') return;
      e.preventDefault();
      toPanel(nav, e);
    },
    true,
  );
}

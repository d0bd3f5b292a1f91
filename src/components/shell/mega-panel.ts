// The desktop mega-menu's panel and open state by plain script (issue 40, docs/architecture.md
// "Islands"): one implementation before React has hydrated the navigation (./mega-start.ts
// calls it on a hover, a focus or a tablet's tap) and after (DesktopNav calls it as its state
// changes). The panel is a slot: the server writes it empty and React renders it with an empty
// `dangerouslySetInnerHTML`, so React never compares or resets what is put in it here. Its
// content comes from the mega-menu chunk (./nav-source.ts), the group's own link first.
import type { MenuItem } from '../../catalogue';
import { withPrefix } from '../../paths';
import { loadMegaMenu } from './nav-source';

/** The element a tag makes, with its class and text. */
function el<K extends keyof HTMLElementTagNameMap>(tag: K, className = '', text = ''): HTMLElementTagNameMap[K] {
  const e = document.createElement(tag);
  if (className) e.className = className;
  if (text) e.textContent = text;
  return e;
}

function link(item: MenuItem, className = '', text = item.name): HTMLAnchorElement {
  const a = el('a', className, text);
  a.href = withPrefix(item.path);
  return a;
}

/** The sub-categories of `group` and their children, each linking to its category page. */
export function panelColumns(group: MenuItem): HTMLElement {
  const cols = el('div', 'mega__cols');
  for (const sub of group.children) {
    const col = el('div', 'mega__col');
    col.append(link(sub, 'mega__sub'));
    if (sub.children.length > 0) {
      const leaves = el('ul', 'mega__leaves');
      for (const leaf of sub.children) {
        const li = el('li');
        li.append(link(leaf));
        leaves.append(li);
      }
      col.append(leaves);
    }
    cols.append(col);
  }
  return cols;
}

const filled = new WeakMap<Element, Promise<void>>();

/**
 * Fills `panel` (a `.mega` slot) for the top category `top` links to, once: at once the group's
 * own link, then its sub-categories as the mega-menu chunk arrives. Resolves when they are in
 * (or the chunk failed: the group's link stays, and the next open tries again).
 */
export function fillPanel(panel: HTMLElement, top: HTMLAnchorElement): Promise<void> {
  let done = filled.get(panel);
  if (done) return done;
  const id = panel.id.replace(/^mega-/, '');
  const inner = el('div', 'mega__inner');
  const all = el('a', 'mega__all', `全部${top.textContent ?? ''} ›`);
  all.href = top.getAttribute('href') ?? '';
  inner.append(all);
  panel.replaceChildren(inner);
  done = loadMegaMenu().then(
    (menu) => {
      const group = menu.find((g) => g.id === id);
      if (group) inner.append(panelColumns(group));
    },
    () => {
      filled.delete(panel);
    },
  );
  filled.set(panel, done);
  return done;
}

/** The navigation's top items, their links and panels. */
function parts(nav: Element) {
  return [...nav.querySelectorAll('.dnav__item')].map((item) => ({
    top: item.querySelector<HTMLAnchorElement>('.dnav__top'),
    panel: item.querySelector<HTMLElement>('.mega'),
  }));
}

/**
 * Shows the panel of the top item at `index` (null: none) as DesktopNav renders it: the top link
 * active and expanded, the highlight bar under it, the other panels hidden. Before React has
 * hydrated the navigation this is its state; DesktopNav takes it over as it hydrates.
 */
export function showPanel(nav: Element, index: number | null): Promise<void> {
  let fill: Promise<void> = Promise.resolve();
  const items = parts(nav);
  items.forEach(({ top, panel }, i) => {
    if (!top || !panel) return;
    const on = i === index;
    top.classList.toggle('is-active', on);
    top.setAttribute('aria-expanded', String(on));
    panel.hidden = !on;
    if (on) fill = fillPanel(panel, top);
  });
  const bar = nav.querySelector<HTMLElement>('.dnav__bar');
  const top = index == null ? null : items[index]?.top;
  if (bar) {
    bar.dataset.active = String(!!top);
    const parent = top?.offsetParent;
    if (top && parent) {
      const r = top.getBoundingClientRect();
      bar.style.transform = `translateX(${r.left - parent.getBoundingClientRect().left}px) scaleX(${r.width})`;
    }
  }
  return fill;
}

let watching = false;

/**
 * What ./mega-start.ts hands over before React has hydrated the navigation: a hover or focus on
 * a top category (or a tablet's tap on one) opens its panel; from the first, leaving the
 * navigation, the focus leaving it and Escape close it.
 */
export function beforeHydration(nav: Element, e: Event): void {
  const item = e.target instanceof Element ? e.target.closest('.dnav__item') : null;
  if (!item || (e.type === 'focusin' && !(e.target as Element).matches('.dnav__top'))) return;
  void showPanel(nav, [...nav.querySelectorAll('.dnav__item')].indexOf(item));
  if (watching) return;
  watching = true;
  const close = () => {
    if (document.documentElement.dataset.hydrated !== 'true') void showPanel(nav, null);
  };
  nav.addEventListener('mouseleave', close);
  nav.addEventListener('focusout', (f) => {
    if (!nav.contains((f as FocusEvent).relatedTarget as Node | null)) close();
  });
  document.addEventListener('keydown', (k) => {
    if (k.key === 'Escape' && nav.querySelector('.mega:not([hidden])')) close();
  });
}

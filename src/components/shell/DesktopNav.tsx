import * as React from 'react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { Link } from 'gatsby';
import type { MenuItem } from '../../catalogue';
import { moveIndex } from './menu-keys';

interface Bar {
  x: number;
  w: number;
}

const panelId = (id: string) => `mega-${id}`;

/** A slot's markup as React knows it: none, whatever plain script put in it (never compared). */
const EMPTY = { __html: '' };

/**
 * Desktop top category navigation (spec section 2, "Shell"): a highlight bar slides (CSS
 * transform) to the hovered or focused item, which opens its mega-menu. Keyboard: focus opens,
 * ArrowDown enters the panel, Arrow keys walk, Escape closes and returns to the top item.
 * A panel is a slot filled by plain script as it first opens (./mega-panel.ts, the same before
 * React has hydrated, ./mega-start.ts), so the page HTML stays small and an open panel is
 * never redrawn by hydration; this component takes over the state that script left.
 */
export function DesktopNav({ items }: { items: MenuItem[] }) {
  const [open, setOpen] = useState<number | null>(null);
  const [bar, setBar] = useState<Bar | null>(null);
  const navRef = useRef<HTMLElement>(null);
  const quietFocus = useRef(false);
  // Top links are found in the DOM (Gatsby's Link ref typing does not fit a callback ref).
  const top = (i: number) => navRef.current?.querySelectorAll<HTMLAnchorElement>('.dnav__top')[i];
  const focusPanel = useRef<number | null>(null);
  // A touch tablet at >= 960 px has no hover: a tap's emulated mouseenter and focus open the
  // panel, and its click would then leave the page at once. So a tap on a top item whose panel
  // was not open before that tap only opens it; the next tap follows the link (issue 21).
  const tapOpens = useRef(false);

  const activate = useCallback((i: number) => {
    const el = top(i);
    const parent = el?.offsetParent as HTMLElement | null;
    if (el && parent) {
      const r = el.getBoundingClientRect();
      setBar({ x: r.left - parent.getBoundingClientRect().left, w: r.width });
    }
    setOpen(i);
  }, []);

  const openRef = useRef(open);
  openRef.current = open;
  const close = useCallback((refocus: boolean) => {
    const i = openRef.current;
    setOpen(null);
    if (refocus && i != null) {
      quietFocus.current = true;
      top(i)?.focus();
      quietFocus.current = false;
    }
  }, []);

  // Escape closes also when the menu was opened by hovering (focus may be elsewhere).
  useEffect(() => {
    if (open == null) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') close(navRef.current?.contains(document.activeElement) ?? false);
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [open, close]);

  // The panel opened before hydration (./mega-start.ts) stays open, now as this state.
  useEffect(() => {
    const i = items.findIndex((g) => document.getElementById(panelId(g.id))?.hidden === false);
    if (i >= 0) activate(i);
  }, [items, activate]);

  // The open panel's content (its sub-categories arrive with the mega-menu chunk on first
  // open); after ArrowDown opened it, focus on its first link once that is in.
  useEffect(() => {
    if (open == null) return;
    const panel = document.getElementById(panelId(items[open].id));
    const topLink = top(open);
    if (!panel || !topLink) return;
    let alive = true;
    import('./mega-panel')
      .then((m) => m.fillPanel(panel, topLink))
      .then(() => {
        if (!alive || focusPanel.current !== open) return;
        focusPanel.current = null;
        panel.querySelector('a')?.focus();
      })
      .catch(() => undefined);
    return () => {
      alive = false;
    };
  }, [open, items]);

  const onTopKey = (i: number) => (e: React.KeyboardEvent) => {
    const to = moveIndex(i, e.key, items.length, 'row');
    if (to != null) {
      e.preventDefault();
      top(to)?.focus();
    } else if (e.key === 'ArrowDown') {
      e.preventDefault();
      focusPanel.current = i;
      if (open === i) document.getElementById(panelId(items[i].id))?.querySelector('a')?.focus();
      else activate(i);
    }
  };

  const onPanelKey = (i: number) => (e: React.KeyboardEvent) => {
    const links = Array.from(document.getElementById(panelId(items[i].id))?.querySelectorAll('a') ?? []);
    const at = links.indexOf(document.activeElement as HTMLAnchorElement);
    if (at < 0) return;
    if (e.key === 'ArrowUp' && at === 0) {
      e.preventDefault();
      top(i)?.focus();
      return;
    }
    const to = moveIndex(at, e.key, links.length, 'column');
    if (to != null) {
      e.preventDefault();
      links[to].focus();
    }
  };

  const onBlur = (e: React.FocusEvent) => {
    if (!navRef.current?.contains(e.relatedTarget as Node | null)) setOpen(null);
  };

  return (
    <nav className="dnav" aria-label="商品分类" ref={navRef} onMouseLeave={() => setOpen(null)} onBlur={onBlur}>
      <ul className="dnav__list">
        {items.map((g, i) => (
          <li key={g.id} className="dnav__item" onMouseEnter={() => activate(i)}>
            <Link
              to={g.path}
              className={open === i ? 'dnav__top is-active' : 'dnav__top'}
              aria-expanded={open === i}
              aria-controls={panelId(g.id)}
              onFocus={() => {
                if (!quietFocus.current) activate(i);
              }}
              onKeyDown={onTopKey(i)}
              onPointerDown={(e) => {
                tapOpens.current = e.pointerType === 'touch' && openRef.current !== i;
              }}
              onClick={(e) => {
                if (!tapOpens.current) return;
                tapOpens.current = false;
                e.preventDefault();
                activate(i);
              }}
            >
              {g.name}
            </Link>
            {/* Arrow keys pressed on the panel's links bubble here; the div itself takes no
                focus. The slot's content is ./mega-panel.ts's: plain links, which load their
                page as a document (quicker to the next page than the app's navigation). */}
            {/* eslint-disable-next-line jsx-a11y/no-static-element-interactions */}
            <div
              id={panelId(g.id)}
              className="mega"
              hidden={open !== i}
              onKeyDown={onPanelKey(i)}
              dangerouslySetInnerHTML={EMPTY}
            />
          </li>
        ))}
      </ul>
      <span
        className="dnav__bar"
        aria-hidden="true"
        data-active={open != null ? 'true' : 'false'}
        style={bar ? { transform: `translateX(${bar.x}px) scaleX(${bar.w})` } : undefined}
      />
    </nav>
  );
}

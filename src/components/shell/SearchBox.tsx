// Issue 43's search box, parked: not yet in the header (see src/search/page.tsx).
import * as React from 'react';
import { withPrefix } from 'gatsby';
import { SearchForm } from '../search/SearchForm';
import { useScrollLock } from './use-scroll-lock';

const SHEET_ID = 'shell-search-sheet';

/**
 * The search box of every page (issue 43). Desktop: the form in the header. Mobile: a link to
 * the search page (followed as a link before the page hydrates) that, once hydrated, opens a
 * full-screen sheet with the form, focus in its field and the page's scroll locked; Escape or
 * 取消 closes it and focus returns to the button.
 */
export function SearchBox() {
  const [sheet, setSheet] = React.useState(false);
  const opener = React.useRef<HTMLAnchorElement>(null);
  useScrollLock(sheet);
  const close = React.useCallback(() => {
    setSheet(false);
    opener.current?.focus();
  }, []);

  return (
    <div className="sbox-shell">
      <SearchForm idPrefix="hdr" className="sbox--desktop" />
      <a
        ref={opener}
        className="sbox-open"
        href={withPrefix('/search/')}
        aria-haspopup="dialog"
        aria-expanded={sheet}
        aria-controls={sheet ? SHEET_ID : undefined}
        onClick={(e) => {
          if (e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
          e.preventDefault();
          setSheet(true);
        }}
      >
        <span className="sbox-open__icon" aria-hidden="true" />
        <span className="sbox-open__label">搜索</span>
      </a>
      {sheet && (
        <div id={SHEET_ID} className="sbox-sheet" role="dialog" aria-modal="true" aria-label="搜索">
          <div className="sbox-sheet__bar">
            <SearchForm
              idPrefix="sheet"
              className="sbox--sheet"
              focusOnShow
              onDone={() => setSheet(false)}
              onEscape={close}
            />
            <button type="button" className="sbox-sheet__close" onClick={close}>
              取消
            </button>
          </div>
        </div>
      )}
    </div>
  );
}

import * as React from 'react';
import { withPrefix } from 'gatsby';
import { searchPagePath } from '../../paths';
import { keepTabInside } from '../common/focus-trap';
import { SearchForm } from '../search/SearchForm';
import { useScrollLock } from './use-scroll-lock';

const SHEET_ID = 'shell-search-sheet';
const FOCUSABLE = 'input:not([disabled]),button:not([disabled]),a[href]';

/**
 * The search box of every page (issue 43). A desktop header with room beside the categories:
 * the form (search.css shows it when its container is wide enough). Phones, and desktop
 * headers without that room: a link to the search page that opens a full-screen sheet with the
 * form, focus in its field and the page's scroll locked; Escape or 取消 closes it and focus
 * returns to the button. The sheet is in the server's HTML, hidden, so a tap before hydration
 * opens it at once (src/boot/engagement.ts: `data-opens`), and React takes it over as it is
 * once it has hydrated; without script the link is followed. It is the shell's sibling, not
 * its child: the shell is a size container on a desktop (search.css), which would be the
 * containing block of the fixed sheet.
 */
export function SearchBox() {
  const [sheet, setSheet] = React.useState(false);
  const opener = React.useRef<HTMLAnchorElement>(null);
  const dialog = React.useRef<HTMLDivElement>(null);
  useScrollLock(sheet);
  const close = React.useCallback(() => {
    setSheet(false);
    opener.current?.focus();
  }, []);
  // A sheet opened before hydration is React's from here on. Once, after hydration.
  React.useEffect(() => {
    if (dialog.current && !dialog.current.hidden) setSheet(true);
  }, []);

  // A modal dialog: Tab and Shift+Tab go round its own (visible) controls.
  const trapFocus = (e: React.KeyboardEvent<HTMLDivElement>) =>
    keepTabInside(
      e,
      e.currentTarget,
      [...e.currentTarget.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((el) => el.getClientRects().length),
    );

  return (
    <>
      <div className="sbox-shell">
        <SearchForm idPrefix="hdr" className="sbox--desktop" />
        <a
          ref={opener}
          className="sbox-open"
          href={withPrefix(searchPagePath())}
          aria-haspopup="dialog"
          aria-expanded={sheet}
          aria-controls={SHEET_ID}
          data-opens={SHEET_ID}
          onClick={(e) => {
            if (e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
            e.preventDefault();
            setSheet(true);
          }}
        >
          <span className="sbox-open__icon" aria-hidden="true" />
          <span className="sbox-open__label">搜索</span>
        </a>
      </div>
      {/* eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions -- Tab stays in the dialog */}
      <div
        ref={dialog}
        id={SHEET_ID}
        className="sbox-sheet"
        role="dialog"
        aria-modal="true"
        aria-label="搜索"
        hidden={!sheet}
        onKeyDown={trapFocus}
      >
        <div className="sbox-sheet__bar">
          <SearchForm
            idPrefix="sheet"
            className="sbox--sheet"
            focusOnShow={sheet}
            onDone={() => setSheet(false)}
            onEscape={close}
          />
          <button type="button" className="sbox-sheet__close" onClick={close}>
            取消
          </button>
        </div>
      </div>
    </>
  );
}

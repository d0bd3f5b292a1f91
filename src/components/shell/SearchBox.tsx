import * as React from 'react';
import { createPortal } from 'react-dom';
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
 * headers without that room: a link to the search page that, once hydrated, opens a
 * full-screen sheet (rendered into <body>) with the form, focus in its field and the page's
 * scroll locked; Escape or 取消 closes it and focus returns to the button. A tap on the link
 * before hydration is held and done once React has hydrated (src/boot/engagement.ts: a link
 * with aria-haspopup is a control, not a plain link); without script the link is followed.
 */
export function SearchBox() {
  const [sheet, setSheet] = React.useState(false);
  const opener = React.useRef<HTMLAnchorElement>(null);
  useScrollLock(sheet);
  const close = React.useCallback(() => {
    setSheet(false);
    opener.current?.focus();
  }, []);

  // A modal dialog: Tab and Shift+Tab go round its own (visible) controls.
  const trapFocus = (e: React.KeyboardEvent<HTMLDivElement>) =>
    keepTabInside(
      e,
      e.currentTarget,
      [...e.currentTarget.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((el) => el.getClientRects().length),
    );

  return (
    <div className="sbox-shell">
      <SearchForm idPrefix="hdr" className="sbox--desktop" />
      <a
        ref={opener}
        className="sbox-open"
        href={withPrefix(searchPagePath())}
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
      {sheet &&
        // Into <body>: the header's search container is the containing block of fixed
        // descendants on a desktop (search.css), and the sheet covers the whole viewport.
        createPortal(
          // eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions -- Tab stays in the dialog
          <div
            id={SHEET_ID}
            className="sbox-sheet"
            role="dialog"
            aria-modal="true"
            aria-label="搜索"
            onKeyDown={trapFocus}
          >
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
          </div>,
          document.body,
        )}
    </div>
  );
}

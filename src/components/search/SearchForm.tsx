import * as React from 'react';
import { navigate, withPrefix } from 'gatsby';
import { useSearchSuggestions } from '../../hooks/use-search-suggestions';
import { searchPath } from '../../search/query';
import { rememberSearch } from '../../search/recent';
import type { Suggestion } from '../../search/suggestions';
import { Highlighted } from './SearchResults';

export interface SearchFormProps {
  /** Unique per form on the page: the ids of its field and list. */
  idPrefix: string;
  className?: string;
  /** The text the field starts with (the search page: its query). */
  initial?: string;
  /** Focus the field once shown (the sheet). */
  focusOnShow?: boolean;
  /** After a choice or a submit (the sheet closes). */
  onDone?: () => void;
  /** Escape in a field without an open list (the sheet closes). */
  onEscape?: () => void;
}

/**
 * A search field with suggestions (issue 43): a real `<form role="search" action="/review/search/"
 * method="get">`, so Enter works before the page hydrates; then the ARIA combobox pattern
 * (APG "combobox with listbox popup"): the field keeps focus, arrow keys move the active
 * option (aria-activedescendant), Enter chooses it, Escape closes the list. Text an IME is
 * still composing asks for nothing: suggestions follow the text committed at compositionend.
 */
export function SearchForm({ idPrefix, className, initial = '', focusOnShow, onDone, onEscape }: SearchFormProps) {
  const [value, setValue] = React.useState(initial);
  const [committed, setCommitted] = React.useState(initial);
  const [open, setOpen] = React.useState(false);
  const [active, setActive] = React.useState(-1);
  const [used, setUsed] = React.useState(false);
  const composing = React.useRef(false);
  const input = React.useRef<HTMLInputElement>(null);
  const s = useSearchSuggestions(committed, used);
  const listId = `${idPrefix}-sbox-list`;
  const optionId = (i: number) => `${idPrefix}-sbox-opt-${i}`;
  const shown = open && s.items.length > 0;

  React.useEffect(() => setValue(initial), [initial]);
  React.useEffect(() => {
    if (focusOnShow) input.current?.focus();
  }, [focusOnShow]);
  React.useEffect(() => setActive(-1), [committed]);

  const go = (to: string, q?: string) => {
    if (q) rememberSearch(q);
    setOpen(false);
    onDone?.();
    void navigate(to);
  };
  const choose = (item: Suggestion) => go(item.to, item.kind === 'category' ? undefined : item.label);

  const onSubmit = (e: React.FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    if (active >= 0 && shown) return choose(s.items[active]);
    const q = value.trim();
    if (!q) {
      input.current?.focus();
      setOpen(true);
      return;
    }
    go(searchPath({ q }), q);
  };

  const onKeyDown = (e: React.KeyboardEvent<HTMLInputElement>) => {
    // Keys an IME uses while composing (Enter picks a candidate) are the IME's.
    if (composing.current || e.nativeEvent.isComposing) return;
    const n = s.items.length;
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      if (!shown) {
        setOpen(true);
        setActive(e.key === 'ArrowDown' ? 0 : n - 1);
        return;
      }
      setActive((a) => (e.key === 'ArrowDown' ? (a + 1 >= n ? -1 : a + 1) : a <= -1 ? n - 1 : a - 1));
    } else if (e.key === 'Escape') {
      if (shown) {
        e.preventDefault();
        e.stopPropagation();
        setOpen(false);
        setActive(-1);
      } else onEscape?.();
    }
  };

  return (
    <form
      role="search"
      action={withPrefix('/search/')}
      method="get"
      className={className ? `sbox ${className}` : 'sbox'}
      onSubmit={onSubmit}
      aria-label="搜索晒单和商品"
    >
      <input
        ref={input}
        className="sbox__input"
        type="search"
        name="q"
        maxLength={200}
        enterKeyHint="search"
        autoComplete="off"
        placeholder="搜索商品、品牌、晒单"
        aria-label="搜索晒单和商品"
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={shown}
        aria-controls={listId}
        aria-activedescendant={shown && active >= 0 ? optionId(active) : undefined}
        value={value}
        onFocus={() => {
          setUsed(true);
          setOpen(true);
        }}
        onBlur={() => setOpen(false)}
        onChange={(e) => {
          setValue(e.target.value);
          setOpen(true);
          if (!composing.current && !(e.nativeEvent as InputEvent).isComposing) setCommitted(e.target.value);
        }}
        onCompositionStart={() => {
          composing.current = true;
        }}
        onCompositionEnd={(e) => {
          composing.current = false;
          setCommitted(e.currentTarget.value);
        }}
        onKeyDown={onKeyDown}
      />
      <button className="sbox__submit" type="submit">
        搜索
      </button>
      <div className="sbox__pop" hidden={!shown}>
        <ul id={listId} role="listbox" aria-label="搜索建议" className="sbox__list">
          {s.items.map((item, i) => (
            <li
              key={`${item.kind}:${item.label}`}
              id={optionId(i)}
              role="option"
              aria-selected={i === active}
              className={i === active ? 'sbox__opt is-active' : 'sbox__opt'}
              data-kind={item.kind}
              // mousedown: before the field's blur closes the list.
              onMouseDown={(e) => {
                e.preventDefault();
                choose(item);
              }}
            >
              <span className="sbox__label">
                <Highlighted text={item.label} terms={committed.trim() ? [committed.trim()] : []} />
              </span>
              <span className="sbox__note">{item.note}</span>
            </li>
          ))}
        </ul>
        {s.hasRecent && (
          <button
            type="button"
            className="sbox__clear"
            onMouseDown={(e) => {
              e.preventDefault();
              s.clearRecent();
            }}
          >
            清除最近搜索
          </button>
        )}
      </div>
    </form>
  );
}

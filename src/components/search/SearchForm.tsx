import * as React from 'react';
import { navigate, withPrefix } from 'gatsby';
import { useSearchSuggestions, type SuggestionView } from '../../hooks/use-search-suggestions';
import { searchPagePath, searchPath } from '../../paths';
import { SEARCH_QUERY_MAX_LENGTH } from '../../storefront/wire/search-limits';

export interface SearchFormProps {
  /** Unique per form on the page: the ids of its field and list. */
  idPrefix: string;
  className?: string;
  /** The form's name (a search landmark); two forms on one page need two names. */
  label?: string;
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
 * method="get">`, so Enter works before the page hydrates (src/boot/engagement.ts leaves a
 * form with an action to the browser); then the ARIA combobox pattern (APG "combobox with
 * listbox popup"): the field keeps focus, arrow keys move the active option
 * (aria-activedescendant), Enter chooses it, Escape closes the list. Text an IME is still
 * composing asks for nothing: suggestions follow the text committed at compositionend.
 */
export function SearchForm({
  idPrefix,
  className,
  label = '搜索晒单和商品',
  initial = '',
  focusOnShow,
  onDone,
  onEscape,
}: SearchFormProps) {
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

  React.useEffect(() => {
    setValue(initial);
    setCommitted(initial);
  }, [initial]);
  // The field works before React hydrates (issue 40): what the shopper typed there is taken
  // over (a later render would otherwise put back the empty value React hydrated with), and a
  // field focused meanwhile opens its suggestions. Once, after hydration.
  React.useEffect(() => {
    const el = input.current;
    if (!el) return;
    if (el.value !== initial) {
      setValue(el.value);
      setCommitted(el.value);
    }
    if (document.activeElement === el) {
      setUsed(true);
      setOpen(true);
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  React.useEffect(() => {
    if (focusOnShow) input.current?.focus();
  }, [focusOnShow]);
  React.useEffect(() => setActive(-1), [committed]);

  // The results page keeps the search among the recent ones (src/pages/search.tsx).
  const go = (to: string) => {
    setOpen(false);
    setActive(-1);
    onDone?.();
    void navigate(to);
  };
  // A category goes to its page; anything else is searched.
  const choose = (item: SuggestionView) => go(item.to);

  const onSubmit = (e: React.FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    if (active >= 0 && shown) return choose(s.items[active]);
    const q = value.trim();
    if (!q) {
      input.current?.focus();
      setUsed(true);
      setOpen(true);
      return;
    }
    go(searchPath({ q }));
  };

  const onKeyDown = (e: React.KeyboardEvent<HTMLInputElement>) => {
    // Keys an IME uses while composing (Enter picks a candidate) are the IME's.
    if (composing.current || e.nativeEvent.isComposing) return;
    const n = s.items.length;
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      setUsed(true);
      if (!shown) {
        setOpen(true);
        setActive(n ? (e.key === 'ArrowDown' ? 0 : n - 1) : -1);
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

  // The list stays open while focus is anywhere in the form (the clear button is reachable by Tab).
  const onBlur = (e: React.FocusEvent<HTMLFormElement>) => {
    if (!(e.relatedTarget instanceof Node && e.currentTarget.contains(e.relatedTarget))) {
      setOpen(false);
      setActive(-1);
    }
  };
  // A press on an option or the clear button keeps focus in the field.
  const keepFocus = (e: React.MouseEvent) => e.preventDefault();

  return (
    <form
      role="search"
      action={withPrefix(searchPagePath())}
      method="get"
      className={className ? `sbox ${className}` : 'sbox'}
      onSubmit={onSubmit}
      onBlur={onBlur}
      aria-label={label}
    >
      <input
        ref={input}
        id={`${idPrefix}-sbox-q`}
        className="sbox__input"
        // text, not search: the HTML standard allows the combobox role on a text field only
        // (the W3C checker, tests/e2e/html-validity.test.ts); enterKeyHint gives phones the search key.
        type="text"
        name="q"
        maxLength={SEARCH_QUERY_MAX_LENGTH}
        enterKeyHint="search"
        autoComplete="off"
        placeholder="搜索商品、品牌、晒单"
        aria-label={label}
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
            // The keyboard picks options through the field (aria-activedescendant), as the APG's
            // combobox does: the options themselves take no focus.
            // eslint-disable-next-line jsx-a11y/click-events-have-key-events
            <li
              key={`${item.kind}:${item.label}`}
              id={optionId(i)}
              role="option"
              aria-selected={i === active}
              className={i === active ? 'sbox__opt is-active' : 'sbox__opt'}
              data-kind={item.kind}
              onMouseDown={keepFocus}
              onClick={() => choose(item)}
            >
              <span className="sbox__label">
                {item.parts.map((p, j) => (p.hit ? <mark key={j}>{p.text}</mark> : p.text))}
              </span>
              <span className="sbox__note">{item.note}</span>
            </li>
          ))}
        </ul>
        {s.hasRecent && (
          <button
            type="button"
            className="sbox__clear"
            onMouseDown={keepFocus}
            onClick={() => {
              s.clearRecent();
              input.current?.focus();
            }}
          >
            清除最近搜索
          </button>
        )}
      </div>
    </form>
  );
}

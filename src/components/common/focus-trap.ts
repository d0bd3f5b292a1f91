/**
 * Keeps Tab and Shift+Tab inside a modal dialog (the photo viewer, the search sheet): from its
 * last control to its first and back, and into it when focus has left it. `focusable` are the
 * dialog's controls in tab order. Other keys are left alone.
 */
export function keepTabInside(
  e: Pick<KeyboardEvent, 'key' | 'shiftKey' | 'preventDefault'>,
  root: HTMLElement,
  focusable: HTMLElement[],
) {
  if (e.key !== 'Tab' || !focusable.length) return;
  const first = focusable[0];
  const last = focusable[focusable.length - 1];
  if (e.shiftKey && document.activeElement === first) {
    e.preventDefault();
    last.focus();
  } else if (!e.shiftKey && document.activeElement === last) {
    e.preventDefault();
    first.focus();
  } else if (!root.contains(document.activeElement)) {
    e.preventDefault();
    first.focus();
  }
}

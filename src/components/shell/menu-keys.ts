// Keyboard walking of the desktop category menu, as pure index arithmetic (wraps around).

/** Index of the item to focus after `key` among `count` items, or null if the key does not move. */
export function moveIndex(index: number, key: string, count: number, axis: 'row' | 'column'): number | null {
  if (count <= 0) return null;
  const next = axis === 'row' ? 'ArrowRight' : 'ArrowDown';
  const prev = axis === 'row' ? 'ArrowLeft' : 'ArrowUp';
  if (key === next) return (index + 1) % count;
  if (key === prev) return (index - 1 + count) % count;
  if (key === 'Home') return 0;
  if (key === 'End') return count - 1;
  return null;
}

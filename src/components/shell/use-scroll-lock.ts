import { useEffect } from 'react';
import { lockScroll } from './scroll-lock';

/** Locks page scrolling while `locked` (./scroll-lock.ts); the lock ends with it or at unmount. */
export function useScrollLock(locked: boolean) {
  useEffect(() => (locked ? lockScroll() : undefined), [locked]);
}

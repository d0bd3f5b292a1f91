import { useEffect, useRef, useState } from 'react';
import { initialScroll, reduceScroll, type ScrollState } from './scroll-state';

/**
 * Tracks the header scroll state (spec section 4). `getOffset` returns the header offset
 * (its height); reads happen once per animation frame, listeners are passive.
 */
export function useScrollState(getOffset: () => number): ScrollState {
  const [state, setState] = useState<ScrollState>('NONE');
  const snap = useRef(initialScroll);
  const offsetRef = useRef(getOffset);
  offsetRef.current = getOffset;

  useEffect(() => {
    let frame = 0;
    const update = () => {
      frame = 0;
      snap.current = reduceScroll(snap.current, window.scrollY, offsetRef.current());
      setState(snap.current.state);
    };
    const onScroll = () => {
      if (!frame) frame = window.requestAnimationFrame(update);
    };
    snap.current = { state: 'NONE', y: window.scrollY };
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      window.removeEventListener('scroll', onScroll);
      if (frame) window.cancelAnimationFrame(frame);
    };
  }, []);

  return state;
}

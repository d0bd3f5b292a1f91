import * as React from 'react';
import { useHydrating } from '../../hooks/use-hydrating';

/**
 * The boundary, memoised: while its server markup waits to hydrate, a re-render of the page
 * above it passes the same props and stops here (React cannot apply new props to markup it has
 * not hydrated: it would hydrate it at the update's priority, in one blocking task).
 */
const Boundary = React.memo(function Boundary({ content }: { content: React.ReactNode }) {
  return <React.Suspense fallback={null}>{content}</React.Suspense>;
});

/**
 * A part of the page that React hydrates in a pass of its own, in slices of a few milliseconds
 * between which the browser paints and handles input (issue 26), instead of inside the one
 * blocking task that hydrates the root. React 18 leaves the server markup of a Suspense
 * boundary dehydrated in the root's pass and hydrates it afterwards at a low, time-sliced
 * priority; an event aimed at it first hydrates it at once (selective hydration). The part shows
 * the children of the first render until then; later children reach it in a transition.
 */
export function Island({ children }: { children: React.ReactNode }) {
  const hydrating = useHydrating();
  const first = React.useRef(children);
  const [live, setLive] = React.useState(!hydrating);
  React.useEffect(() => {
    if (!live) React.startTransition(() => setLive(true));
  }, [live]);
  return <Boundary content={live ? children : first.current} />;
}

import * as React from 'react';
import { useHydrating } from '../../hooks/use-hydrating';

/** Renders nothing; its effect runs once React has committed the boundary's content. */
function Committed({ onCommit }: { onCommit: () => void }) {
  React.useEffect(onCommit, [onCommit]);
  return null;
}

/**
 * The boundary, memoised: until its server markup has hydrated, a re-render of the page above
 * it passes the same props and stops here. No update may reach a boundary React has not
 * hydrated yet: React would try to hydrate it at the update's priority and, when that fails,
 * throw the server markup away and render the part afresh (recoverable error 421).
 */
const Boundary = React.memo(function Boundary({
  content,
  onCommit,
}: {
  content: React.ReactNode;
  onCommit: () => void;
}) {
  return (
    <React.Suspense fallback={null}>
      {content}
      <Committed onCommit={onCommit} />
    </React.Suspense>
  );
});

/**
 * A part of the page that React hydrates in a pass of its own, in slices of a few milliseconds
 * between which the browser paints and handles input (issue 26), instead of inside the one
 * task that commits the root and runs every effect of the page. React 18 leaves the server
 * markup of a Suspense boundary dehydrated in the root's pass and hydrates it afterwards at a
 * low, time-sliced priority with a commit of its own; an event aimed at it first hydrates it at
 * once (selective hydration).
 *
 * The part keeps the children of the first render (what the server rendered) until React has
 * committed its hydration (the effect of `Committed`, the boundary's last child), and takes
 * later children only then. After a navigation in the app there is no server markup: it is live
 * from the start.
 */
export function Island({ children }: { children: React.ReactNode }) {
  const hydrating = useHydrating();
  const first = React.useRef(children);
  const [live, setLive] = React.useState(!hydrating);
  const onCommit = React.useCallback(() => setLive(true), []);
  return <Boundary content={live ? children : first.current} onCommit={onCommit} />;
}

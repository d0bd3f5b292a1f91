import * as React from 'react';
import { HYDRATE_LATER_ATTR, pendingHydration } from './hydrate-later-gate';
import { useHydrating } from '../../hooks/use-hydrating';

/**
 * The section's wrapper; while the section must wait, it suspends instead, so React keeps the
 * server markup. It is the parent of the section, not a sibling: React 18 still renders the
 * siblings of a component that suspends (and throws that work away), never its children.
 */
function Gate({ id, margin, children }: { id: string; margin: string; children: React.ReactNode }) {
  // Only while React hydrates: when an update reaches the section first (a navigation changes
  // Gatsby's location context above it), React renders it afresh, and then it must not wait.
  const hydrating = useHydrating();
  const pending = hydrating ? pendingHydration(id, margin) : null;
  if (pending) throw pending;
  return (
    <div {...{ [HYDRATE_LATER_ATTR]: id }} className="hydrate-later">
      {children}
    </div>
  );
}

/**
 * The boundary itself, memoised: while the section waits, a re-render of the page above it
 * (Gatsby re-renders the page after hydration) passes the same props and stops here. React
 * cannot apply new props to markup it has not hydrated: it would drop the markup and render the
 * section afresh.
 */
const Boundary = React.memo(function Boundary({
  id,
  margin,
  content,
}: {
  id: string;
  margin: string;
  content: React.ReactNode;
}) {
  return (
    <React.Suspense fallback={null}>
      <Gate id={id} margin={margin}>
        {content}
      </Gate>
    </React.Suspense>
  );
});

export interface HydrateLaterProps {
  children: React.ReactNode;
  /** How near the viewport (CSS margin) the section hydrates. */
  margin?: string;
}

/**
 * A section below the fold whose server HTML stays as it is, shown but not hydrated (no React
 * work, no handlers), until it is within `margin` of the viewport once the browser has been
 * idle, or the shopper points at, touches or focuses it (issue 26). React 18 hydrates a Suspense boundary of server markup in a
 * pass of its own and keeps the markup while a component inside suspends; the gate suspends
 * until then. The section hydrates with what the server rendered (the first children); later
 * children reach it once it has. After a navigation in the app there is no server markup and it
 * renders at once. The wrapper is `display: contents` (global.css), so the layout sees its children.
 */
export function HydrateLater({ children, margin = '200px' }: HydrateLaterProps) {
  const id = React.useId();
  const first = React.useRef(children);
  const [live, setLive] = React.useState(false);
  React.useEffect(() => {
    const pending = pendingHydration(id, margin);
    if (!pending) {
      setLive(true);
      return undefined;
    }
    let alive = true;
    // A transition: React may then hydrate the section before it applies the new children.
    pending.then(() => alive && React.startTransition(() => setLive(true)));
    return () => {
      alive = false;
    };
  }, [id, margin]);
  return <Boundary id={id} margin={margin} content={live ? children : first.current} />;
}

import * as React from 'react';
import { HYDRATE_LATER_ATTR, pendingHydration, releaseHydration } from './hydrate-later-gate';

/** Renders nothing; while the section must wait, it suspends, so React keeps the server markup. */
function Gate({ id, margin }: { id: string; margin: string }): null {
  const pending = pendingHydration(id, margin);
  if (pending) throw pending;
  return null;
}

export interface HydrateLaterProps {
  children: React.ReactNode;
  /** How near the viewport (CSS margin) the section hydrates. */
  margin?: string;
}

/**
 * A section below the fold whose server HTML stays as it is, shown but not hydrated (no React
 * work, no handlers), until it comes within `margin` of the viewport or the shopper points at,
 * touches or focuses it (issue 26). React 18 hydrates a Suspense boundary of server markup in a
 * pass of its own and keeps the markup while a component inside suspends; the gate suspends
 * until then. After a navigation in the app there is no server markup and it renders at once.
 * The wrapper is `display: contents` (global.css), so the page's layout sees its children.
 */
export function HydrateLater({ children, margin = '200px' }: HydrateLaterProps) {
  const id = React.useId();
  const rendered = React.useRef(false);
  // A re-render brings new props that React cannot apply to markup it has not hydrated (it would
  // drop the markup and render the section afresh): let the section hydrate now instead.
  if (rendered.current) releaseHydration(id);
  rendered.current = true;
  return (
    <React.Suspense fallback={null}>
      <Gate id={id} margin={margin} />
      <div {...{ [HYDRATE_LATER_ATTR]: id }} className="hydrate-later">
        {children}
      </div>
    </React.Suspense>
  );
}

import * as React from 'react';
import { useHydrating } from '../../hooks/use-hydrating';

export interface HeadOutsideHydrationProps {
  /** What the head says, in a word: the head is rendered again once this differs from the hydrated one. */
  id: string;
  /** Renders the head (a react-helmet `Helmet`); not called while it is skipped. */
  children: () => React.ReactNode;
}

/**
 * A page's head (react-helmet), rendered on the server and whenever it changes in the browser,
 * but not while React hydrates a page whose server HTML already carries exactly this head
 * (issue 26). Mounting Helmet in hydration computed the head again (a review's JSON-LD, its
 * dates) and had react-helmet compare and rewrite every head tag and the title: about 0.1 s of
 * a phone's main thread in the load, for a head that was already right. The tags the server
 * wrote stay as they are (crawlers that run scripts read them too); once the head must change
 * (another review named in the query, a page reached by a client navigation) Helmet mounts and
 * replaces them. Every page-level head goes through this: a Helmet mounted beside a skipped one
 * would drop the skipped one's server tags.
 */
export function HeadOutsideHydration({ id, children }: HeadOutsideHydrationProps) {
  const hydrating = useHydrating();
  const [hydratedId] = React.useState(() => (hydrating && typeof window !== 'undefined' ? id : null));
  if (hydratedId !== null && id === hydratedId) return null;
  return <>{children()}</>;
}

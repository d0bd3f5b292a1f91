import * as React from 'react';
import { browserClient } from './browser-client';

/** Fired on window after this page signed out, so other parts (the like button) can forget the user. */
export const SIGNED_OUT_EVENT = 'hrv:signed-out';

export interface Account {
  /** False during SSR and the first render (the server HTML knows no shopper), then the stored state. */
  signedIn: boolean;
  /** The shopper signed out on this page (the shell then says so). */
  signedOut: boolean;
  busy: boolean;
  /** Revokes the key on the server and clears it here (also when the server is unreachable). */
  signOut(): Promise<void>;
}

// The session store, the sign-in calls and the transport are their own chunks, loaded after
// hydration: the shell is on every page's first load (docs/benchmarks.md, page weight).
const sessionModule = () => import('../storefront/session');

/**
 * The shopper's sign-in state for the shell (spec section 4: signed in = a stored user id and
 * key) and sign-out (issue 12 item 4). Follows sign-in and sign-out in other tabs.
 */
export function useAccount(): Account {
  const [signedIn, setSignedIn] = React.useState(false);
  const [busy, setBusy] = React.useState(false);
  const [signedOut, setSignedOut] = React.useState(false);

  React.useEffect(() => {
    let alive = true;
    const read = () =>
      sessionModule()
        .then((m) => {
          if (alive) setSignedIn(m.defaultSession().isLoggedIn());
        })
        .catch(() => undefined);
    void read();
    const onStorage = (e: StorageEvent) => {
      if (e.key == null || e.key.startsWith('hrv:user')) void read();
    };
    window.addEventListener('storage', onStorage);
    return () => {
      alive = false;
      window.removeEventListener('storage', onStorage);
    };
  }, []);

  const signOut = React.useCallback(async () => {
    setBusy(true);
    try {
      const [session, signin] = await Promise.all([sessionModule(), import('../storefront/signin')]);
      const client = await browserClient().catch(() => null);
      if (client) await signin.signOut(client, session.defaultSession());
      else session.defaultSession().signOut();
    } catch {
      // Whatever failed, this device forgets the user (the server key then expires on its own).
      await sessionModule().then(
        (m) => m.defaultSession().signOut(),
        () => undefined,
      );
    } finally {
      setBusy(false);
      setSignedIn(false);
      setSignedOut(true);
      window.dispatchEvent(new Event(SIGNED_OUT_EVENT));
    }
  }, []);

  return { signedIn, signedOut, busy, signOut };
}

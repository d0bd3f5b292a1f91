import { captureUtm, defaultSession } from '../storefront/session';

/**
 * Stores the landing URL's UTM parameters (`href`: the URL the visit landed on, read at client
 * entry); never throws (storage may be unavailable).
 */
export function captureLandingUtm(href: string = window.location.href): void {
  try {
    captureUtm(defaultSession().store, href);
  } catch {
    /* tracking data is never worth breaking the page for */
  }
}

/**
 * The first visit starts the client-stored session (spec section 4: "a visitor gets a generated
 * guest id on first visit; a session-start timestamp is kept"): guest id, device id and session
 * start are written now if missing, not at the first API call. Returning visitors keep theirs.
 * Never throws: without storage (private mode) they live in memory for the page.
 */
export function startVisit(): void {
  try {
    const session = defaultSession();
    session.guestId();
    session.deviceId();
    session.sessionStart();
  } catch {
    /* no Web Crypto or no storage: the page works without a stored visit */
  }
}

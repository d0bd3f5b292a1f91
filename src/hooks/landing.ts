import { captureUtm } from '../storefront/session';
import { defaultSession } from '../storefront/session';

/** Stores the landing URL's UTM parameters; never throws (storage may be unavailable). */
export function captureLandingUtm(): void {
  try {
    captureUtm(defaultSession().store, window.location.href);
  } catch {
    /* tracking data is never worth breaking the page for */
  }
}

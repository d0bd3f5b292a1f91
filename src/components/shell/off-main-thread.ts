// Runs a third-party script in Partytown's web worker (issue 11, defect 8; docs/analytics.md).
//
// Gatsby's <Script strategy="off-main-thread"> cannot be used as it stands: it injects the
// Partytown snippet only into server-rendered HTML, for scripts rendered during SSR, and
// Partytown then starts them at DOMContentLoaded, before spec section 9's delayed-load hook;
// scripts rendered later on the client load only under `gatsby develop`. Its snippet also
// looks for the library at /~partytown/, ignoring pathPrefix, while Gatsby copies the
// library into public/~partytown/, served at /review/~partytown/. So the component starts
// Partytown itself, after the hook, from Gatsby's copy, with the script tag gatsby-script
// would write: type text/partytown (the main thread never runs it), src through the proxy.
import { withPrefix } from '../../paths';
import { thirdPartyProxyUrl } from '../../third-party';

/** Where Gatsby's internal Partytown plugin copies the library (onPreBootstrap). */
const PARTYTOWN_LIB = withPrefix('/~partytown/');

declare global {
  interface Window {
    partytown?: { lib?: string; forward?: string[] };
  }
}

const started = new Set<string>();
let libAdded = false;

/** Queues `src` for Partytown's worker and starts Partytown once per document. */
export function runOffMainThread(src: string): void {
  if (started.has(src)) return;
  started.add(src);
  const tag = document.createElement('script');
  tag.type = 'text/partytown';
  tag.src = thirdPartyProxyUrl(src);
  document.head.appendChild(tag);
  if (libAdded) {
    // Partytown is already up: it picks up new text/partytown scripts on this event.
    window.dispatchEvent(new CustomEvent('ptupdate'));
    return;
  }
  libAdded = true;
  window.partytown = { ...window.partytown, lib: PARTYTOWN_LIB };
  const lib = document.createElement('script');
  lib.src = `${PARTYTOWN_LIB}partytown.js`;
  document.head.appendChild(lib);
}

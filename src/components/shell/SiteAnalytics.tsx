import { useEffect } from 'react';
import { useDelayedLoad } from '../../hooks/use-delayed-load';
import { runOffMainThread } from './off-main-thread';
import { analyticsScript } from './site-analytics';

/**
 * Site analytics (Baidu Tongji), off the main thread through the script proxy, after the
 * delayed-load hook (spec section 9), only when a site id is configured (docs/analytics.md).
 * Renders nothing: no bytes in the page's HTML.
 */
export function SiteAnalytics() {
  const fired = useDelayedLoad();
  useEffect(() => {
    if (!fired) return;
    const src = analyticsScript();
    if (src) runOffMainThread(src);
  }, [fired]);
  return null;
}

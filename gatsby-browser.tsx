import type { GatsbyBrowser } from 'gatsby';
import 'swiper/css';
import 'swiper/css/navigation';
import 'swiper/css/thumbs';
import './src/styles/global.css';
import './src/styles/shell.css';
import './src/styles/content.css';
import './src/styles/review.css';
import './src/styles/listing.css';

// UTM parameters of the landing URL are kept for the session (spec section 3).
// Its own small chunk: the session store is not needed to show the page.
export const onClientEntry: GatsbyBrowser['onClientEntry'] = () => {
  import('./src/hooks/landing').then((m) => m.captureLandingUtm(), () => undefined);
};

// Marks the document once React has hydrated it (browser tests wait for this).
export const onInitialClientRender: GatsbyBrowser['onInitialClientRender'] = () => {
  document.documentElement.dataset.hydrated = 'true';
};

// A returning visitor gets new content after a rebuild: reload once the new service worker
// has taken over (gatsby-plugin-offline).
export const onServiceWorkerUpdateReady: GatsbyBrowser['onServiceWorkerUpdateReady'] = () => {
  window.location.reload();
};

// The site's stylesheets, in cascade order: imported by the browser entry (src/boot/entry.ts),
// so they are part of the entry chunk group and every page links them from its first byte, and
// by gatsby-browser.tsx (gatsby develop, which keeps Gatsby's own entry).
import 'swiper/css';
import 'swiper/css/navigation';
import 'swiper/css/zoom';
import './global.css';
import './shell.css';
import './content.css';
import './review.css';
import './listing.css';
import './buy.css';
import './search.css';

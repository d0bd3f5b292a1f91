// Swiper and the modules the site uses, in one chunk loaded after hydration (use-swiper.ts):
// the carousel enhances markup that is already on the page, so it never weighs on the first
// load.
import Swiper from 'swiper';
import { Navigation } from 'swiper/modules';

export { Swiper, Navigation };

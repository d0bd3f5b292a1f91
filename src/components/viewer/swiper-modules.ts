// Swiper with the modules of the full-screen photo viewer (issue 21 item 2), in the viewer's own
// chunk: zoom (pinch, double-tap, and in/out for the wheel and the buttons) and the keyboard's
// arrows.
import Swiper from 'swiper';
import { Keyboard, Navigation, Zoom } from 'swiper/modules';

export { Swiper, Keyboard, Navigation, Zoom };

// The stylesheet of a page read without script (issue 44), in a <noscript> of every page's head
// (gatsby-ssr.tsx), so it never applies when script runs. With script the gallery lays out only
// its first picture until Swiper starts (review.css, issue 26); without script every picture
// is in a horizontal scroll-snap strip, which its thumbnails (links to the slides' anchors)
// scroll to. The arrows need script and are left out; a video plays in the page's own <video>.
export const NO_SCRIPT_CSS = [
  '.gallery__main .swiper-wrapper{overflow-x:auto;scroll-snap-type:x mandatory;overscroll-behavior-x:contain}',
  '.gallery__main .swiper-slide{scroll-snap-align:start}',
  '.gallery__main:not(.swiper-initialized) .swiper-slide~.swiper-slide{display:block}',
  '.gallery .swiper-button-prev,.gallery .swiper-button-next,.gallery button.gallery__play{display:none}',
  '.gallery__nojs-video{position:absolute;inset:0}',
].join('');

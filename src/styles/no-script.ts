// The stylesheet of a page read without script (issue 44), in a <noscript> of every page's head
// (gatsby-ssr.tsx), so it never applies when script runs. The gallery's pictures are a
// scroll-snap strip either way (review.css), which its thumbnails (links to the slides'
// anchors) scroll to. The arrows need script and are left out; a video plays in the page's own
// <video>.
export const NO_SCRIPT_CSS = [
  '.gallery__arrow,.gallery button.gallery__play{display:none}',
  '.gallery__nojs-video{position:absolute;inset:0}',
  // 加入购物车 and 立即购买 call the API (issue 45): without script, the app's link and QR code.
  '.buy__web{display:none}',
].join('');

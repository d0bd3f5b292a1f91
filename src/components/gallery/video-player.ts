// The review's video, played inline in its slide (issue 21 item 1), by plain script (issue 40):
// the same few lines before React has hydrated (the page's boot, src/boot/engagement.ts) and
// after (Gallery.tsx's play button), so a first tap plays it at once however long the page
// takes to hydrate. Its own chunk, loaded by the tap (./video-start.ts shows the player's
// loading state meanwhile); nothing of the video is fetched before it (`preload="none"`).
//
// The player goes into the slide's slot (`.gallery__player`), which React renders empty with
// `dangerouslySetInnerHTML` and so never hydrates, compares or resets: what this puts there
// stays through hydration and React's later renders. The frame's `data-player` says the state
// ("loading", "playing", "failed"); the stylesheet hides the cover and the play button while it
// plays and shows the cover again with the message when the file cannot play.
import { PLAYER_ATTR } from './player-state';

/** Plays the video of `frame` (a `.gallery__frame` with a slot); again, focuses the one there. */
export function playIn(frame: HTMLElement): void {
  const slot = frame.querySelector<HTMLElement>('.gallery__player');
  if (!slot?.dataset.src) return;
  const present = slot.querySelector('video');
  if (present) {
    frame.setAttribute(PLAYER_ATTR, 'playing');
    present.focus({ preventScroll: true });
    present.play().catch(() => undefined);
    return;
  }
  const { src, poster, width, height } = slot.dataset;
  const video = document.createElement('video');
  video.className = 'gallery__video';
  video.src = src;
  if (poster) video.poster = poster;
  if (width) video.width = Number(width);
  if (height) video.height = Number(height);
  video.controls = true;
  video.playsInline = true;
  video.preload = 'none';
  // Shoppers' own videos come without captions (the API has none); the review text says what it shows.
  video.setAttribute('aria-label', '晒单视频');
  // iOS before 10 and WeChat's X5 browser ask for their own attributes to play inline.
  video.setAttribute('webkit-playsinline', 'true');
  video.setAttribute('x5-playsinline', 'true');
  // A file that cannot play: the cover again, with a message that says so.
  video.addEventListener(
    'error',
    () => {
      video.remove();
      const message = document.createElement('p');
      message.className = 'gallery__video-error';
      message.setAttribute('role', 'alert');
      message.textContent = '视频暂时无法播放，请稍后再试';
      slot.replaceChildren(message);
      frame.setAttribute(PLAYER_ATTR, 'failed');
    },
    { once: true },
  );
  slot.replaceChildren(video);
  frame.setAttribute(PLAYER_ATTR, 'playing');
  video.focus({ preventScroll: true }); // the keyboard reaches the controls at once
  // A refusal (a browser that wants another gesture) leaves the controls to start it; a file
  // that cannot play also fires `error`, handled above.
  video.play().catch(() => undefined);
}

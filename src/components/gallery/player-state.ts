/** On a review video's slide frame: "loading", "playing" or "failed" (review.css shows each; ./video-start.ts, ./video-player.ts). */
export const PLAYER_ATTR = 'data-player';

// Pure helpers of the video section (bench/video.ts): which built review pages have a playable
// video, and the median and p90 of its runs.
import fs from 'node:fs';
import path from 'node:path';
import { reviewPages } from './page-weight';

/** A built review page with a playable video: its site path and the video's URL. */
export interface VideoPage {
  path: string;
  videoUrl: string;
}

const PLAY_BUTTON = /<button[^>]{0,300}aria-label="播放视频"/;
// The page's JSON-LD names the video (absolute, on the site's URL); its path is what the player asks for.
const VIDEO_URL = /(\/media\/video\/v[0-9]{1,15}\/[0-9]{1,5}x[0-9]{1,5}\.mp4)"/;

/**
 * Review pages whose static HTML has the play button of a playable video (not the class name
 * alone: the page's CSS names `gallery__play` on every page), with the video's URL.
 */
export function videoReviewPages(publicDir: string): VideoPage[] {
  const out: VideoPage[] = [];
  for (const p of reviewPages(publicDir)) {
    const html = fs.readFileSync(path.join(publicDir, p, 'index.html'), 'utf8');
    const url = PLAY_BUTTON.test(html) ? VIDEO_URL.exec(html)?.[1] : undefined;
    if (url) out.push({ path: p, videoUrl: url });
  }
  return out;
}

/** Nearest-rank quantile (q in 0..1) of a non-empty list. */
export function quantile(xs: number[], q: number): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.max(0, Math.ceil(q * s.length) - 1))];
}
export const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};

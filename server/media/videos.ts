// The demo review videos (issue 21 item 1, issue 44): short H.264/AAC MP4 files shipped in
// server/media/videos/ (made once by scripts/make-demo-videos.ts from frames of the demo
// pictures' product scenes; CI has no ffmpeg), one per subject (server/media/subjects.ts) and
// video-cover shape of the seed: demo-{subject}-{shape}.mp4, the box subject as plain
// demo-{shape}.mp4. A review's video URL names the review, /media/video/v{id}/{w}x{h}.mp4, so
// the same lookup as for pictures (the data must reference the exact URL) bounds what is
// served; the shape picks the size and the review's category the subject (the route).
import path from 'node:path';
import type { Subject } from './subjects';

export const VIDEO_DIR = path.join(__dirname, 'videos');

export type VideoShape = 'portrait' | 'landscape' | 'square';

export interface DemoVideo {
  shape: VideoShape;
  width: number;
  height: number;
  /** Seconds. */
  duration: number;
}

/** Cover size (server/seed/vocab.ts VIDEO_COVER_SIZES) -> the demo video of that shape. */
const BY_COVER: Record<string, DemoVideo> = {
  '720x1280': { shape: 'portrait', width: 180, height: 320, duration: 4 },
  '1280x720': { shape: 'landscape', width: 320, height: 180, duration: 4 },
  '960x960': { shape: 'square', width: 240, height: 240, duration: 4 },
};
/** Every demo video shape, with its size. */
export const DEMO_VIDEOS: readonly DemoVideo[] = Object.values(BY_COVER);

/** The file of a demo video of this subject and shape (the box subject: demo-{shape}.mp4). */
export const demoVideoFile = (subject: Subject, v: Pick<DemoVideo, 'shape'>) =>
  subject === 'box' ? `demo-${v.shape}.mp4` : `demo-${subject}-${v.shape}.mp4`;
const BY_SIZE = new Map(Object.values(BY_COVER).map((v) => [`${v.width}x${v.height}.mp4`, v]));

export const videoPath = (reviewId: number, v: DemoVideo) => `/media/video/v${reviewId}/${v.width}x${v.height}.mp4`;

/** The wire fields of a review's video for a cover of that size (none for other sizes). */
export function demoVideoFields(
  reviewId: number,
  coverWidth: number,
  coverHeight: number,
): { url: string; width: number; height: number; duration: number } | null {
  const v = BY_COVER[`${coverWidth}x${coverHeight}`];
  return v ? { url: videoPath(reviewId, v), width: v.width, height: v.height, duration: v.duration } : null;
}

const ID_RE = /^v([0-9]{1,15})$/;

/** The review id and demo file a /media/video/{id}/{file} path names; null when it names none. */
export function parseVideoPath(id: string, file: string): { reviewId: number; video: DemoVideo } | null {
  const m = ID_RE.exec(id);
  const video = BY_SIZE.get(file);
  return m && video ? { reviewId: Number(m[1]), video } : null;
}

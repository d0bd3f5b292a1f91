// The video bench's helpers (bench/video-pages.ts): it must measure a review page that really has
// a playable video (the gallery's CSS names `gallery__play` on every page, and a video without a
// playable file shows a bare mark), and its median and p90 must be the usual ones.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { median, quantile, videoReviewPages } from '../../../bench/video-pages';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'video-pages-'));
after(() => fs.rmSync(dir, { recursive: true, force: true }));
function page(p: string, body: string) {
  fs.mkdirSync(path.join(dir, p), { recursive: true });
  fs.writeFileSync(
    path.join(dir, p, 'index.html'),
    `<!doctype html><html><head><style>.gallery__play{position:absolute}</style></head><body>${body}</body></html>`,
  );
}
const jsonLd = (url: string) =>
  `<script type="application/ld+json">{"@type":"VideoObject","contentUrl":"https://www.example-haitao.cn${url}","duration":"PT4S"}</script>`;

test('only review pages with the play button of a video, each with the path of its MP4', () => {
  page('100001/5000001', '<img src="/media/review/1/800x800.jpg">'); // pictures only
  page(
    '100001/5000002',
    `<button type="button" class="gallery__play" aria-label="播放视频">▶</button>${jsonLd('/media/video/v5000002/320x180.mp4')}`,
  );
  // A video cover with a bare mark, no button (the gallery's case of a video it cannot play).
  page(
    '100002/5000003',
    `<span class="gallery__play" aria-hidden="true">▶</span>${jsonLd('/media/video/v5000003/240x240.mp4')}`,
  );
  page(
    '100002/5000004',
    `<button type="button" class="gallery__play" aria-label="播放视频">▶</button>${jsonLd('/media/video/v5000004/180x320.mp4')}`,
  );
  fs.mkdirSync(path.join(dir, 'category', '1'), { recursive: true }); // not a review page
  fs.writeFileSync(path.join(dir, 'category', '1', 'index.html'), '<button aria-label="播放视频"></button>');
  assert.deepEqual(videoReviewPages(dir), [
    { path: '/100001/5000002/', videoUrl: '/media/video/v5000002/320x180.mp4' },
    { path: '/100002/5000004/', videoUrl: '/media/video/v5000004/180x320.mp4' },
  ]);
});

test('median and nearest-rank p90', () => {
  assert.equal(median([3, 1, 2]), 2);
  assert.equal(median([4, 1, 3, 2]), 2.5);
  const ten = [10, 1, 9, 2, 8, 3, 7, 4, 6, 5];
  assert.equal(quantile(ten, 0.9), 9);
  assert.equal(quantile(ten, 0.5), 5);
  assert.equal(quantile([42], 0.9), 42);
  assert.equal(quantile(ten, 1), 10);
});

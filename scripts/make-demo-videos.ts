// Makes the reference server's demo review videos (server/media/videos/, issue 21 item 1 and
// issue 44): for each subject of the demo pictures (server/media/subjects.ts) and each video
// shape, 4 s of that subject's product scene (server/media/scene.ts) with the camera drifting
// sideways and the product turning a little, and back. Run once by hand where ffmpeg (with
// libx264) is installed; CI has no ffmpeg, so the files are committed:
//
//   node --import tsx scripts/make-demo-videos.ts      (ffmpeg from PATH, or FFMPEG=/path)
//
// Files: demo-{subject}-{shape}.mp4, the box subject as plain demo-{shape}.mp4
// (server/media/videos.ts demoVideoFile). 15 fps, H.264 Constrained Baseline level 3.0,
// yuv420p, AAC-LC mono 32 kb/s, moov atom first (+faststart): what WeChat, iOS Safari and
// Android play. The frames are drawn by sharp from the same SVG as the pictures (the same bytes
// for the same scene), piped raw to ffmpeg; bit-exact flags and one encoder thread keep the
// output reproducible with the same ffmpeg build.
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { sceneSvg } from '../server/media/scene';
import { SUBJECTS, type Subject } from '../server/media/subjects';
import { DEMO_VIDEOS, VIDEO_DIR, demoVideoFile, type DemoVideo } from '../server/media/videos';

const FPS = 15;
const FFMPEG = process.env.FFMPEG ?? 'ffmpeg';

/** One frame of the scene as raw RGB bytes. */
async function frame(subject: Subject, digest: Buffer, v: DemoVideo, t: number): Promise<Buffer> {
  return sharp(Buffer.from(sceneSvg(subject, digest, v.width, v.height, { t })))
    .removeAlpha()
    .raw()
    .toBuffer();
}

async function makeVideo(subject: Subject, v: DemoVideo): Promise<{ file: string; bytes: number }> {
  const file = demoVideoFile(subject, v);
  const out = path.join(VIDEO_DIR, file);
  // One scene per subject, the same product in every shape.
  const digest = createHash('sha256').update(`video/${subject}`).digest();
  const frames = v.duration * FPS;
  // prettier-ignore
  const args = [
    '-hide_banner', '-loglevel', 'error', '-y',
    '-f', 'rawvideo', '-pix_fmt', 'rgb24', '-s', `${v.width}x${v.height}`, '-r', String(FPS), '-i', 'pipe:0',
    '-f', 'lavfi', '-i', `sine=frequency=440:sample_rate=44100:duration=${v.duration}`,
    '-c:v', 'libx264', '-profile:v', 'baseline', '-level', '3.0', '-pix_fmt', 'yuv420p', '-crf', '30',
    '-preset', 'veryslow', '-g', String(FPS), '-threads', '1',
    '-c:a', 'aac', '-b:a', '32k', '-ac', '1', '-movflags', '+faststart', '-map_metadata', '-1',
    '-fflags', '+bitexact', '-flags:v', '+bitexact', '-flags:a', '+bitexact', '-shortest', out,
  ];
  const ffmpeg = spawn(FFMPEG, args, { stdio: ['pipe', 'inherit', 'inherit'] });
  const done = new Promise<void>((resolve, reject) => {
    ffmpeg.on('error', reject);
    ffmpeg.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`ffmpeg exited ${code} for ${file}`))));
  });
  for (let i = 0; i < frames; i++) {
    const bytes = await frame(subject, digest, v, i / frames);
    if (!ffmpeg.stdin.write(bytes)) await new Promise((r) => ffmpeg.stdin.once('drain', r));
  }
  ffmpeg.stdin.end();
  await done;
  return { file, bytes: fs.statSync(out).size };
}

async function main() {
  let total = 0;
  for (const subject of SUBJECTS)
    for (const v of DEMO_VIDEOS) {
      const { file, bytes } = await makeVideo(subject, v);
      total += bytes;
      console.log(`${file}: ${(bytes / 1024).toFixed(1)} KB`);
    }
  console.log(`${SUBJECTS.length * DEMO_VIDEOS.length} videos, ${(total / 1024).toFixed(0)} KB together`);
}

main().catch((e: unknown) => {
  console.error(e);
  process.exit(1);
});

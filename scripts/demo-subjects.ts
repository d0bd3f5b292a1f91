// The demo pictures' subjects side by side (issue 44, server/media/subjects.ts and scene.ts):
// a contact sheet of a few pictures of each subject, to look at when a subject is drawn or
// changed, and the time each subject takes to draw (SVG built, rendered and encoded by sharp,
// one picture at a time, as the server's render of one URL).
//
//   node --import tsx scripts/demo-subjects.ts --sheet out.png [--variants 4] [--width 360]
//   node --import tsx scripts/demo-subjects.ts --time 200 [--size 720x960]
//   (--subjects jar,teddy: only those)
import { performance } from 'node:perf_hooks';
import sharp from 'sharp';
import { renderImage } from '../server/media/render';
import { SUBJECTS } from '../server/media/subjects';
import type { MediaKey } from '../server/media/urls';

const arg = (name: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i < 0 ? undefined : process.argv[i + 1];
};

const key = (i: number, width: number, height: number): MediaKey => ({
  kind: 'picture',
  id: `r${50000010 + i}`,
  width,
  height,
  ext: 'jpg',
});

const only = arg('subjects')?.split(',');
const subjects = SUBJECTS.filter((s) => !only || only.includes(s));

async function sheet(out: string, variants: number, width: number) {
  const height = Math.round((width * 4) / 3);
  const label = 22;
  const tiles: sharp.OverlayOptions[] = [];
  for (const [row, subject] of subjects.entries()) {
    tiles.push({
      input: Buffer.from(
        `<svg xmlns="http://www.w3.org/2000/svg" width="${width * variants}" height="${label}"><text x="4" y="16" font-family="sans-serif" font-size="15">${subject}</text></svg>`,
      ),
      left: 0,
      top: row * (height + label),
    });
    for (let v = 0; v < variants; v++)
      tiles.push({
        input: await renderImage(key(v, width, height), subject),
        left: v * width,
        top: row * (height + label) + label,
      });
  }
  await sharp({
    create: {
      width: width * variants,
      height: subjects.length * (height + label),
      channels: 3,
      background: '#fff',
    },
  })
    .composite(tiles)
    .png()
    .toFile(out);
  console.log(`${out}: ${subjects.length} subjects x ${variants}, ${width} px wide`);
}

async function time(count: number, width: number, height: number) {
  for (const subject of subjects) {
    await renderImage(key(0, width, height), subject); // warm up
    const start = performance.now();
    const cpu = process.cpuUsage();
    for (let i = 0; i < count; i++) await renderImage(key(i, width, height), subject);
    const ms = (performance.now() - start) / count;
    const used = process.cpuUsage(cpu);
    const cpuMs = (used.user + used.system) / 1000 / count;
    console.log(
      `${subject.padEnd(12)} ${ms.toFixed(1)} ms wall, ${cpuMs.toFixed(1)} ms CPU per ${width}x${height} JPEG (${count})`,
    );
  }
}

async function main() {
  const out = arg('sheet');
  if (out) await sheet(out, Number(arg('variants') ?? 4), Number(arg('width') ?? 360));
  const count = arg('time');
  if (count) {
    const [w, h] = (arg('size') ?? '720x960').split('x').map(Number);
    await time(Number(count), w, h);
  }
}

main().catch((e: unknown) => {
  console.error(e);
  process.exit(1);
});

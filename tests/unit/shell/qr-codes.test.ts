import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import jsQR from 'jsqr';
import sharp from 'sharp';
import { writeQrCodes } from '../../../gatsby/qr-codes';
import { QR_SIZE, qrTargets } from '../../../src/components/shell/qr-targets';
import { siteConfig } from '../../../src/site-config';

/** Rasterises an SVG file at its displayed size (x2, like a retina screen) and decodes it. */
async function decode(file: string): Promise<string | undefined> {
  const { data, info } = await sharp(await readFile(file), { density: 144 })
    .resize(QR_SIZE * 2, QR_SIZE * 2)
    .flatten({ background: '#ffffff' })
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return jsQR(new Uint8ClampedArray(data.buffer, data.byteOffset, data.length), info.width, info.height)?.data;
}

test('the four footer QR codes encode the configured URLs', () => {
  assert.deepEqual(
    qrTargets().map((t) => [t.label, t.url]),
    [
      ['APP 下载', siteConfig.qr.appDownload],
      ['官方微信', siteConfig.qr.wechat],
      ['官方微博', siteConfig.qr.weibo],
      ['小程序', siteConfig.qr.miniProgram],
    ],
  );
  assert.equal(new Set(qrTargets().map((t) => t.path)).size, 4);
});

test('writeQrCodes writes SVG files under public/qr/ that decode back to their URLs', async () => {
  const dir = await mkdtemp(join(tmpdir(), 'qr-'));
  try {
    const written = await writeQrCodes(dir);
    assert.equal(written.length, 4);
    for (const w of written) {
      assert.equal(w.file, join(dir, 'qr', w.path.split('/').pop()!));
      assert.match(await readFile(w.file, 'utf8'), /^<svg[^>]+viewBox=/);
      assert.equal(await decode(w.file), w.url, `${w.key} decodes`);
    }
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});

test('a URL that changes gives a different, still scannable code', async () => {
  const dir = await mkdtemp(join(tmpdir(), 'qr-'));
  try {
    const url = 'https://www.example-haitao.cn/app/download?channel=footer&v=2';
    const [w] = await writeQrCodes(dir, [{ ...qrTargets()[0], url }]);
    assert.equal(await decode(w.file), url);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});

test('the onPreBootstrap hook writes into <program.directory>/public and reports the files', async () => {
  const { qrCodesOnPreBootstrap } = await import('../../../gatsby/qr-codes');
  const dir = await mkdtemp(join(tmpdir(), 'site-'));
  const infos: string[] = [];
  try {
    await qrCodesOnPreBootstrap({
      store: { getState: () => ({ program: { directory: dir } }) },
      reporter: {
        info: (m) => infos.push(m),
        panic: (m) => {
          throw new Error(m);
        },
      },
    });
    for (const t of qrTargets())
      assert.equal(await decode(join(dir, 'public', ...t.path.split('/').filter(Boolean))), t.url);
    assert.equal(infos.length, 1);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});

// Photo ids (issue 15): a payer's ID-card photos. The upload is checked (type by its first
// bytes, decoded dimensions), converted by sharp to an interlaced (progressive) JPEG no larger
// than MAX_OUTPUT_SIDE, and stored per user at <dir>/<userId>/<photoId>.jpg: written to a temp
// file, fsync'd and renamed before the row is committed, so an answered upload survives a
// kill -9. Each user keeps at most MAX_PHOTO_IDS_PER_USER; a new one replaces the oldest.
// The photos are never served: only the checkout's payer check reads the ids.
import { randomBytes } from 'node:crypto';
import { mkdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import sharp from 'sharp';
import type { DB } from '../db/open';
import { HttpError, badRequest } from '../errors';
import { sweepStaleTemps, writeDurably } from '../durable-write';

export const PHOTO_ID_LIMITS = {
  /** Largest upload accepted (the request body may be a little larger: multipart framing). */
  maxBytes: 5 * 1024 * 1024,
  /** Decoded width and height, each. */
  maxSide: 8000,
  /**
   * Decoded pixels (issue 25, F8): sharp refuses more before decoding. A 24-megapixel camera's
   * photo passes; the stored copy is at most 2000 px a side anyway. 8000 x 8000 took ~190 MB
   * per decode, two at once.
   */
  maxPixels: 25_000_000,
  minSide: 100,
  /** Stored JPEGs fit in this square. */
  maxOutputSide: 2000,
  perUser: 6,
  /** Conversions running at once; more answer 503 (sharp's thread pool does the work). */
  concurrent: 2,
};

const FORMATS = new Set(['jpeg', 'png', 'webp']);

/** The image type by its first bytes: JPEG, PNG or WebP, else null. */
export function sniffImage(b: Buffer): 'jpeg' | 'png' | 'webp' | null {
  if (b.length >= 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) return 'jpeg';
  if (b.length >= 8 && b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])))
    return 'png';
  if (b.length >= 12 && b.toString('latin1', 0, 4) === 'RIFF' && b.toString('latin1', 8, 12) === 'WEBP') return 'webp';
  return null;
}

export class PhotoIdStore {
  private running = 0;
  /** How many stale temp files the start-up sweep deleted (tests wait for it). */
  readonly swept: Promise<number>;

  constructor(
    private readonly db: DB,
    readonly dir: string,
    private readonly now: () => number,
    private readonly limits = PHOTO_ID_LIMITS,
  ) {
    // Temp files of writes a crash cut short (issue 25, F9).
    this.swept = sweepStaleTemps(dir);
  }

  fileOf(userId: number, photoId: string): string {
    return join(this.dir, String(userId), `${photoId}.jpg`);
  }

  async add(userId: number, image: Buffer): Promise<{ photoId: string }> {
    if (image.length === 0) throw badRequest('请选择要上传的证件照片');
    if (image.length > this.limits.maxBytes)
      throw new HttpError(413, `图片不能超过${this.limits.maxBytes / 1024 / 1024}MB`);
    if (!sniffImage(image)) throw new HttpError(415, '仅支持 JPEG、PNG 或 WebP 格式的图片');
    if (this.running >= this.limits.concurrent)
      throw new HttpError(503, '上传的人太多了，请稍后再试', 'UNAVAILABLE', { 'Retry-After': '2' });
    this.running++;
    try {
      const jpeg = await this.convert(image);
      const photoId = randomBytes(12).toString('hex');
      const userDir = join(this.dir, String(userId));
      await mkdir(userDir, { recursive: true });
      const file = this.fileOf(userId, photoId);
      await writeDurably(file, jpeg.data); // no .tmp left behind when it fails
      const evicted = this.db.transaction(() => {
        this.db
          .prepare('INSERT INTO photo_ids (id, user_id, width, height, bytes, created_at) VALUES (?, ?, ?, ?, ?, ?)')
          .run(photoId, userId, jpeg.width, jpeg.height, jpeg.data.length, this.now());
        const old = this.db
          .prepare('SELECT id FROM photo_ids WHERE user_id = ? ORDER BY created_at DESC, rowid DESC LIMIT -1 OFFSET ?')
          .all(userId, this.limits.perUser) as Array<{ id: string }>;
        for (const o of old) this.db.prepare('DELETE FROM photo_ids WHERE id = ?').run(o.id);
        return old.map((o) => o.id);
      })();
      await Promise.all(evicted.map((id) => rm(this.fileOf(userId, id), { force: true })));
      return { photoId };
    } finally {
      this.running--;
    }
  }

  /** Decodes (bounded), then re-encodes as a progressive JPEG; 400 when it is not a usable image. */
  private async convert(image: Buffer): Promise<{ data: Buffer; width: number; height: number }> {
    const { maxSide, minSide, maxOutputSide, maxPixels } = this.limits;
    let meta: sharp.Metadata;
    try {
      // The header only (nothing decoded), so an image over the cap gets its own message below.
      meta = await sharp(image, { limitInputPixels: false, failOn: 'error' }).metadata();
    } catch {
      throw badRequest('图片无法识别，请重新拍摄后上传');
    }
    if (!meta.format || !FORMATS.has(meta.format)) throw new HttpError(415, '仅支持 JPEG、PNG 或 WebP 格式的图片');
    const w = meta.width ?? 0;
    const h = meta.height ?? 0;
    if (w > maxSide || h > maxSide) throw badRequest(`图片尺寸不能超过${maxSide}×${maxSide}像素`);
    if (w < minSide || h < minSide) throw badRequest(`图片太小，请上传不小于${minSide}×${minSide}像素的照片`);
    if (w * h > maxPixels) throw badRequest(`图片像素过多，请上传不超过${maxPixels / 10_000}万像素的照片`);
    try {
      const { data, info } = await sharp(image, { limitInputPixels: maxPixels, failOn: 'error' })
        .rotate()
        .resize({ width: maxOutputSide, height: maxOutputSide, fit: 'inside', withoutEnlargement: true })
        .flatten({ background: '#ffffff' })
        .jpeg({ quality: 85, progressive: true, mozjpeg: false })
        .toBuffer({ resolveWithObject: true });
      return { data, width: info.width, height: info.height };
    } catch {
      throw badRequest('图片无法识别，请重新拍摄后上传');
    }
  }
}

// Upload slots with a pace (issue 39, N5, the second probe's F7). Uploads are buffered, so only
// so many are received at once; eight connections sending 1 KB every 2 s used to hold every slot
// for the whole request timeout (90 s) and 18 of 18 other shoppers got 503. Now a body is bounded
// in time as well as in size: it must keep a minimum rate, measured over each window, or it is
// cut with 408 and its connection closed; and one client address holds at most a few slots, so
// one address cannot take them all whatever its pace.
import { Transform, type Readable, type TransformCallback } from 'node:stream';
import { HttpError } from './errors';

export interface UploadLimits {
  /** Uploads received or converted at once, in total (each buffers its body); more answer 503. */
  maxInFlight: number;
  /** Of those, per client address (req.ip: set TRUST_PROXY behind nginx); more answer 429. */
  maxPerClient: number;
  /** The slowest body kept: fewer bytes than this per second over a window cut it (408). */
  minBytesPerSec: number;
  /** The window the rate is measured over; the first starts when the body's reading starts. */
  windowMs: number;
}

export const DEFAULT_UPLOAD_LIMITS: UploadLimits = {
  maxInFlight: 8,
  maxPerClient: 2,
  // 128 kbit/s: below any phone network a shopper uploads a photo over (3G's worst is about 384).
  minBytesPerSec: 16 * 1024,
  windowMs: 5_000,
};

export const UPLOAD_BUSY = '上传的人太多了，请稍后再试';
export const UPLOAD_TOO_MANY = '您同时上传的图片太多了，请等前一张上传完成';
export const UPLOAD_TOO_SLOW = '上传太慢，连接已断开，请在网络较好时重试';

export class UploadSlots {
  readonly limits: UploadLimits;
  private total = 0;
  private readonly perClient = new Map<string, number>();

  constructor(limits: Partial<UploadLimits> = {}) {
    this.limits = { ...DEFAULT_UPLOAD_LIMITS, ...limits };
  }

  /** Takes a slot for `client`; the function gives it back (once). Throws 503 or 429 when none is free. */
  take(client: string): () => void {
    const mine = this.perClient.get(client) ?? 0;
    if (mine >= this.limits.maxPerClient) throw new HttpError(429, UPLOAD_TOO_MANY, undefined, { 'Retry-After': '2' });
    if (this.total >= this.limits.maxInFlight)
      throw new HttpError(503, UPLOAD_BUSY, 'UNAVAILABLE', { 'Retry-After': '2' });
    this.total++;
    this.perClient.set(client, mine + 1);
    let given = false;
    return () => {
      if (given) return;
      given = true;
      this.total--;
      const left = (this.perClient.get(client) ?? 1) - 1;
      if (left > 0) this.perClient.set(client, left);
      else this.perClient.delete(client);
    };
  }

  /** Slots held now (the tests read it). */
  get inFlight(): number {
    return this.total;
  }

  /**
   * The body as a stream that fails with 408 (and `Connection: close`) when fewer than
   * minBytesPerSec arrive over a window. For Fastify's preParsing hook.
   */
  paced(body: Readable): Readable {
    const { minBytesPerSec, windowMs } = this.limits;
    const least = Math.max(1, Math.floor((minBytesPerSec * windowMs) / 1000));
    let inWindow = 0;
    const pace = new Transform({
      transform(chunk: Buffer, _enc, done: TransformCallback) {
        inWindow += chunk.length;
        done(null, chunk);
      },
    });
    const timer = setInterval(() => {
      if (inWindow < least)
        pace.destroy(new HttpError(408, UPLOAD_TOO_SLOW, 'REQUEST_TIMEOUT', { Connection: 'close' }));
      inWindow = 0;
    }, windowMs);
    const stop = () => clearInterval(timer);
    pace.once('close', stop);
    pace.once('end', stop);
    pace.once('error', stop);
    body.once('error', (e) => pace.destroy(e));
    body.pipe(pace);
    return pace;
  }
}

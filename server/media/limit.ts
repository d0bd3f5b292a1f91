// Bounded rendering: at most `concurrency` distinct renders run, at most `queue` more wait, and
// a request for a URL already being rendered waits for that render instead of starting another.
// Beyond the queue the caller gets a 503 with Retry-After, so a flood of new URLs costs a
// bounded amount of memory and CPU (issue 12 item 2).
import { HttpError } from '../errors';

export interface RenderStats {
  /** Renders started. */
  renders: number;
  /** Requests that joined a render already in flight. */
  coalesced: number;
  /** Requests refused with 503 because the queue was full. */
  rejected: number;
}

export const busy = () => new HttpError(503, '图片生成繁忙，请稍后再试', 'SERVICE_UNAVAILABLE', { 'Retry-After': '1' });

export class RenderLimiter {
  readonly stats: RenderStats = { renders: 0, coalesced: 0, rejected: 0 };
  private readonly pending = new Map<string, Promise<Buffer>>();
  private readonly waiting: Array<() => void> = [];
  private active = 0;

  constructor(
    private readonly concurrency: number,
    private readonly queue: number,
  ) {}

  /** Runs job for key, or joins the run of key already in flight; throws busy() when full. */
  run(key: string, job: () => Promise<Buffer>): Promise<Buffer> {
    const inFlight = this.pending.get(key);
    if (inFlight) {
      this.stats.coalesced++;
      return inFlight;
    }
    if (this.active >= this.concurrency && this.waiting.length >= this.queue) {
      this.stats.rejected++;
      return Promise.reject(busy());
    }
    const p = this.acquire()
      .then(() => {
        this.stats.renders++;
        return job();
      })
      .finally(() => {
        this.pending.delete(key);
        this.release();
      });
    this.pending.set(key, p);
    return p;
  }

  /** Renders running or waiting (distinct URLs). */
  get inFlight(): number {
    return this.pending.size;
  }

  private acquire(): Promise<void> {
    if (this.active < this.concurrency) {
      this.active++;
      return Promise.resolve();
    }
    return new Promise((resolve) => this.waiting.push(resolve));
  }

  private release(): void {
    const next = this.waiting.shift();
    if (next)
      next(); // the slot passes to the next waiter
    else this.active--;
  }
}

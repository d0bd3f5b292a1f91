// An optional endpoint of the contract ("Any other endpoint is optional for the build"):
// failures are counted and reported, never thrown. When an endpoint fails `breakAfter` times
// before it ever answered (it does not exist on this server, or is down), the rest of its
// calls are not even tried: 30,000 product calls against a missing route would otherwise
// cost 30,000 round trips plus retries.
import { describe } from './errors';

export interface SkippedEndpoint {
  endpoint: string;
  /** Calls that failed. */
  failed: number;
  /** Calls not made because the endpoint was given up on. */
  notTried: number;
  /** The first failure's text. */
  reason: string;
}

export class OptionalEndpoint {
  private ok = 0;
  private failed = 0;
  private notTried = 0;
  private reason = '';

  constructor(
    readonly endpoint: string,
    private readonly breakAfter = 10,
  ) {}

  get givenUp(): boolean {
    return this.ok === 0 && this.failed >= this.breakAfter;
  }

  /** The call's answer, or undefined when it failed or was not tried. */
  async call<T>(fn: () => Promise<T>): Promise<T | undefined> {
    if (this.givenUp) {
      this.notTried++;
      return undefined;
    }
    try {
      const v = await fn();
      this.ok++;
      return v;
    } catch (e) {
      this.failed++;
      if (!this.reason) this.reason = describe(e);
      return undefined;
    }
  }

  /** A failed shape check of an answer counts as a failure too. */
  reject(reason: string): void {
    this.failed++;
    if (!this.reason) this.reason = reason;
  }

  report(): SkippedEndpoint | null {
    if (!this.failed && !this.notTried) return null;
    return { endpoint: this.endpoint, failed: this.failed, notTried: this.notTried, reason: this.reason };
  }
}

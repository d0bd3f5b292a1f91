// A small least-recently-used map bounded by total weight (entries, or bytes when `weigh`
// says so), with an optional time to live. Map keeps insertion order: a hit is re-inserted at
// the end, eviction takes from the front. Used by the site server's review-existence checks
// and its compressed-body cache (serve-site.ts); both must stay bounded whatever the traffic.

export interface LruOptions<V> {
  /** Total weight kept; the oldest entries go first when it is exceeded. */
  maxWeight: number;
  /** Weight of one entry (default 1: maxWeight is then an entry count). */
  weigh?: (value: V, key: string) => number;
  /** Entries older than this are misses (default: no expiry). */
  ttlMs?: number;
  now?: () => number;
}

interface Slot<V> {
  value: V;
  weight: number;
  at: number;
}

export class Lru<V> {
  private readonly map = new Map<string, Slot<V>>();
  private weight = 0;
  private readonly weigh: (value: V, key: string) => number;
  private readonly now: () => number;

  constructor(private readonly opts: LruOptions<V>) {
    this.weigh = opts.weigh ?? (() => 1);
    this.now = opts.now ?? Date.now;
  }

  get size(): number {
    return this.map.size;
  }
  get totalWeight(): number {
    return this.weight;
  }

  get(key: string): V | undefined {
    const slot = this.map.get(key);
    if (!slot) return undefined;
    if (this.opts.ttlMs !== undefined && this.now() - slot.at >= this.opts.ttlMs) {
      this.delete(key);
      return undefined;
    }
    this.map.delete(key);
    this.map.set(key, slot);
    return slot.value;
  }

  /** Stores the value; one heavier than the whole budget is not kept at all. */
  set(key: string, value: V): void {
    this.delete(key);
    const weight = this.weigh(value, key);
    if (weight > this.opts.maxWeight) return;
    this.map.set(key, { value, weight, at: this.now() });
    this.weight += weight;
    for (const [k] of this.map) {
      if (this.weight <= this.opts.maxWeight) break;
      this.delete(k);
    }
  }

  delete(key: string): void {
    const slot = this.map.get(key);
    if (!slot) return;
    this.map.delete(key);
    this.weight -= slot.weight;
  }
}

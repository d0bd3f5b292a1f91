// Seeded PRNG for the demo data: mulberry32. Same seed => same sequence on every machine
// (only 32-bit integer arithmetic), so the generator never touches Math.random or Date.now.
export class Rng {
  private state: number;

  constructor(seed: number) {
    this.state = seed >>> 0;
  }

  /** Uniform in [0, 1). */
  next(): number {
    let t = (this.state = (this.state + 0x6d2b79f5) >>> 0);
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  /** Integer in [min, max], both inclusive. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  chance(p: number): boolean {
    return this.next() < p;
  }

  pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.next() * items.length)];
  }

  /** Picks by weight: `[[value, weight], ...]`. */
  weighted<T>(table: ReadonlyArray<readonly [T, number]>): T {
    const total = table.reduce((s, [, w]) => s + w, 0);
    let r = this.next() * total;
    for (const [value, w] of table) {
      r -= w;
      if (r < 0) return value;
    }
    return table[table.length - 1][0];
  }

  /** `n` distinct items (fewer if the list is shorter), in random order. */
  sample<T>(items: readonly T[], n: number): T[] {
    const copy = items.slice();
    const out: T[] = [];
    while (out.length < n && copy.length) out.push(copy.splice(Math.floor(this.next() * copy.length), 1)[0]);
    return out;
  }
}

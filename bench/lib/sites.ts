// Built sites shared by the sections of one run: the build section's sites are reused by the
// page-weight, vitals and rebuild sections instead of building again (one Gatsby build at a
// time, on a 2-core machine).
import path from 'node:path';
import { seededDb, type BenchContext } from './data';
import { gatsbyBuild, siteCopy, type BuildRun } from './site';

export interface BuiltSite {
  reviews: number;
  dir: string;
  publicDir: string;
  dbFile: string;
  cold: BuildRun;
  pages: number;
}

const built = new Map<number, BuiltSite>();

export const sites = {
  has: (reviews: number) => built.has(reviews),
  /** The site built on a fresh `reviews`-review database (built now if this run has none). */
  async get(ctx: BenchContext, reviews: number): Promise<BuiltSite> {
    const hit = built.get(reviews);
    if (hit) return hit;
    const { file } = seededDb(ctx, reviews, `site`);
    const dir = siteCopy(ctx, `site-${reviews}`);
    const cold = await gatsbyBuild(ctx, dir, file, `build ${reviews}`);
    if (!cold.ok) {
      // How far it got: wall time, memory and the steps Gatsby finished, then the log's tail.
      const steps = Object.entries(cold.steps)
        .map(([k, v]) => `${k} ${v.toFixed(1)} s`)
        .join(', ');
      throw new Error(
        `gatsby build of the ${reviews}-review site failed after ${(cold.ms / 1000).toFixed(0)} s, peak tree RSS ${cold.memory.peakTreeRssMB} MB, largest process ${cold.memory.peakProcessHwmMB} MB; steps done: ${steps} (log in ${ctx.tmp}):\n${cold.log.slice(-800)}`,
      );
    }
    const site: BuiltSite = {
      reviews,
      dir,
      publicDir: path.join(dir, 'public'),
      dbFile: file,
      cold,
      pages: cold.html?.pages ?? 0,
    };
    built.set(reviews, site);
    return site;
  },
  /** Any site built in this run (smallest first), else a new one of `fallback` reviews. */
  async any(ctx: BenchContext, fallback = 1_000): Promise<BuiltSite> {
    const sizes = [...built.keys()].sort((a, b) => a - b);
    return sizes.length ? built.get(sizes[0])! : this.get(ctx, fallback);
  },
  async closeAll() {
    built.clear();
  },
};

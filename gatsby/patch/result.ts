// What the patch build (gatsby/patch/build.ts) hands to the build queue (server/builds/gatsby-runner.ts):
// its exit code and, on success, PATCH_WORK_DIR/result.json.

import type { PreparedStats } from '../../publish/releases';

/** Exit code: the patch cannot apply here; the queue runs `gatsby build` instead. */
export const NOT_APPLICABLE = 3;

export interface PatchResult {
  /** Files written (new or replacing the base release's). */
  written: number;
  /** Files of the base release left out of the new one. */
  deleted: number;
  /** The release prepared in PATCH_RELEASE_DIR. */
  release: PreparedStats;
  ms: { sourcing: number; pages: number; render: number; sitemaps: number; release: number };
}

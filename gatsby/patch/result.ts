// What the patch build (gatsby/patch/build.ts) hands to the build queue (server/builds/gatsby-runner.ts):
// its exit code and, on success, PATCH_WORK_DIR/result.json.

/** Exit code: the patch cannot apply here; the queue runs `gatsby build` instead. */
export const NOT_APPLICABLE = 3;

export interface PatchResult {
  /** Files of out/ (relative, posix) that replace or add to the base release. */
  written: string[];
  /** Files of the base release left out of the new one. */
  deleted: string[];
  pages: number;
  changedPages: number;
  deletedPages: number;
  reviewPages: number;
  ms: { sourcing: number; pages: number; render: number; sitemaps: number };
}

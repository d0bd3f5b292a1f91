// The editors' builds (issue 13 part 2): the wire shape the editor console reads, and the hint
// a trigger may carry. Schemas here are the single source of the wire types (house style 6).
import { Type, type Static } from '@sinclair/typebox';
import { ID_SOURCE } from '../../src/common/coerce';

const ReviewUrlId = Type.String({ minLength: 1, maxLength: 64, pattern: `^${ID_SOURCE}$` });
/** Reviews named in one trigger: enough for any back office's batch, small enough to bound the body. */
export const MAX_HINT_ITEMS = 1000;

export const ReviewRef = Type.Object(
  { productId: ReviewUrlId, commentId: ReviewUrlId },
  { additionalProperties: false },
);
export type ReviewRef = Static<typeof ReviewRef>;

export const BuildHintBody = Type.Object(
  {
    changed: Type.Optional(Type.Array(ReviewRef, { maxItems: MAX_HINT_ITEMS })),
    removed: Type.Optional(Type.Array(ReviewRef, { maxItems: MAX_HINT_ITEMS })),
  },
  { additionalProperties: false },
);
export type BuildHintBody = Static<typeof BuildHintBody>;

export const BuildParams = Type.Object({ id: Type.String({ minLength: 1, maxLength: 64, pattern: `^${ID_SOURCE}$` }) });
export type BuildParams = Static<typeof BuildParams>;

/** What a build fetches anew: the reviews changed and removed since the last build. */
export interface BuildHint {
  changed: ReviewRef[];
  removed: ReviewRef[];
}

/** 'restore': a takedown undone (DELETE /editor/api/takedowns/...). */
export type BuildTrigger = 'editor' | 'backoffice' | 'takedown' | 'restore' | 'startup';
export type BuildStatus = 'queued' | 'running' | 'published' | 'failed';

export interface SkippedReview {
  productId: string;
  commentId: string;
  reason: string;
}
export interface BuildProgress {
  step: string;
  percent: number;
}

export const TOUCHED_SHOWN = 10;

/** A build as the history keeps it (the hint in full, the log tail). */
export interface BuildRecord {
  id: string;
  trigger: BuildTrigger;
  status: BuildStatus;
  queuedAt: number;
  startedAt: number | null;
  finishedAt: number | null;
  /** null: a full build (fetches every review). */
  hint: BuildHint | null;
  pages: number | null;
  skipped: SkippedReview[];
  error: string | null;
  releaseId: string | null;
  /** Built while publishing was locked: kept, not served (server/builds/publishing-lock.ts). */
  held?: boolean;
  progress: BuildProgress;
  log: string[];
}

/** A build on the wire (GET /editor/api/builds). */
export interface Build {
  id: string;
  trigger: BuildTrigger;
  status: BuildStatus;
  /** Its release is the one served. */
  current: boolean;
  /** Its release is still kept (POST /builds/:id/publish can serve it). */
  canPublish: boolean;
  /** Built while publishing was locked: not served when it finished. */
  held: boolean;
  queuedAt: number;
  startedAt: number | null;
  finishedAt: number | null;
  hint: { changed: number; removed: number } | null;
  /** The first reviews the hint names (TOUCHED_SHOWN of each kind), for the console's links. */
  touched: { changed: ReviewRef[]; removed: ReviewRef[] } | null;
  pages: number | null;
  skipped: SkippedReview[];
  error: string | null;
  releaseId: string | null;
}
/** One build with its progress and log tail (GET /editor/api/builds/:id). */
export interface BuildDetail extends Build {
  progress: BuildProgress;
  log: string[];
}

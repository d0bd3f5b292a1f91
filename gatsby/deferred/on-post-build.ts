// `gatsby build`'s part of the deferred reviews: `public/_deferred/` from the build's data
// (gatsby/deferred/data.ts), written once Gatsby has written the review pages.
import path from 'node:path';
import { reviewPath } from '../../src/paths';
import { getBuildData } from '../build-data';
import { deferredFiles, reviewShape, writeDeferredData } from './data';

export function writeDeferredOnPostBuild(root: string): void {
  const data = getBuildData();
  const publicDir = path.join(root, 'public');
  // No review built (an empty feed): no shape to render from, and nothing to render.
  const first = data.pages[0];
  if (!first) return writeDeferredData(publicDir, new Map());
  writeDeferredData(
    publicDir,
    deferredFiles(data.feed, reviewShape(publicDir, reviewPath(first.productId, first.commentId))),
  );
}

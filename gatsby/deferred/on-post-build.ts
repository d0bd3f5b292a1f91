// `gatsby build`'s part of the deferred reviews: `public/_deferred/` from the build's data
// (gatsby/deferred/data.ts), written once Gatsby has written the review pages.
import path from 'node:path';
import { productPath, reviewPath } from '../../src/paths';
import { getBuildData } from '../build-data';
import { deferredFiles, pageShape, writeDeferredData } from './data';

export function writeDeferredOnPostBuild(root: string): void {
  const data = getBuildData();
  const publicDir = path.join(root, 'public');
  // No review built (an empty feed): no shape to render from, and nothing to render.
  const first = data.pages[0];
  if (!first) return writeDeferredData(publicDir, new Map());
  // With a review built ahead, at least one hub is (gatsby/sourcing/static-set.ts chooseHubs).
  const shapes = {
    review: pageShape(publicDir, reviewPath(first.productId, first.commentId)),
    product: pageShape(publicDir, productPath(data.hubIds[0])),
  };
  writeDeferredData(publicDir, deferredFiles(data, shapes));
}

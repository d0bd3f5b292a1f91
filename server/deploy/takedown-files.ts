// Takedowns as files for nginx (issue 24, deploy/nginx/): one empty file <dir>/<productId>/<commentId>
// per taken-down review, which nginx tests (`if (-f ...)`) on every review page and page-data
// request, answering 410 from the next request, as the site server does.
//
// Why files and not an auth_request to the site server: a file test costs a stat, so the
// review pages stay nginx's alone (an auth_request would put a Node round trip in front of every
// review page, and the pages would go down with the site servers); and why not an nginx map:
// a map needs a reload per takedown, and a signal from the site server to nginx. The folder sits
// beside the releases (var/site/takedowns), on the volume every node and nginx share (docs/deploy.md).
import fs from 'node:fs';
import path from 'node:path';
import { isId } from '../../src/common/coerce';

export interface ReviewRef {
  productId: string;
  commentId: string;
}

export const defaultTakedownsDir = (releasesRoot: string) => path.join(releasesRoot, 'takedowns');

export class TakedownFiles {
  constructor(readonly dir: string) {}

  /**
   * Corrupted state at start (issue 39, N11): anything but a folder at `dir` (a file, a dangling
   * link) is moved aside, never deleted, and a new folder takes its place; `report` says so.
   * Before, the first sync threw and the process did not start.
   */
  repair(report: (message: string) => void): void {
    const st = fs.lstatSync(this.dir, { throwIfNoEntry: false });
    if (
      !st ||
      st.isDirectory() ||
      (st.isSymbolicLink() && fs.statSync(this.dir, { throwIfNoEntry: false })?.isDirectory())
    )
      return;
    const aside = `${this.dir}.not-a-folder-${Date.now()}`;
    try {
      fs.renameSync(this.dir, aside);
      fs.mkdirSync(this.dir, { recursive: true });
      report(`${this.dir} was not a folder: moved to ${aside}; takedowns are written to a new folder`);
    } catch (e) {
      report(
        `${this.dir} is not a folder and could not be moved (${(e as Error).message}): nginx cannot see takedowns`,
      );
    }
  }

  private list(): ReviewRef[] {
    const out: ReviewRef[] = [];
    let products: string[];
    try {
      products = fs.readdirSync(this.dir);
    } catch {
      return out;
    }
    for (const productId of products) {
      if (!isId(productId)) continue;
      let comments: string[] = [];
      try {
        comments = fs.readdirSync(path.join(this.dir, productId));
      } catch {
        // not a folder
      }
      for (const commentId of comments) if (isId(commentId)) out.push({ productId, commentId });
    }
    return out;
  }

  /** Makes the folder hold exactly `down` (ids of another shape are left out); returns what changed. */
  sync(down: readonly ReviewRef[]): { added: ReviewRef[]; removed: ReviewRef[] } {
    const key = (r: ReviewRef) => `${r.productId}/${r.commentId}`;
    const wanted = new Map(down.filter((r) => isId(r.productId) && isId(r.commentId)).map((r) => [key(r), r]));
    const have = new Map(this.list().map((r) => [key(r), r]));
    const added: ReviewRef[] = [];
    const removed: ReviewRef[] = [];
    for (const [k, r] of wanted) {
      if (have.has(k)) continue;
      fs.mkdirSync(path.join(this.dir, r.productId), { recursive: true });
      fs.writeFileSync(path.join(this.dir, r.productId, r.commentId), '');
      added.push(r);
    }
    for (const [k, r] of have) {
      if (wanted.has(k)) continue;
      fs.rmSync(path.join(this.dir, r.productId, r.commentId), { force: true });
      try {
        fs.rmdirSync(path.join(this.dir, r.productId)); // only when it was the product's last
      } catch {
        // other reviews of the product are still down
      }
      removed.push(r);
    }
    return { added, removed };
  }
}

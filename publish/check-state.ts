// The releases folder as the server finds it at start (issue 25, F12). Each case used to fail
// silently or stop the process; now the server starts, repairs what it safely can, serves what
// it can, and says what is wrong (StartupProblems: console and log):
// - `releases` is not a folder: moved aside (nothing is deleted), a new folder takes its place;
// - `current` points at a release that is gone: the newest kept release is served instead, or,
//   with none, the site answers 404 until a build is published (the API is up either way);
// - `current` is a real folder, not a link (issue 39, N11): adopted as a release and served.
import fs from 'node:fs';
import path from 'node:path';
import { listReleases, newId, republish } from './releases';

export async function checkReleasesState(root: string, report: (message: string) => void): Promise<void> {
  const releases = path.join(root, 'releases');
  const st = fs.lstatSync(releases, { throwIfNoEntry: false });
  if (st && !st.isDirectory()) {
    const aside = `${releases}.not-a-folder-${Date.now()}`;
    try {
      fs.renameSync(releases, aside);
      fs.mkdirSync(releases);
      report(`${releases} was not a folder: moved to ${aside}; builds publish into a new folder`);
    } catch (e) {
      report(`${releases} is not a folder and could not be moved (${(e as Error).message}): builds cannot publish`);
    }
  }
  const current = path.join(root, 'current');
  // A real folder where the link should be (issue 39, N11): every publish's rename() of the new
  // link over it failed. It is what was served: adopted as a release (moved, nothing deleted)
  // and served again through a link.
  const cst = fs.lstatSync(current, { throwIfNoEntry: false });
  if (cst?.isDirectory()) {
    const id = newId(root);
    try {
      fs.mkdirSync(releases, { recursive: true });
      fs.renameSync(current, path.join(releases, id));
      await republish(root, id);
      report(`${current} was a folder, not a link: adopted as release ${id} and served; builds publish again`);
    } catch (e) {
      report(
        `${current} is a folder, not a link, and could not be adopted (${(e as Error).message}): builds cannot publish`,
      );
    }
    return;
  }
  let target: string | null = null;
  try {
    target = fs.readlinkSync(current);
  } catch {
    return; // no current release yet (or not a link): nothing was served before either
  }
  if (fs.statSync(path.resolve(root, target), { throwIfNoEntry: false })?.isDirectory()) return;
  const newest = listReleases(root)[0]?.id;
  if (newest) {
    try {
      await republish(root, newest);
      report(`${current} pointed at ${target}, which is missing: serving the newest kept release ${newest} instead`);
      return;
    } catch (e) {
      report(
        `${current} points at ${target}, which is missing, and ${newest} could not be served: ${(e as Error).message}`,
      );
    }
  }
  report(
    `${current} points at ${target}, which is missing: the site answers 404 until a build is published (the API is up)`,
  );
}

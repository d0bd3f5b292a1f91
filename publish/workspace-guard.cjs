// Copy-on-write for the staging workspace (issue 23): loaded first in every process of a
// `gatsby build` (`node --require`, through NODE_OPTIONS so Gatsby's workers get it too;
// workspace-guard.ts says who sets it).
//
// A publish hard-links the files of public/ into the release (publish/releases.ts), so a file of
// public/ and the served release's file are one inode. Gatsby writes its files in place:
// fs-extra's outputFile is fs.writeFile, which opens with O_TRUNC (HTML in
// utils/worker/child/render-html.js, page data through utils/ensure-file-content.js, webpack's
// emit, the static/ folder's copy, workbox's sw.js). Written in place, a published page would
// change under its release. This module makes every such write land in a new inode instead:
// before a file inside a guarded folder is opened for writing, copied over or truncated, if it
// has more than one link (it is shared with a release), the link in public/ is broken:
//   - a write that truncates (writeFile, open with "w", copyFile onto it): the name is unlinked
//     first, so the open creates a new file; the release keeps the old inode untouched;
//   - a write that keeps the content (append, "r+", truncate to a length): the file is copied to
//     a temporary name and renamed over, then written.
// Only files shared with a release pay (an lstat per write into public/, a copy for the rare
// append). Plain CommonJS, no dependency: it runs before anything else is loaded (graceful-fs
// and fs-extra keep the fs functions they find when they load, so a later patch misses them).
//
// Folders: PUBLISH_GUARD_DIRS (path.delimiter-separated), default <cwd>/public.
/* eslint-disable @typescript-eslint/no-require-imports */
'use strict';
const fs = require('node:fs');
const path = require('node:path');

const KEY = Symbol.for('storefront.publish.workspaceGuard');

function install() {
  if (globalThis[KEY]) return globalThis[KEY];
  const dirs = (process.env.PUBLISH_GUARD_DIRS || path.join(process.cwd(), 'public'))
    .split(path.delimiter)
    .filter(Boolean)
    // As given and as its real path: a work tree reached through a symlink is written by either.
    .flatMap((d) => {
      const real = (() => {
        try {
          return fs.realpathSync(d);
        } catch {
          return path.resolve(d);
        }
      })();
      return [...new Set([path.resolve(d), real])].map((x) => x + path.sep);
    });
  const orig = {
    lstatSync: fs.lstatSync,
    unlinkSync: fs.unlinkSync,
    copyFileSync: fs.copyFileSync,
    renameSync: fs.renameSync,
  };
  const state = { dirs, broken: 0 };

  const inside = (p) => {
    if (typeof p !== 'string' && !(p instanceof URL) && !Buffer.isBuffer(p)) return null; // an fd or FileHandle
    let abs;
    try {
      abs = path.resolve(p instanceof URL ? require('node:url').fileURLToPath(p) : String(p));
    } catch {
      return null;
    }
    return dirs.some((d) => abs.startsWith(d)) ? abs : null;
  };

  /** Gives `p` an inode of its own when it is shared; `keep`: its content must survive. */
  const breakLink = (p, keep) => {
    const abs = inside(p);
    if (!abs) return;
    const st = orig.lstatSync(abs, { throwIfNoEntry: false });
    if (!st || !st.isFile() || st.nlink < 2) return;
    if (keep) {
      const tmp = `${abs}.guard-${process.pid}-${Math.random().toString(36).slice(2)}`;
      orig.copyFileSync(abs, tmp);
      orig.renameSync(tmp, abs);
    } else {
      orig.unlinkSync(abs);
    }
    state.broken++;
  };

  const { O_WRONLY, O_RDWR, O_TRUNC } = fs.constants;
  /** Whether open flags write, and whether they truncate. */
  const flagsOf = (flags) => {
    if (flags == null) return { write: false, trunc: false };
    if (typeof flags === 'number')
      return { write: (flags & (O_WRONLY | O_RDWR)) !== 0, trunc: (flags & O_TRUNC) !== 0 };
    const f = String(flags);
    return { write: /[wa+]/.test(f), trunc: f.includes('w') };
  };
  const byFlags = (p, flags) => {
    const { write, trunc } = flagsOf(flags);
    if (write) breakLink(p, !trunc);
  };
  const optFlag = (options, dflt) =>
    options && typeof options === 'object' && options.flag != null ? options.flag : dflt;

  const wrap = (obj, name, before) => {
    const fn = obj[name];
    if (typeof fn !== 'function') return;
    obj[name] = function guarded(...args) {
      before(...args);
      return fn.apply(this, args);
    };
  };

  for (const obj of [fs, fs.promises]) {
    const sync = obj === fs;
    for (const suffix of sync ? ['', 'Sync'] : ['']) {
      wrap(obj, `open${suffix}`, (p, flags) => byFlags(p, flags === undefined ? 'r' : flags));
      wrap(obj, `writeFile${suffix}`, (p, _d, o) => byFlags(p, optFlag(o, 'w')));
      wrap(obj, `appendFile${suffix}`, (p, _d, o) => byFlags(p, optFlag(o, 'a')));
      wrap(obj, `copyFile${suffix}`, (_src, dest) => breakLink(dest, false));
      wrap(obj, `truncate${suffix}`, (p, len) => breakLink(p, typeof len === 'number' && len > 0));
    }
  }
  // Streams open through fs.open (patched above) unless given their own fs: their flags are in options.
  wrap(fs, 'createWriteStream', (p, o) => byFlags(p, optFlag(typeof o === 'string' ? null : o, 'w')));

  globalThis[KEY] = state;
  return state;
}

module.exports = { install, KEY };
install();

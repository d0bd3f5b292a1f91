// srcset from the media server's sizes (issue 44): every srcset candidate in the built site's
// pages, and every variant of every review and product picture of the database the site was
// built from, is served by the reference server (on a copy of that database, a random loopback
// port, its own media folder) at the width its descriptor advertises.
// - Every candidate of the built pages: a HEAD answers 200 (the route's lookups, no render) and
//   its descriptor is the width in its file name; one GET per distinct size and format renders
//   it and sharp reads the picture's width and height (the renderer draws a URL at its file
//   name's size, server/media/render.ts, so one render per size stands for all of them).
// - Every variant of the database's pictures: served size and in the data, by the route's own
//   checks (isServedSize, createMediaLookup), without rendering thousands of pictures.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { parse } from 'node-html-parser';
import sharp from 'sharp';
import { mediaVariants } from '../../../src/common/media-variants';
import { createMediaLookup } from '../../../server/media/exists';
import { isServedSize } from '../../../server/media/sizes';
import { parseMediaPath } from '../../../server/media/urls';
import { startServer, type RunningServer } from '../../../server/start';
import { PUBLIC_DIR, copyTestDb, siteMissing } from '../../helpers/built-site';
import { builtHtmlPages } from '../../e2e/helpers/built-pages';
import { mediaUrlsInData } from '../server/media-data';

interface Candidate {
  url: string;
  width: number;
  page: string;
}

/** The srcset candidates of every built page (an `img` or `source` element's srcset). */
function srcsetCandidates(): { candidates: Candidate[]; images: number } {
  const candidates: Candidate[] = [];
  let images = 0;
  for (const p of builtHtmlPages(PUBLIC_DIR)) {
    const root = parse(fs.readFileSync(path.join(PUBLIC_DIR, p.file), 'utf8'));
    for (const el of root.querySelectorAll('[srcset]')) {
      images++;
      for (const part of (el.getAttribute('srcset') ?? '').split(',')) {
        const [url, descriptor, ...rest] = part.trim().split(/\s+/);
        assert.equal(rest.length, 0, `${p.urlPath}: one URL and one descriptor in "${part}"`);
        const m = /^([1-9][0-9]*)w$/.exec(descriptor ?? '');
        assert.ok(m, `${p.urlPath}: a width descriptor in "${part}"`);
        candidates.push({ url, width: Number(m[1]), page: p.urlPath });
      }
      assert.ok(el.getAttribute('sizes'), `${p.urlPath}: a srcset with sizes`);
    }
  }
  return { candidates, images };
}

const keyOf = (url: string) => {
  const [, , kind, id, file] = url.split('/');
  return parseMediaPath(kind, id, file);
};

describe('srcset from the media server', { skip: siteMissing }, () => {
  let dir: string;
  let server: RunningServer;
  before(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'srcset-'));
    const dbFile = await copyTestDb(path.join(dir, 'storefront.sqlite'));
    server = await startServer({
      dbFile,
      mediaDir: path.join(dir, 'media'),
      host: '127.0.0.1',
      port: 0,
      logger: false,
      mediaBaseUrl: '',
    });
  });
  after(async () => {
    await server?.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  test('every srcset candidate of the built pages answers 200 at the width it advertises', async (t) => {
    const { candidates, images } = srcsetCandidates();
    const distinct = new Map(candidates.map((c) => [c.url, c]));
    t.diagnostic(`${images} images with a srcset, ${candidates.length} candidates, ${distinct.size} distinct URLs`);
    // The waterfall, grid and gallery pictures of a 500-review demo: thousands, not a handful.
    assert.ok(images > 500, `${images} images with a srcset`);
    const bySize = new Map<string, Candidate>();
    for (const c of distinct.values()) {
      assert.match(c.url, /^\/media\/(picture|product)\//, `${c.page}: ${c.url}`);
      const key = keyOf(c.url);
      assert.ok(key, `${c.page}: ${c.url} parses`);
      assert.equal(key.width, c.width, `${c.page}: ${c.url} advertised as ${c.width}w`);
      bySize.set(`${key.kind}:${key.width}x${key.height}.${key.ext}`, c);
    }
    const urls = [...distinct.keys()];
    for (let i = 0; i < urls.length; i += 32) {
      const statuses = await Promise.all(
        urls.slice(i, i + 32).map(async (u) => [u, (await fetch(server.url + u, { method: 'HEAD' })).status] as const),
      );
      for (const [u, status] of statuses) assert.equal(status, 200, `HEAD ${u} (${distinct.get(u)?.page})`);
    }
    t.diagnostic(`${bySize.size} distinct sizes rendered`);
    for (const c of bySize.values()) {
      const res = await fetch(server.url + c.url);
      assert.equal(res.status, 200, c.url);
      const meta = await sharp(Buffer.from(await res.arrayBuffer())).metadata();
      const key = keyOf(c.url)!;
      assert.deepEqual([meta.width, meta.height], [c.width, key.height], c.url);
      assert.equal(meta.format, key.ext === 'jpg' ? 'jpeg' : 'webp', c.url);
    }
  });

  test('every variant of every picture in the database is a served size and in the data', (t) => {
    const inData = createMediaLookup(server.app.db);
    let n = 0;
    for (const url of mediaUrlsInData(server.app.db).filter((u) => /^\/media\/(picture|product)\//.test(u)))
      for (const v of mediaVariants(url)) {
        const key = keyOf(v.url);
        assert.ok(key && isServedSize(key), `served size: ${v.url}`);
        assert.ok(inData(key), `in data: ${v.url} (of ${url})`);
        n++;
      }
    t.diagnostic(`${n} variants checked`);
    assert.ok(n > 1000);
  });

  test('a variant of a picture the data does not have, or at another width, is a 404', async () => {
    const url = mediaUrlsInData(server.app.db).find((u) => u.startsWith('/media/picture/'))!;
    const [v] = mediaVariants(url).filter((x) => x.url !== url);
    for (const u of [
      v.url.replace(/\/r([0-9]+)\//, '/r9$1/'),
      v.url.replace(/\/([0-9]+)x/, (_, w) => `/${Number(w) + 1}x`),
    ])
      assert.equal((await fetch(server.url + u, { method: 'HEAD' })).status, 404, u);
  });
});

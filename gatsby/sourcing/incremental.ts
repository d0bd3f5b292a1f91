// Incremental sourcing (issue 13 part 2, "Build hook"): the build queue (server/builds/) tells
// the build what changed since the last build, and the build fetches only that.
//
// - BUILD_INPUT_FILE: JSON `{ hint: { changed, removed } | null, exclude }`. `exclude` lists the
//   reviews taken down by an editor: never built, even when the API still lists them (a
//   production API); `hint.removed` is added to it. With a hint, the reviews not named in
//   `changed` reuse their page data from the last build (the feed is still read whole: it
//   decides which reviews exist and their order, and is the related lists' source).
// - BUILD_DATA_DIR: where the fetched data is kept. The build writes `next/`; the queue renames
//   it to `last/` only after the build succeeded and was published (promoteBuildData), so a
//   failed build never becomes the base of the next one. Without the variables (`npm run
//   build`) nothing changes. The names and the layout are publish/build-protocol.ts's.
//
// The files are NDJSON, one review or product a line, read and written as streams: at 100,000
// reviews the pages take ~300 MB, past what one JSON string may hold.
import fs from 'node:fs';
import path from 'node:path';
import readline from 'node:readline';
import { finished } from 'node:stream/promises';
import type { ReviewPageData } from '../../src/review/page-data';
import type { ProductView } from '../../src/listing/types';
import { DATA, ENV, refKey as key, reviewKey, type BuildInput } from '../../publish/build-protocol';

export interface LastBuild {
  pages: Map<string, ReviewPageData>;
  products: Map<string, ProductView>;
}

const { pages: PAGES, products: PRODUCTS } = DATA;

export function readBuildInput(file = process.env[ENV.inputFile]): BuildInput {
  if (!file) return { hint: null, exclude: [] };
  const input = JSON.parse(fs.readFileSync(file, 'utf8')) as Partial<BuildInput>;
  return { hint: input.hint ?? null, exclude: input.exclude ?? [] };
}

async function readLines<T>(file: string, each: (v: T) => void): Promise<void> {
  const rl = readline.createInterface({ input: fs.createReadStream(file, 'utf8'), crlfDelay: Infinity });
  for await (const line of rl) if (line) each(JSON.parse(line) as T);
}

/** The last successful build's data, or null when there is none (the build is then a full one). */
export async function loadLastBuild(dir: string): Promise<LastBuild | null> {
  const last = path.join(dir, DATA.last);
  if (!fs.existsSync(path.join(last, PAGES)) || !fs.existsSync(path.join(last, PRODUCTS))) return null;
  const out: LastBuild = { pages: new Map(), products: new Map() };
  await readLines<ReviewPageData>(path.join(last, PAGES), (p) => out.pages.set(key(p), p));
  await readLines<ProductView>(path.join(last, PRODUCTS), (p) => out.products.set(p.id, p));
  return out;
}

async function writeLines(file: string, items: Iterable<unknown>): Promise<void> {
  const out = fs.createWriteStream(file);
  for (const item of items) {
    if (!out.write(`${JSON.stringify(item)}\n`)) await new Promise<void>((r) => out.once('drain', () => r()));
  }
  out.end();
  await finished(out);
}

/** Writes this build's data to `dir/next/` (promoted by the queue once the build is published). */
export async function saveBuildData(dir: string, pages: ReviewPageData[], products: Iterable<ProductView>) {
  const next = path.join(dir, DATA.next);
  fs.rmSync(next, { recursive: true, force: true });
  fs.mkdirSync(next, { recursive: true });
  await writeLines(path.join(next, PAGES), pages);
  await writeLines(path.join(next, PRODUCTS), products);
}

/** What sourcing reuses and leaves out, from the input and the last build's data. */
export function sourcingPlan(input: BuildInput, last: LastBuild | null) {
  const exclude = new Set([...input.exclude, ...(input.hint?.removed ?? [])].map(key));
  const hint = input.hint;
  if (!hint || !last) return { exclude, incremental: false as const };
  const changed = new Set(hint.changed.map(key));
  const touchedProducts = new Set([...hint.changed, ...hint.removed].map((r) => r.productId));
  return {
    exclude,
    incremental: true as const,
    reuse: (productId: string, commentId: string) =>
      changed.has(reviewKey(productId, commentId)) ? undefined : last.pages.get(reviewKey(productId, commentId)),
    reuseProduct: (id: string) => (touchedProducts.has(id) ? undefined : last.products.get(id)),
  };
}

// Which integration test files share a process in `npm test` (scripts/test.ts bundles them: a
// generated file imports each member in turn). Pure, so tests/unit/scripts can check it.

/** Members of one integration bundle at most: a bundle stays minutes under the file limit. */
export const INTEGRATION_BUNDLE = 8;

/**
 * Why an integration file keeps a process of its own, or null. Within a bundle every file's
 * top-level `before` runs before the first test and its `after` after the last, a top-level
 * `beforeEach` would run around every member's tests, and what a file changes in the process
 * (its environment, signal handlers, fetch's dispatcher, mocked timers) would reach the others.
 * A file that builds or reads a built site takes minutes and has deadlines of its own.
 */
export function ownProcess(text: string): string | null {
  const rules: Array<[RegExp, string]> = [
    [/^(?:beforeEach|afterEach)\(/m, 'a top-level beforeEach or afterEach'],
    [/process\.env(?:\.[A-Za-z_]+|\[[^\]\n]{1,80}\])\s*=(?!=)|delete process\.env/, 'changes process.env'],
    [/process\.(?:on|once|chdir|umask)\(/, 'changes the process'],
    [/setGlobalDispatcher|mock\.timers|mock\.method/, 'changes globals'],
    [/copySiteSources|gatsby build|helpers\/built-site/, 'builds or reads a built site'],
  ];
  for (const [re, why] of rules) if (re.test(text)) return why;
  return null;
}

export interface TestFile {
  file: string;
  /** Its folder, relative to the checkout (tests/integration/server). */
  folder: string;
  text: string;
}
export interface BundlePlan {
  /** Part of the generated file's name. */
  name: string;
  /** What the summary calls it. */
  label: string;
  members: string[];
}

/**
 * The bundles of `files` (in path order): the files of one folder that may share a process, in
 * parts of at most INTEGRATION_BUNDLE of about the same size. A folder with one such file has no
 * bundle; the files not in any bundle run as before.
 */
export function integrationBundles(files: TestFile[]): BundlePlan[] {
  const byFolder = new Map<string, string[]>();
  for (const f of files) {
    if (ownProcess(f.text)) continue;
    byFolder.set(f.folder, [...(byFolder.get(f.folder) ?? []), f.file]);
  }
  const plans: BundlePlan[] = [];
  for (const [folder, members] of byFolder) {
    if (members.length < 2) continue;
    const parts = Math.ceil(members.length / INTEGRATION_BUNDLE);
    const size = Math.ceil(members.length / parts);
    for (let i = 0; i < parts; i++) {
      const name = `${folder.replace(/[/\\]/g, '-')}${parts > 1 ? `-${i + 1}` : ''}`;
      plans.push({
        name,
        label: parts > 1 ? `${folder}, part ${i + 1} of ${parts}` : folder,
        members: members.slice(i * size, (i + 1) * size),
      });
    }
  }
  return plans;
}

/**
 * The files started before all others (checkout-relative): the two that run `gatsby build`
 * two times or more, 4-5 minutes each beside two CPU hogs. Node's runner starts files in path
 * order, which put them last: a clean-clone run beside two hogs ended with them alone for its
 * last minutes (deferred-reviews 308 s of wall, builds 228 s), two test slots empty and the
 * e2e layer done. First, the short e2e files fill the end instead.
 */
export const START_FIRST: readonly string[] = [
  'tests/integration/site/deferred-reviews.test.ts',
  'tests/integration/editor/builds.test.ts',
];

/** Of `files` (checkout-relative), those of START_FIRST, in START_FIRST's order. */
export function startFirst(files: readonly string[]): string[] {
  const present = new Set(files.map((f) => f.split('\\').join('/')));
  return START_FIRST.filter((f) => present.has(f));
}

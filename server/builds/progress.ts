// A running build's progress and log tail, from the lines `gatsby build` prints. Gatsby (with
// CI=true, as the runner starts it) prints one "success <step> - 1.2s[ - n/m ...]" line per
// finished step; each known step moves the percent to its mark and names the next step. An
// unknown line changes nothing, so a new Gatsby step or a reworded one costs precision, never a
// failure. The marks are rough shares of a 10,000-review build's time (docs/benchmarks.md).
import { stripVTControlCharacters } from 'node:util';
import type { BuildProgress } from './types';

export const LOG_LINES = 100;
export const LOG_LINE_CHARS = 500;

const STEPS: Array<[RegExp, number, string]> = [
  // Gatsby compiles gatsby-node and loads its plugins before sourcing (seconds on a busy machine).
  [/^success (compile gatsby files|load gatsby config)/, 1, 'load plugins'],
  [/Sourcing from the storefront API/, 2, 'Reading the review feed'],
  [/^success Reading the review feed/, 5, 'Fetching review details'],
  [/^success Fetching review details/, 15, 'Fetching optional data'],
  [/^success Fetching optional data/, 22, 'source and transform nodes'],
  [/^success source and transform nodes/, 28, 'createPages'],
  [/^success createPages /, 35, 'extract queries from components'],
  [/^info bootstrap finished/, 40, 'Building production JavaScript and CSS bundles'],
  [/^success Building production JavaScript and CSS bundles/, 60, 'Building HTML renderer'],
  [/^success Building HTML renderer/, 70, 'Writing page-data.json'],
  [/^success Writing page-data\.json/, 75, 'Building static HTML for pages'],
  [/^success Building static HTML for pages/, 92, 'onPostBuild'],
  [/^success onPostBuild/, 96, 'publishing'],
  // The patch build (gatsby/patch/build.ts).
  [/^patch: sourced /, 40, 'patch: comparing pages'],
  [/^patch: \d+ pages, /, 45, 'patch: rendering the changed pages'],
  [/^patch: rendered /, 85, 'patch: sitemaps'],
  [/^patch: \d+ files written/, 90, 'publishing'],
];
/** "n/m" in a progress line (Gatsby's counter of pages built). */
const COUNTER = /\b(\d+)\/(\d+)\b/;

export class BuildOutput {
  readonly log: string[] = [];
  progress: BuildProgress = { step: 'starting gatsby build', percent: 0 };
  /** The last line that looks like an error, for the reason of a failure. */
  lastError: string | null = null;
  private partial = '';

  constructor(private readonly onChange?: () => void) {}

  /** A chunk of the child's stdout or stderr. */
  write(chunk: string): void {
    const lines = (this.partial + chunk).split(/\r?\n|\r/);
    this.partial = lines.pop() ?? '';
    // An unterminated line longer than the cap is cut now: the child cannot grow it unbounded.
    if (this.partial.length > LOG_LINE_CHARS * 4) {
      lines.push(this.partial);
      this.partial = '';
    }
    for (const l of lines) this.line(l);
  }

  end(): void {
    if (this.partial) this.line(this.partial);
    this.partial = '';
  }

  line(raw: string): void {
    const text = stripVTControlCharacters(raw).trimEnd().slice(0, LOG_LINE_CHARS);
    if (!text.trim()) return;
    this.log.push(text);
    if (this.log.length > LOG_LINES) this.log.splice(0, this.log.length - LOG_LINES);
    if (/^\s*(ERROR|error|failed)\b|panic|Error:/.test(text)) this.lastError = text.trim();
    const t = text.trim();
    for (const [re, percent, next] of STEPS) {
      if (re.test(t) && percent >= this.progress.percent) {
        this.progress = { step: next, percent };
        break;
      }
    }
    // The patch build counts the pages it renders (gatsby/patch/build.ts).
    const patched = /^patch: rendering (\d+)\/(\d+)/.exec(t);
    if (patched && Number(patched[2]) > 0)
      this.progress = {
        step: 'patch: rendering the changed pages',
        percent: Math.max(this.progress.percent, 45 + Math.floor((40 * Number(patched[1])) / Number(patched[2]))),
      };
    // While pages are written, Gatsby's counter (when it prints one) moves the percent on.
    if (/Building static HTML for pages/.test(t) && !t.startsWith('success')) {
      const m = COUNTER.exec(t);
      if (m && Number(m[2]) > 0)
        this.progress = {
          step: 'Building static HTML for pages',
          percent: 75 + Math.floor((17 * Number(m[1])) / Number(m[2])),
        };
    }
    this.onChange?.();
  }
}

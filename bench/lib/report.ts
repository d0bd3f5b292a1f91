// Result records and formatting shared by the sections.
import os from 'node:os';

export interface Figure {
  /** What was measured, e.g. "build 1,000 reviews: wall". */
  name: string;
  value: number;
  unit: string;
  /** The floor or peer measured in the same run, and the ratio value / floor. */
  floor?: { name: string; value: number };
  ratio?: number;
  /** Target from issue 7, as text, and whether it is met (undefined: no target). */
  target?: string;
  met?: boolean;
}

export interface SectionResult {
  section: string;
  title: string;
  figures: Figure[];
  notes: string[];
  skipped?: string;
  /** Set when a gate of the section failed: the bench exits non-zero (issue 26, vitals). */
  gateFailed?: string;
  details?: unknown;
}

export function fig(
  name: string,
  value: number,
  unit: string,
  floor?: { name: string; value: number },
  target?: { text: string; met: boolean },
): Figure {
  const f: Figure = { name, value: round(value), unit };
  if (floor && floor.value > 0) {
    f.floor = { name: floor.name, value: round(floor.value) };
    f.ratio = round(value / floor.value, 3);
  }
  if (target) {
    f.target = target.text;
    f.met = target.met;
  }
  return f;
}

export function round(n: number, digits = 2): number {
  if (!Number.isFinite(n)) return n;
  const p = 10 ** digits;
  return Math.round(n * p) / p;
}

export const machine = () => ({
  cores: os.cpus().length,
  cpu: os.cpus()[0]?.model ?? 'unknown',
  memoryGiB: round(os.totalmem() / 2 ** 30, 1),
  platform: `${os.type()} ${os.release()}`,
  node: process.version,
  loadAverage: os.loadavg().map((l) => round(l, 2)),
});

const num = (n: number) => (Math.abs(n) >= 1000 ? Math.round(n).toLocaleString('en-US') : String(round(n)));

export function markdownTable(results: SectionResult[]): string {
  const lines: string[] = [];
  for (const r of results) {
    lines.push(`### ${r.title}`, '');
    if (r.skipped) {
      lines.push(`Skipped: ${r.skipped}`, '');
      continue;
    }
    lines.push('| figure | value | floor / peer (same run) | ratio | target | met |', '|---|---:|---|---:|---|:-:|');
    for (const f of r.figures) {
      const floor = f.floor ? `${f.floor.name}: ${num(f.floor.value)} ${f.unit}` : '';
      const ratio = f.ratio != null ? `${round(f.ratio, 2)}x` : '';
      const met = f.met == null ? '' : f.met ? 'yes' : '**no**';
      lines.push(`| ${f.name} | ${num(f.value)} ${f.unit} | ${floor} | ${ratio} | ${f.target ?? ''} | ${met} |`);
    }
    if (r.notes.length) lines.push('', ...r.notes.map((n) => `- ${n}`));
    lines.push('');
  }
  return lines.join('\n');
}

export const log = (msg: string) => process.stderr.write(`[bench] ${msg}\n`);

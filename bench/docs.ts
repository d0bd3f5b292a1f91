// --write-docs: rewrites the generated block of docs/bench-runs.md for the run's mode
// (between <!-- bench:<mode>:start --> and <!-- bench:<mode>:end -->): command, machine, date,
// the tables and the state of each issue-7 target. The rest of the file is kept as it is;
// docs/benchmarks.md (the reference) is written by hand.
import fs from 'node:fs';
import { markdownTable, type SectionResult } from './lib/report';

interface Report {
  command: string;
  mode: string;
  date: string;
  seconds: number;
  machine: ReturnType<typeof import('./lib/report').machine>;
  results: SectionResult[];
}

export function generatedBlock(report: Report): string {
  const m = report.machine;
  const targets = report.results.flatMap((r) =>
    r.figures.filter((f) => f.target).map((f) => ({ section: r.title.replace(/ \(.*$/, ''), f })),
  );
  const lines = [
    `Command: \`${report.command}\` (${report.seconds} s in all)`,
    '',
    `Machine: ${m.cores} cores (${m.cpu}), ${m.memoryGiB} GiB, ${m.platform}, Node ${m.node}; load average at the end ${m.loadAverage.join(' / ')} (shared machine).`,
    '',
    `Date: ${report.date}`,
    '',
    markdownTable(report.results),
    '#### Targets of issue 7 in this run',
    '',
    '| section | figure | value | target | met |',
    '|---|---|---:|---|:-:|',
    ...targets.map(
      ({ section, f }) =>
        `| ${section} | ${f.name} | ${f.value} ${f.unit} | ${f.target} | ${f.met ? 'yes' : '**no**'} |`,
    ),
    '',
  ];
  return lines.join('\n');
}

const TEMPLATE = `# Bench runs: the generated blocks

Generated blocks below are rewritten by \`npm run bench -- --write-docs\`; the rest is by hand.

## Full mode

<!-- bench:full:start -->
(not run yet)
<!-- bench:full:end -->

## Quick mode

<!-- bench:quick:start -->
(not run yet)
<!-- bench:quick:end -->
`;

export function writeDocs(file: string, report: Report): string {
  let doc = fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : TEMPLATE;
  const start = `<!-- bench:${report.mode}:start -->`;
  const end = `<!-- bench:${report.mode}:end -->`;
  const block = `${start}\n${generatedBlock(report)}\n${end}`;
  const i = doc.indexOf(start);
  const j = doc.indexOf(end);
  if (i >= 0 && j > i) doc = doc.slice(0, i) + block + doc.slice(j + end.length);
  else doc += `\n## ${report.mode} mode\n\n${block}\n`;
  fs.writeFileSync(file, doc);
  return file;
}

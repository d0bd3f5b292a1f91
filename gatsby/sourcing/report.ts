// var/build-report.json: what a build published and skipped (read by the build queue's history,
// server/builds/gatsby-runner.ts, and by editors). Written by both kinds of build.
import fs from 'node:fs';
import path from 'node:path';

export function writeReport(
  root: string,
  apiUrl: string,
  built: number,
  skipped: unknown[],
  skippedEndpoints: unknown[],
) {
  const dir = path.join(root, 'var');
  fs.mkdirSync(dir, { recursive: true });
  const report = { generatedAt: new Date().toISOString(), apiUrl, reviewPages: built, skipped, skippedEndpoints };
  fs.writeFileSync(path.join(dir, 'build-report.json'), JSON.stringify(report, null, 2));
}

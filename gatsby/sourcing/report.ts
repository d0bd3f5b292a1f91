// var/build-report.json: what a build published and skipped (read by the build queue's history,
// server/builds/gatsby-runner.ts, and by editors). Written by both kinds of build.
import fs from 'node:fs';
import path from 'node:path';
import { reportFile } from '../../publish/build-protocol';

export function writeReport(
  root: string,
  apiUrl: string,
  built: number,
  skipped: unknown[],
  skippedEndpoints: unknown[],
) {
  const file = reportFile(root);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const report = { generatedAt: new Date().toISOString(), apiUrl, reviewPages: built, skipped, skippedEndpoints };
  fs.writeFileSync(file, JSON.stringify(report, null, 2));
}

// Logging of `npm start` and `npm run server` (issue 12, item 10): quiet by default, request logs
// on demand, and a size cap when logging to a file. Environment:
//   LOG_LEVEL      pino level, default warn (info shows one line per request and answer)
//   LOG_REQUESTS   0 turns the per-request lines off even at info or below
//   LOG_FILE       write the log to this file instead of stdout, rotated by size:
//   LOG_FILE_MAX_BYTES (default 10 MB) per file, LOG_FILE_KEEP (default 3) older files kept
//                  as FILE.1 .. FILE.N; so at most (KEEP + 1) x MAX_BYTES on disk.
import { closeSync, existsSync, mkdirSync, openSync, renameSync, rmSync, statSync, writeSync } from 'node:fs';
import { dirname } from 'node:path';

const LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];

export interface LogSettings {
  /** Fastify's logger option. */
  logger: { level: string; stream?: { write(line: string): void } };
  /** Fastify logs every request and answer at info; this turns that off. */
  disableRequestLogging: boolean;
}

export function logSettings(env: NodeJS.ProcessEnv = process.env): LogSettings {
  const asked = (env.LOG_LEVEL ?? '').trim().toLowerCase();
  const level = LEVELS.includes(asked) ? asked : 'warn';
  const logger: LogSettings['logger'] = { level };
  if (env.LOG_FILE) {
    logger.stream = new SizeCappedFile(
      env.LOG_FILE,
      positive(env.LOG_FILE_MAX_BYTES, 10 * 1024 * 1024),
      positive(env.LOG_FILE_KEEP, 3, true),
    );
  }
  return { logger, disableRequestLogging: env.LOG_REQUESTS === '0' };
}

function positive(raw: string | undefined, fallback: number, zeroOk = false): number {
  const n = Number(raw);
  return raw !== undefined && raw.trim() !== '' && Number.isInteger(n) && (n > 0 || (zeroOk && n === 0)) ? n : fallback;
}

/**
 * A log file that never grows past `maxBytes`: before a line would cross the cap, the file
 * becomes FILE.1 (FILE.1 becomes FILE.2, ...; the oldest beyond `keep` is deleted) and a new
 * FILE starts. Synchronous writes: logs are few at the default level, and a line written is on
 * disk even if the process is killed right after.
 */
export class SizeCappedFile {
  private fd: number | null = null;
  private size = 0;
  /** The last failure said on stderr; a line is dropped while writes fail, and said once. */
  private failing = false;

  constructor(
    readonly file: string,
    readonly maxBytes: number,
    readonly keep: number,
    /** Where a failing log says so (once per failing spell); default stderr. */
    private readonly report: (message: string) => void = (m) => void process.stderr.write(m),
  ) {
    this.guarded(() => this.open());
  }

  /**
   * Never throws (issue 25, F4): a full disk or an unwritable file used to crash the process
   * (info level) or turn an SMS sign-in into a 500 (warn level). The line is dropped instead,
   * stderr says so once, and writing resumes (said once too) when the file takes lines again.
   */
  write(line: string): void {
    this.guarded(() => {
      if (this.fd === null) this.open();
      const bytes = Buffer.from(line);
      if (this.size > 0 && this.size + bytes.length > this.maxBytes) this.rotate();
      // A single line longer than the cap is cut: the cap holds whatever is logged.
      const out =
        bytes.length > this.maxBytes ? Buffer.concat([bytes.subarray(0, this.maxBytes - 1), Buffer.from('\n')]) : bytes;
      writeSync(this.fd!, out);
      this.size += out.length;
      if (this.failing) {
        this.failing = false;
        this.report(`log file ${this.file} is written again\n`);
      }
    });
  }

  private guarded(step: () => void): void {
    try {
      step();
    } catch (e) {
      if (this.failing) return;
      this.failing = true;
      const code = (e as NodeJS.ErrnoException).code ?? String(e);
      this.report(`log file ${this.file} cannot be written (${code}): log lines are dropped until it can\n`);
    }
  }

  private open(): void {
    mkdirSync(dirname(this.file), { recursive: true });
    this.fd = openSync(this.file, 'a');
    this.size = statSync(this.file).size;
  }

  private rotate(): void {
    const fd = this.fd!;
    this.fd = null; // reopened by the next write if anything below fails
    closeSync(fd);
    if (this.keep === 0) rmSync(this.file, { force: true });
    else {
      rmSync(`${this.file}.${this.keep}`, { force: true });
      for (let i = this.keep - 1; i >= 1; i--)
        if (existsSync(`${this.file}.${i}`)) renameSync(`${this.file}.${i}`, `${this.file}.${i + 1}`);
      renameSync(this.file, `${this.file}.1`);
    }
    this.fd = openSync(this.file, 'a');
    this.size = 0;
  }
}

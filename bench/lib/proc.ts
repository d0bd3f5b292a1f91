// Process helpers: spawn with a memory sampler over the whole process tree, and a wall clock.
// Peak memory is sampled from /proc (every 200 ms): the largest sum of VmRSS over the tree
// (what the machine had to hold at once) and the largest single process's VmHWM (what
// `/usr/bin/time -v` calls "Maximum resident set size").
import { spawn, type SpawnOptions } from 'node:child_process';
import fs from 'node:fs';

export interface TreeMemory {
  peakTreeRssMB: number;
  peakProcessHwmMB: number;
  processes: number;
}

function statusKB(pid: number, key: 'VmRSS' | 'VmHWM'): number {
  try {
    const s = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
    const m = new RegExp(`^${key}:\\s+(\\d+) kB`, 'm').exec(s);
    return m ? Number(m[1]) : 0;
  } catch {
    return 0;
  }
}

/** The pid and all its descendants (scan of /proc/<pid>/stat, Linux only). */
export function processTree(root: number): number[] {
  const children = new Map<number, number[]>();
  for (const name of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${name}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      const list = children.get(ppid) ?? [];
      list.push(Number(name));
      children.set(ppid, list);
    } catch {
      /* exited */
    }
  }
  const out: number[] = [];
  const walk = (p: number) => {
    out.push(p);
    for (const c of children.get(p) ?? []) walk(c);
  };
  walk(root);
  return out;
}

export class TreeSampler {
  private timer: NodeJS.Timeout | null = null;
  private seen = new Set<number>();
  peakTreeKB = 0;
  peakHwmKB = 0;
  constructor(
    private pid: number,
    private everyMs = 200,
  ) {}
  start() {
    const tick = () => {
      let sum = 0;
      for (const p of processTree(this.pid)) {
        this.seen.add(p);
        sum += statusKB(p, 'VmRSS');
        this.peakHwmKB = Math.max(this.peakHwmKB, statusKB(p, 'VmHWM'));
      }
      this.peakTreeKB = Math.max(this.peakTreeKB, sum);
    };
    tick();
    this.timer = setInterval(tick, this.everyMs);
    return this;
  }
  stop(): TreeMemory {
    if (this.timer) clearInterval(this.timer);
    return {
      peakTreeRssMB: Math.round(this.peakTreeKB / 1024),
      peakProcessHwmMB: Math.round(this.peakHwmKB / 1024),
      processes: this.seen.size,
    };
  }
}

export interface RunResult {
  code: number | null;
  ms: number;
  stdout: string;
  stderr: string;
  memory: TreeMemory;
}

/**
 * Runs a command to completion, sampling the memory of its process tree. Output is kept (and
 * echoed with a prefix when `echo` is set) so callers can parse it.
 */
export function runMeasured(
  cmd: string,
  args: string[],
  opts: SpawnOptions & { echo?: string; timeoutMs?: number } = {},
): Promise<RunResult> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn(cmd, args, { ...opts, stdio: ['ignore', 'pipe', 'pipe'] });
    const sampler = new TreeSampler(child.pid!).start();
    let stdout = '';
    let stderr = '';
    const echo = (chunk: string) => {
      if (!opts.echo) return;
      for (const line of chunk.split('\n')) if (line.trim()) process.stderr.write(`${opts.echo} ${line}\n`);
    };
    child.stdout!.on('data', (b: Buffer) => {
      const s = b.toString();
      stdout += s;
      echo(s);
    });
    child.stderr!.on('data', (b: Buffer) => {
      const s = b.toString();
      stderr += s;
      echo(s);
    });
    const timer = opts.timeoutMs
      ? setTimeout(() => {
          process.stderr.write(`${opts.echo ?? ''} timed out after ${opts.timeoutMs} ms, stopping it\n`);
          child.kill('SIGTERM');
        }, opts.timeoutMs)
      : null;
    child.once('error', reject);
    child.once('exit', (code) => {
      if (timer) clearTimeout(timer);
      const memory = sampler.stop();
      resolve({ code, ms: performance.now() - started, stdout, stderr, memory });
    });
  });
}

/** Node with tsx, the same interpreter as the bench. */
export const nodeTsx = (script: string, args: string[] = []) =>
  [process.execPath, ['--import', 'tsx', script, ...args]] as const;

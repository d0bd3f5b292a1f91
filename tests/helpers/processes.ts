// The processes a test starts, and what is left of them (issue 41: nothing left running).
//
// Every process a test file starts carries a mark in its environment (TEST_PROCESS_MARK,
// `<run id>:<file pid>`, set by tests/helpers/preload.ts and inherited by children, their
// children, Gatsby's workers and Chromium), so what is left of a file can be found even after
// its parent died and it was moved to another process group or reparented to pid 1. The preload
// ends every marked process when the file exits, fails or is cancelled by the runner (SIGTERM);
// scripts/test.ts checks at the end of the run that no process of the run is left.
//
// `runInGroup` is how a test starts a long child (a `gatsby build`, a server): in a process
// group of its own, ended as a group on its deadline, on failure and on cancel.
import { spawn, type SpawnOptions } from 'node:child_process';
import fs from 'node:fs';
import { stripVTControlCharacters } from 'node:util';

export const MARK = 'TEST_PROCESS_MARK';

/** Linux's /proc: the pid, parent pid, process group and command line of a live process. */
export interface ProcInfo {
  pid: number;
  ppid: number;
  pgid: number;
  cmd: string;
}

function info(pid: number): ProcInfo | null {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'latin1');
    // pid (comm) state ppid pgrp ...: comm may hold spaces and parentheses.
    const rest = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    if (rest[0] === 'Z' || rest[0] === 'X') return null; // a zombie runs nothing
    const cmd = fs.readFileSync(`/proc/${pid}/cmdline`, 'latin1').split('\0').join(' ').trim();
    // No command line: the process has released its memory, it is exiting (the zombie it
    // becomes next runs nothing either). Seen as "left running" with an empty name otherwise.
    if (!cmd) return null;
    return { pid, ppid: Number(rest[1]), pgid: Number(rest[2]), cmd: cmd.slice(0, 300) };
  } catch {
    return null; // gone, or not ours
  }
}

function pids(): number[] {
  return fs
    .readdirSync('/proc')
    .filter((n) => /^\d+$/.test(n))
    .map(Number)
    .filter((p) => p !== process.pid);
}

/** Live processes whose mark is `mark`, or starts with `mark:` (a whole run's when `mark` is its id). */
export function marked(mark: string): ProcInfo[] {
  const exact = `${MARK}=${mark}`;
  const out: ProcInfo[] = [];
  for (const pid of pids()) {
    let env: string;
    try {
      env = fs.readFileSync(`/proc/${pid}/environ`, 'latin1');
    } catch {
      continue;
    }
    if (!env.split('\0').some((kv) => kv === exact || kv.startsWith(`${exact}:`))) continue;
    const p = info(pid);
    if (p) out.push(p);
  }
  return out;
}

/** Live descendants of `root` (by parent pid: those that kept their parent). */
export function descendants(root = process.pid): ProcInfo[] {
  const all = pids()
    .map(info)
    .filter((p): p is ProcInfo => p !== null);
  const found = new Set([root]);
  const out: ProcInfo[] = [];
  for (let grew = true; grew;) {
    grew = false;
    for (const p of all)
      if (!found.has(p.pid) && found.has(p.ppid)) {
        found.add(p.pid);
        out.push(p);
        grew = true;
      }
  }
  return out;
}

/**
 * Ends (SIGKILL) every process left by this file: its descendants and every process with its
 * mark. Synchronous, for 'exit'. Returns what it ended.
 */
export function reap(mark = process.env[MARK]): ProcInfo[] {
  const ended: ProcInfo[] = [];
  // A process may start another while we look: look again until nothing is left (bounded).
  for (let round = 0; round < 5; round++) {
    const left = new Map<number, ProcInfo>();
    for (const p of [...descendants(), ...(mark ? marked(mark) : [])]) left.set(p.pid, p);
    if (!left.size) break;
    for (const p of left.values()) {
      try {
        process.kill(p.pid, 'SIGKILL');
        ended.push(p);
      } catch {
        // ESRCH: gone already
      }
    }
  }
  return ended;
}

/** Sends `signal` to process group `pgid`; false when the group is gone. */
export function killGroup(pgid: number, signal: NodeJS.Signals = 'SIGKILL'): boolean {
  try {
    process.kill(-pgid, signal);
    return true;
  } catch {
    return false;
  }
}

export interface GroupRun {
  code: number | null;
  signal: NodeJS.Signals | null;
  /** The last 20,000 characters of stdout and stderr, without terminal colours. */
  out: string;
}

export interface GroupOptions extends Omit<SpawnOptions, 'detached' | 'stdio'> {
  /** Ended (the whole group) after this long; the promise then rejects naming `what`. */
  timeoutMs: number;
  /** What the child is, for the deadline's message. */
  what: string;
  /** Aborting ends the group too (a test's `t.signal`). */
  signal?: AbortSignal;
  /** Called with each chunk of output (a test waiting for a line). */
  onOutput?: (chunk: string) => void;
}

/**
 * Runs `command` in a process group of its own and resolves when it has exited. Whatever of the
 * group outlives its leader (Gatsby's workers) is ended with it. On `timeoutMs` or an abort the
 * whole group gets SIGTERM, then SIGKILL 5 s later, and the promise rejects.
 */
export function runInGroup(command: string, args: string[], opts: GroupOptions): Promise<GroupRun> {
  const { timeoutMs, what, signal, onOutput, ...spawnOpts } = opts;
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { ...spawnOpts, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
    const pid = child.pid;
    let out = '';
    let stopped: string | null = null;
    const take = (c: Buffer) => {
      const s = c.toString();
      out = (out + s).slice(-20_000);
      onOutput?.(s);
    };
    child.stdout!.on('data', take);
    child.stderr!.on('data', take);
    let hard: NodeJS.Timeout | undefined;
    const stop = (why: string) => {
      if (stopped || !pid) return;
      stopped = why;
      killGroup(pid, 'SIGTERM');
      hard = setTimeout(() => killGroup(pid, 'SIGKILL'), 5_000);
    };
    const timer = setTimeout(() => stop(`${what}: still running after ${Math.round(timeoutMs / 1000)} s`), timeoutMs);
    const onAbort = () => stop(`${what}: aborted`);
    signal?.addEventListener('abort', onAbort, { once: true });
    child.once('error', (e) => {
      clearTimeout(timer);
      reject(e);
    });
    // Workers may hold the pipes open after the leader exits: end the group on 'exit'.
    child.once('exit', () => {
      if (pid) killGroup(pid, 'SIGKILL');
    });
    child.once('close', (code, sig) => {
      clearTimeout(timer);
      clearTimeout(hard);
      signal?.removeEventListener('abort', onAbort);
      const text = stripVTControlCharacters(out);
      if (stopped) reject(new Error(`${stopped}; its last output:\n${text.slice(-3000)}`));
      else resolve({ code, signal: sig, out: text });
    });
  });
}

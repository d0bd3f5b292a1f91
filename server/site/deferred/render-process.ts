// The child processes that render deferred reviews and product hubs
// (gatsby/renderer/render-child.ts), started in
// the Gatsby workspace on the first request that needs them. server/ never imports gatsby/: the
// child is run by path, as the build queue runs the patch build; both sides take the messages,
// the child's path and the renderer's from publish/render-protocol.ts. One request and answer per
// message; a child that exits fails what it had and is started again on the next request.
// A render is CPU work (React's rendering) and one child takes one core: `RenderPool` runs
// several (SITE_RENDER_PROCESSES) and gives each render to the one with the fewest in hand.
import { fork, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  RENDER_CHILD,
  RENDERER_FILE,
  type RenderAnswer,
  type RenderJob,
  type RenderReply,
  type RenderRequest,
  type RenderStatus,
} from '../../../publish/render-protocol';

export { RENDER_CHILD, type RenderAnswer, type RenderJob, type RenderStatus };

/** Answers of renders whose process died with them in hand (the pool tries those once more). */
const diedWith = new WeakSet<RenderAnswer>();

export class RenderProcess {
  private child: ChildProcess | null = null;
  private ready: Promise<void> | null = null;
  private nextId = 1;
  private pending = new Map<number, { resolve: (a: RenderAnswer) => void; timer: NodeJS.Timeout }>();
  /** Renders asked of this process and not answered yet (including those waiting for it to start). */
  inHand = 0;

  constructor(
    private readonly root: string,
    private readonly apiUrl: () => string,
    private readonly timeoutMs = 30_000,
  ) {}

  /** Whether the workspace has what the child needs (a Gatsby build's renderer and the script). */
  available(): boolean {
    return fs.existsSync(path.join(this.root, RENDERER_FILE)) && fs.existsSync(path.join(this.root, RENDER_CHILD));
  }

  private start(): Promise<void> {
    if (this.ready) return this.ready;
    const child = fork(path.join(this.root, RENDER_CHILD), [], {
      cwd: this.root,
      execArgv: ['--import', 'tsx'],
      env: { ...process.env, STOREFRONT_API_URL: this.apiUrl(), GATSBY_TELEMETRY_DISABLED: '1' },
      stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
      serialization: 'json',
    });
    this.child = child;
    let stderr = '';
    child.stderr?.on('data', (d: Buffer) => {
      stderr = (stderr + d.toString()).slice(-2000);
    });
    this.ready = new Promise<void>((resolve, reject) => {
      child.once('message', () => resolve());
      child.once('exit', (code, signal) => {
        reject(new Error(`the render process exited (${signal ?? code}): ${stderr.trim().slice(-500)}`));
        if (this.child === child) {
          this.failAll(`the render process exited (${signal ?? code})`, true);
          this.child = null;
          this.ready = null;
        }
      });
    });
    child.on('message', (m: RenderReply) => {
      const p = this.pending.get(m.id);
      if (!p) return;
      clearTimeout(p.timer);
      this.pending.delete(m.id);
      p.resolve({ status: m.status, message: m.message });
    });
    this.ready.catch(() => {});
    return this.ready;
  }

  private failAll(message: string, died = false) {
    for (const [id, p] of this.pending) {
      clearTimeout(p.timer);
      const answer: RenderAnswer = { status: 'error', message };
      if (died) diedWith.add(answer);
      p.resolve(answer);
      this.pending.delete(id);
    }
  }

  async render(job: RenderJob): Promise<RenderAnswer> {
    this.inHand++;
    try {
      return await this.send(job);
    } finally {
      this.inHand--;
    }
  }

  private async send(job: RenderJob): Promise<RenderAnswer> {
    try {
      await this.start();
    } catch (e) {
      return { status: 'error', message: (e as Error).message };
    }
    const child = this.child!;
    const id = this.nextId++;
    return new Promise<RenderAnswer>((resolve) => {
      // A child stuck on one page is ended: the next request starts a fresh one.
      const timer = setTimeout(() => {
        this.pending.delete(id);
        resolve({ status: 'error', message: `no answer in ${this.timeoutMs} ms` });
        this.restart();
      }, this.timeoutMs);
      this.pending.set(id, { resolve, timer });
      child.send({ id, ...job } satisfies RenderRequest);
    });
  }

  /** Ends the child; the next render starts a new one (with the workspace's renderer as it is then). */
  restart(): void {
    const child = this.child;
    this.child = null;
    this.ready = null;
    this.failAll('the render process was restarted');
    child?.kill();
  }

  close(): void {
    this.restart();
  }
}

/** The most render processes SITE_RENDER_PROCESSES may ask for. */
export const MAX_RENDER_PROCESSES = 16;

/**
 * SITE_RENDER_PROCESSES: how many render processes a site server runs. Default: one per core,
 * at most 4 (each holds its own SSR bundle and caches: about 270 MB resident at 1,000,000
 * reviews). A value that is not a whole number from 1 to MAX_RENDER_PROCESSES is an error that
 * names it.
 */
export function renderProcessesFromEnv(env: NodeJS.ProcessEnv = process.env): number {
  const raw = env.SITE_RENDER_PROCESSES?.trim();
  if (!raw) return Math.min(4, os.availableParallelism());
  const n = /^\d{1,2}$/.test(raw) ? Number(raw) : NaN;
  if (!(n >= 1 && n <= MAX_RENDER_PROCESSES)) {
    throw new Error(
      `SITE_RENDER_PROCESSES=${raw.slice(0, 40)}: expected a whole number from 1 to ${MAX_RENDER_PROCESSES}`,
    );
  }
  return n;
}

/**
 * Several render processes of one workspace: each render goes to the process with the fewest
 * in hand (the first of them on a tie), so renders run on as many cores as there are processes.
 * Processes start on their first render.
 */
export class RenderPool {
  private readonly processes: RenderProcess[];

  constructor(root: string, apiUrl: () => string, count: number, timeoutMs?: number) {
    if (!(Number.isInteger(count) && count >= 1)) throw new Error(`render processes: ${count}`);
    this.processes = Array.from({ length: count }, () => new RenderProcess(root, apiUrl, timeoutMs));
  }

  get size(): number {
    return this.processes.length;
  }

  available(): boolean {
    return this.processes[0].available();
  }

  async render(job: RenderJob): Promise<RenderAnswer> {
    const first = this.pick(null);
    const answer = await first.render(job);
    if (!diedWith.has(answer)) return answer;
    // Its process died with it in hand (a crash, the OOM killer; issue 39, N8: 2 of 12 hub
    // requests answered 404): once more, on another process (alone, on a fresh one). Once only:
    // a page that kills its renderer does not take down every process.
    return this.pick(first).render(job);
  }

  /** The process with the fewest in hand (the first of them on a tie), other than `except` when there is another. */
  private pick(except: RenderProcess | null): RenderProcess {
    const others = this.processes.filter((p) => p !== except);
    let best = others[0] ?? this.processes[0];
    for (const p of others) if (p.inHand < best.inHand) best = p;
    return best;
  }

  /** Ends every process; the next renders start new ones (with the workspace's renderer as it is then). */
  restart(): void {
    for (const p of this.processes) p.restart();
  }

  close(): void {
    for (const p of this.processes) p.close();
  }
}

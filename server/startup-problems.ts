// What is wrong with the state a server starts on (issue 25, F12), said where a person looks:
// on the console (stderr) at once, and in the log once the server has one. Each problem is said
// once; the server starts anyway and serves what it can.
import type { FastifyBaseLogger } from 'fastify';

export class StartupProblems {
  private log: FastifyBaseLogger | null = null;
  private readonly said = new Set<string>();
  readonly messages: string[] = [];

  constructor(private readonly console: (line: string) => void = (l) => process.stderr.write(`${l}\n`)) {}

  /** Says `message` once: the console now, the log now or when attached. */
  report = (message: string): void => {
    if (this.said.has(message)) return;
    this.said.add(message);
    this.messages.push(message);
    this.console(`  ! ${message}`);
    this.log?.warn(message);
  };

  /** The server's log: what was said before it existed goes there too. */
  attach(log: FastifyBaseLogger): void {
    this.log = log;
    for (const m of this.messages) log.warn(m);
  }
}

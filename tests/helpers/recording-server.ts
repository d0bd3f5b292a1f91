// A tiny real HTTP server for client tests: records every request and answers from a script.
// Listens on a random loopback port; no mocks of axios anywhere.

import { createServer, type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface RecordedRequest {
  method: string;
  /** Path without the query. */
  path: string;
  query: Record<string, string>;
  /** Raw query string (without '?'). */
  search: string;
  headers: IncomingHttpHeaders;
  rawBody: string;
  /** Parsed JSON body, or undefined when the body is empty or not JSON. */
  body: unknown;
}

export interface ScriptedResponse {
  status?: number;
  /** JSON-encoded unless a string. */
  body?: unknown;
  headers?: Record<string, string>;
  /** Wait this long before answering. */
  delayMs?: number;
  /** Never answer (for timeout tests); the socket is destroyed on close(). */
  hang?: boolean;
  /** Drop the connection without answering (a network error for the client). */
  destroy?: boolean;
}

export type Responder = (req: RecordedRequest, index: number) => ScriptedResponse | undefined;

export interface RecordingServer {
  url: string;
  origin: string;
  port: number;
  requests: RecordedRequest[];
  /** Answers used in order; when empty, `fallback` answers. */
  queue: ScriptedResponse[];
  respond(fn: Responder): void;
  reset(): void;
  close(): Promise<void>;
}

export async function startRecordingServer(
  fallback: Responder = () => ({ status: 200, body: {} }),
): Promise<RecordingServer> {
  const requests: RecordedRequest[] = [];
  const queue: ScriptedResponse[] = [];
  let responder: Responder = fallback;
  const sockets = new Set<import('node:net').Socket>();

  const server = createServer(async (req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const rawBody = Buffer.concat(chunks).toString('utf8');
    const u = new URL(req.url ?? '/', 'http://x');
    let body: unknown;
    try {
      body = rawBody ? JSON.parse(rawBody) : undefined;
    } catch {
      body = undefined;
    }
    const rec: RecordedRequest = {
      method: req.method ?? '',
      path: u.pathname,
      query: Object.fromEntries(u.searchParams),
      search: u.search.replace(/^\?/, ''),
      headers: req.headers,
      rawBody,
      body,
    };
    requests.push(rec);
    const answer = queue.shift() ?? responder(rec, requests.length - 1) ?? { status: 200, body: {} };
    if (answer.hang) return;
    if (answer.destroy) {
      req.socket.destroy();
      return;
    }
    if (answer.delayMs) await new Promise((r) => setTimeout(r, answer.delayMs));
    const isText = typeof answer.body === 'string';
    const payload = answer.body === undefined ? '' : isText ? (answer.body as string) : JSON.stringify(answer.body);
    res.writeHead(answer.status ?? 200, {
      ...(payload && !isText ? { 'content-type': 'application/json; charset=utf-8' } : {}),
      ...answer.headers,
    });
    res.end(payload);
  });
  server.on('connection', (s) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const port = (server.address() as AddressInfo).port;
  const origin = `http://127.0.0.1:${port}`;
  return {
    url: origin,
    origin,
    port,
    requests,
    queue,
    respond(fn) {
      responder = fn;
    },
    reset() {
      requests.length = 0;
      queue.length = 0;
      responder = fallback;
    },
    close() {
      for (const s of sockets) s.destroy();
      return new Promise<void>((r) => server.close(() => r()));
    },
  };
}

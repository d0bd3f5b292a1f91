// Every connection of the server is timed (issue 25, F7): without a request timeout, eight
// connections sending an upload's body a byte at a time held every upload slot for good.
// Node closes a connection whose headers, or whose whole request (body included), take too
// long (408, errors.ts clientErrorHandler), and one that sits idle.

export interface ServerTimeouts {
  /** The request line and headers must arrive within this (Node's headersTimeout). */
  headersMs: number;
  /**
   * The whole request, body included (Node's requestTimeout). Room for the largest upload,
   * a 5 MB photo id, at about 0.5 Mbit/s.
   */
  requestMs: number;
  /** A connection with no bytes either way for this long is closed (socket timeout). */
  idleMs: number;
  /** A kept-alive connection waits this long for its next request. */
  keepAliveMs: number;
}

export const DEFAULT_TIMEOUTS: ServerTimeouts = {
  headersMs: 15_000,
  requestMs: 90_000,
  idleMs: 30_000,
  keepAliveMs: 5_000,
};

/** Fastify's options for these timeouts (its `http` options reach http.createServer). */
export function fastifyTimeoutOptions(given: Partial<ServerTimeouts> = {}) {
  const t = { ...DEFAULT_TIMEOUTS, ...given };
  const headersMs = Math.min(t.headersMs, t.requestMs); // Node refuses headersTimeout > requestTimeout
  return {
    requestTimeout: t.requestMs,
    connectionTimeout: t.idleMs,
    keepAliveTimeout: t.keepAliveMs,
    http: {
      headersTimeout: headersMs,
      requestTimeout: t.requestMs,
      // How often Node looks for connections past headersTimeout/requestTimeout (default 30 s).
      connectionsCheckingInterval: Math.max(50, Math.min(1_000, Math.floor(headersMs / 4))),
    },
  };
}

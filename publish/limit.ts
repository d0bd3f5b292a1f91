// A bounded pool of async tasks: at most `n` run at once, the rest wait their turn in order.
// Publishing 260,000 files must not open them all at once (EMFILE) nor starve the event loop
// of the server that keeps answering meanwhile.
export type Limit = <T>(task: () => Promise<T>) => Promise<T>;

export function limit(n: number): Limit {
  let active = 0;
  const waiting: Array<() => void> = [];
  return async <T>(task: () => Promise<T>): Promise<T> => {
    // A finished task hands its slot straight to the next waiter (active stays the same).
    if (active >= n) await new Promise<void>((resolve) => waiting.push(resolve));
    else active++;
    try {
      return await task();
    } finally {
      const turn = waiting.shift();
      if (turn) turn();
      else active--;
    }
  };
}

/**
 * Calls `fn` on every item, `n` at a time, in order; the results in input order. On the first
 * failure no further item is started; the calls already running end before it rejects with that
 * failure (so a caller that cleans up afterwards never races a write still in flight).
 * The project's one bounded map: publishing (files) and sourcing (API calls) alike.
 */
export async function mapLimit<T, R>(
  items: readonly T[],
  n: number,
  fn: (item: T, index: number) => Promise<R>,
): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  let failure: { error: unknown } | null = null;
  const lane = async () => {
    while (failure === null && next < items.length) {
      const i = next++;
      try {
        results[i] = await fn(items[i], i);
      } catch (error) {
        failure ??= { error };
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(n, items.length) }, lane));
  if (failure) throw (failure as { error: unknown }).error;
  return results;
}

/** mapLimit without results. */
export async function forEachLimit<T>(items: readonly T[], n: number, fn: (item: T) => Promise<void>): Promise<void> {
  await mapLimit(items, n, (item) => fn(item));
}

/**
 * Tasks of the same key one at a time, in the order they were given; a failed task does not stop
 * the next. For what must never interleave per releases root (publishes, switches, patches).
 */
export function keyedQueue(): <T>(key: string, task: () => Promise<T>) => Promise<T> {
  const chains = new Map<string, Promise<unknown>>();
  return <T>(key: string, task: () => Promise<T>): Promise<T> => {
    const run = (chains.get(key) ?? Promise.resolve()).then(task, task);
    chains.set(
      key,
      run.catch(() => undefined),
    );
    return run;
  };
}

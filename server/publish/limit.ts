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

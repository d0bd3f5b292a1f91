// One search worker (./workers.ts): a read-only connection to the database file that reads
// what it is asked, a query's candidates and their ordering, with the repository's own
// functions, so its answers are those the event loop would give.
import { parentPort, workerData } from 'node:worker_threads';
import Database from 'better-sqlite3';
import { memoizePrepare } from '../db/open';
import { orderCandidates, readCandidates } from '../repositories/search';
import type { ReadJob } from './read-job';

const db = new Database((workerData as { file: string }).file, { readonly: true, fileMustExist: true });
db.pragma('busy_timeout = 5000');
memoizePrepare(db);

parentPort!.on('message', ({ id, job }: { id: number; job: ReadJob }) => {
  try {
    const candidates = job.candidates ?? readCandidates(db, job.match, job.ranked);
    parentPort!.postMessage({
      id,
      result: { candidates, ordered: orderCandidates(db, candidates, job.order, job.need) },
    });
  } catch (err) {
    parentPort!.postMessage({ id, error: (err as Error).message });
  }
});
parentPort!.postMessage({ ready: true });

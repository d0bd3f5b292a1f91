// The fuzz at any size, outside the test runner:
//   npx tsx tests/integration/reliability/run-fuzz.ts --size 20000 [--seed 12]
// Prints the counts and the first failures; exit code 1 if any.
import { parseArgs } from 'node:util';
import { runFuzz, summary } from './fuzz';

async function main() {
  const { values } = parseArgs({
    options: { size: { type: 'string', default: '20000' }, seed: { type: 'string', default: '12' } },
  });
  const r = await runFuzz({
    size: Number(values.size),
    seed: Number(values.seed),
    onProgress: (done, total) => {
      if (done % 2000 === 0) console.error(`  ${done} / ${total}`);
    },
  });
  console.log(summary(r));
  for (const [name, list] of [
    ['5xx', r.serverErrors],
    ['slow', r.slow],
    ['leaks', r.leaks],
  ] as const) {
    for (const line of list.slice(0, 20)) console.log(`  ${name}: ${line}`);
  }
  process.exit(r.serverErrors.length + r.slow.length + r.leaks.length ? 1 : 0);
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});

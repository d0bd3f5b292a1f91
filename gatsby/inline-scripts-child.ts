// The inline-script check's process (gatsby/inline-scripts-check.ts strayInlineScriptsInChild):
// scans the public/ directory given as its argument and sends the stray scripts back.
import { strayInlineScripts } from './inline-scripts-check';

strayInlineScripts(process.argv[2]!).then(
  (stray) => process.send!(stray, () => process.exit(0)),
  (e: unknown) => {
    console.error(`inline-script check: ${(e as Error)?.message ?? String(e)}`);
    process.exit(1);
  },
);

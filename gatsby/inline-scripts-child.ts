// The inline-script check's process (gatsby/inline-scripts-check.ts strayInlineScriptsInChild):
// scans the public/ directory given as its argument and sends the stray scripts back.
import { strayInlineScripts } from './inline-scripts-check';

try {
  process.send!(strayInlineScripts(process.argv[2]!), () => process.exit(0));
} catch (e) {
  console.error(`inline-script check: ${(e as Error)?.message ?? String(e)}`);
  process.exit(1);
}

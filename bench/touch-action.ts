// Which document listeners make a swipe wait for the main thread (issue 40): a static page with
// the review gallery's kind of strip (horizontal scroll snap) and one kind of listener on the
// document, one CDP swipe across it, and Chromium's input trace events counted. Where the
// compositor knows the touch's allowed action it scrolls at once; where it must ask the main
// thread (`InputRouterImpl::SetTouchActionFromMain`), the gesture's events wait in a deferred
// queue until the main thread has run the touch's task, however busy it is. A diagnostic, no
// figure with a gate (docs/benchmarks.md "First tap").
//
//   node --import tsx bench/touch-action.ts
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { launchBrowser } from './lib/serve';

/** The listeners each variant adds to the document (capture), as script text. */
const VARIANTS: Record<string, string> = {
  none: '',
  'click, mousedown, mouseup': listen(['click', 'mousedown', 'mouseup'], false),
  'touchstart, touchend, touchcancel (passive)': listen(['touchstart', 'touchend', 'touchcancel'], true),
  'touchend (not passive)': listen(['touchend'], false),
  'pointerdown, pointerup, pointercancel': listen(['pointerdown', 'pointerup', 'pointercancel'], false),
  'pointerdown, pointerup, pointercancel (passive)': listen(['pointerdown', 'pointerup', 'pointercancel'], true),
};

function listen(types: string[], passive: boolean): string {
  return `for (const t of ${JSON.stringify(types)}) document.addEventListener(t, () => {}, { capture: true, passive: ${passive} });`;
}

const page = (script: string) => `<!doctype html><html lang="zh-CN"><meta charset="utf-8">
<meta name="viewport" content="width=device-width"><title>strip</title><style>
.t { display: flex; overflow-x: auto; scroll-snap-type: x mandatory; width: 327px; height: 300px; }
.s { flex: 0 0 100%; height: 300px; scroll-snap-align: start; scroll-snap-stop: always; }
</style><div class="t" id="t"><div class="s" style="background:#c33"></div>
<div class="s" style="background:#3c3"></div><div class="s" style="background:#33c"></div></div>
<script>${script}</script>`;

const COUNTED = [
  'InputRouterImpl::SetTouchActionFromMain',
  'InputRouterImpl::ProcessDeferredGestureEventQueue',
  'WidgetInputHandlerManager::DidHandleInputEventSentToMain',
];

async function main() {
  const names = Object.keys(VARIANTS);
  const server = http.createServer((req, res) => {
    const i = Number(new URL(req.url ?? '/', 'http://x').searchParams.get('v'));
    res.setHeader('content-type', 'text/html; charset=utf-8');
    res.end(page(VARIANTS[names[i]] ?? ''));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as AddressInfo;
  const browser = await launchBrowser();
  try {
    console.log(['document listeners', ...COUNTED.map((c) => c.split('::')[1]), 'strip at'].join(' | '));
    for (const [i, name] of names.entries()) {
      const context = await browser.newContext({
        viewport: { width: 375, height: 812 },
        hasTouch: true,
        isMobile: true,
      });
      const p = await context.newPage();
      await p.goto(`http://127.0.0.1:${port}/?v=${i}`);
      await p.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
      const cdp = await context.newCDPSession(p);
      await browser.startTracing(p, { categories: ['input', 'benchmark', 'disabled-by-default-input'] });
      const y = 150;
      await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x: 300, y }] });
      for (let k = 1; k <= 8; k++)
        await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [{ x: 300 - 30 * k, y }] });
      await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
      // The strip at rest on a slide: the swipe is over.
      await p.waitForFunction(
        () => {
          const t = document.getElementById('t')!;
          const w = window as unknown as { last?: number };
          const still = w.last === t.scrollLeft && t.scrollLeft % t.clientWidth === 0;
          w.last = t.scrollLeft;
          return still;
        },
        null,
        { polling: 100 },
      );
      const events = JSON.parse((await browser.stopTracing()).toString()).traceEvents as { name: string }[];
      const count = (n: string) => events.filter((e) => e.name === n).length;
      const at = await p.evaluate(() => document.getElementById('t')!.scrollLeft);
      console.log([name, ...COUNTED.map(count), `${at} px`].join(' | '));
      await context.close();
    }
  } finally {
    await browser.close();
    server.close();
  }
}

main().catch((e: unknown) => {
  console.error(e);
  process.exit(1);
});

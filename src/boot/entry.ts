// The site's browser entry in production builds (gatsby/webpack-config.ts sets it in place of
// Gatsby's .cache/production-app, which it imports): the stylesheets, the hold on what the
// shopper asks before React has hydrated, and the start of Gatsby's runtime at the first idle
// period after load, or sooner (./engagement.ts). React, the router, the loader and the page's
// data and hydration are a chunk group of their own, which webpack prefetches as the page loads.
//
// The runtime's modules are evaluated in stages, each in a task of its own (issue 40): React DOM
// first, then Gatsby's runtime, which fetches the page's data and hydrates in slices. (A third
// stage for the router split webpack's shared chunks differently: Swiper came into the review
// page's first load, over its weight budget.) Evaluated
// in one go they were one long task (55-60 ms at full CPU speed here, four times that on a slow
// phone), which held any tap that met it.
import '../styles';
import { followSwipes } from '../components/gallery/strip';
import { warmVideoPlayer } from '../components/gallery/video-start';
import { warmViewer } from '../components/viewer/viewer-start';
import { afterLoadWhenIdle } from '../common/when-idle';
import { holdActions, releaseHeldActions, whenToBoot } from './engagement';

/** Resolves in a task of its own: a message, which browsers do not clamp as they do nested timers. */
const nextTask = () =>
  new Promise<void>((resolve) => {
    const { port1, port2 } = new MessageChannel();
    port1.onmessage = () => resolve();
    port2.postMessage(null);
  });

holdActions();
followSwipes(document);
warmVideoPlayer();
warmViewer();
// The desktop navigation's mega-menu before hydration, on a desktop-wide page only (its few
// lines a chunk of their own, asked for at once: a hover before they came starts the runtime,
// which opens it).
if (window.matchMedia('(min-width: 960px)').matches)
  import('../components/shell/mega-start').then(
    (m) => m.watchMegaMenu(),
    () => undefined,
  );
// The URL the visit landed on, read now: a quick tap could leave it before the browser is idle.
const landing = window.location.href;
afterLoadWhenIdle(() => {
  import('./reader-runtime').then(
    (m) => m.startReaderRuntime(landing),
    () => undefined,
  );
});

void whenToBoot()
  .then(() => import(/* webpackPrefetch: true */ 'react-dom/client'))
  .then(nextTask)
  .then(() => import(/* webpackPrefetch: true */ 'gatsby-production-app'))
  .catch((e: unknown) => {
    // A chunk that failed to load: the page stays as the server wrote it (links work).
    releaseHeldActions();
    console.error('页面脚本加载失败', e);
  });

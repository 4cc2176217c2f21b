// The entry: the stylesheet and this. The app (react-dom, the router, the pages) is a chunk of its
// own, docs/decisions/038: a page that came with its first screen prerendered is painted before
// the app is even asked for, so the first paint waits neither for the app's download nor for its
// run; any other page asks for it at once (its `Link` header has already preloaded it).
import './index.css';

const root = document.getElementById('root');
if (!root) throw new Error('The page has no #root element');

/** A browser that reports no first paint still starts the app, this long after the page ran. */
const FIRST_PAINT_FALLBACK_MS = 3000;

/**
 * Runs `run` once, in a task of its own, after the browser has painted the page's first content
 * (the paint timing entry, which comes once that frame is on screen).
 */
function afterFirstPaint(run: () => void) {
  let started = false;
  const once = () => {
    if (started) return;
    started = true;
    run();
  };
  const painted = (entries: PerformanceEntryList) =>
    entries.some((entry) => entry.name === 'first-contentful-paint');
  if (painted(performance.getEntriesByType('paint'))) return once();
  if (!PerformanceObserver.supportedEntryTypes?.includes('paint')) {
    // requestAnimationFrame runs just before the next paint; the timeout, just after it.
    requestAnimationFrame(() => setTimeout(once, 0));
    return;
  }
  const observer = new PerformanceObserver((list) => {
    if (!painted(list.getEntries())) return;
    observer.disconnect();
    setTimeout(once, 0);
  });
  observer.observe({ type: 'paint', buffered: true });
  setTimeout(once, FIRST_PAINT_FALLBACK_MS);
}

const app = () => import('./app/start.tsx');

// A page prerendered with its own first screen (scripts/prerender.mjs marks it) is painted first,
// then its app is asked for. The shell of any other page (the layout and a spinner) needs the
// app to show anything more: it is asked for at once, and renders once the shell is painted
// (requestAnimationFrame runs just before the next paint; the timeout, just after it).
if (root.hasAttribute('data-prerendered'))
  afterFirstPaint(() => void app().then((a) => a.start(root)));
else void app().then((a) => requestAnimationFrame(() => setTimeout(() => void a.start(root), 0)));

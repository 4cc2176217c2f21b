import { lazy, type ComponentType } from 'react';

const PRERENDERING = Symbol.for('partsmith.prerendering');
type Scope = { [PRERENDERING]?: boolean };

/**
 * Called by the build's prerender step (src/prerender/prerender.tsx) before it renders: from then
 * on, components made by `lazyComponent` stay on their way in this process.
 */
export function markPrerendering() {
  (globalThis as Scope)[PRERENDERING] = true;
}

/**
 * React.lazy for a part of a page that loads after the first paint (a form below the fold, the
 * toaster). While the build prerenders pages, the part stays on its way (its Suspense fallback)
 * on every page: that is what the browser's first render shows, before the chunk has come. With
 * plain React.lazy, a page prerendered after another would show the part the first one had
 * loaded, and the browser's first render would replace it with the fallback (docs/decisions/016).
 */
export function lazyComponent<P extends object>(
  load: () => Promise<ComponentType<P>>,
): ReturnType<typeof lazy<ComponentType<P>>> {
  return lazy(async () => {
    if ((globalThis as Scope)[PRERENDERING]) return new Promise<never>(() => {});
    return { default: await load() };
  });
}

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
 * loaded, and the browser's first render would replace it with the fallback (docs/decisions/038).
 */
export function lazyComponent<P extends object>(
  load: () => Promise<ComponentType<P>>,
): ReturnType<typeof lazy<ComponentType<P>>> {
  return lazy((): Promise<{ default: ComponentType<P> }> =>
    (globalThis as Scope)[PRERENDERING]
      ? (ON_ITS_WAY as Promise<never>)
      : load().then((component) => ({ default: component })),
  );
}

/**
 * A part that never comes, for the prerender and the server's renders: a thenable that keeps no
 * callback. React adds a listener to a suspended part's promise on every render; a real pending
 * promise would keep each of those renders in memory for as long as the server runs.
 */
const ON_ITS_WAY: PromiseLike<never> = { then: () => ON_ITS_WAY as never };

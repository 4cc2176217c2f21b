import { useSyncExternalStore, type ReactNode } from 'react';

const subscribe = () => () => {};

/**
 * The controls of a form that may come prerendered in the page's HTML (docs/decisions/038):
 * disabled in the prerendered copy, enabled once the app renders the page. Text typed into the
 * prerendered copy would be lost when the app replaces it; this way nobody can type there
 * before the form works. Laid out as if it were not there (`display: contents`).
 */
export function ReadyFieldset({ children }: { children: ReactNode }) {
  // The server snapshot (the build's prerender) is false, the browser's is true.
  const ready = useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
  return (
    <fieldset disabled={!ready} className="contents">
      {children}
    </fieldset>
  );
}

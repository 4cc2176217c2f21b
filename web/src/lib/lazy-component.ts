import { lazy, type ComponentType } from 'react';

/**
 * React.lazy for a part of a page that loads after the first paint (a form below the fold, the
 * toaster), from a module's named export. The server renders it once loaded; in the browser the
 * page hydrates around it and takes it in once its chunk has come.
 */
export function lazyComponent<P extends object>(
  load: () => Promise<ComponentType<P>>,
): ReturnType<typeof lazy<ComponentType<P>>> {
  return lazy(() => load().then((component) => ({ default: component })));
}

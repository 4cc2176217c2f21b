import { useEffect, useRef, useState, useSyncExternalStore } from 'react';

const subscribe = () => () => {};
/** Whether this browser cannot tell (no IntersectionObserver): false on the server. */
const noObserver = () => typeof IntersectionObserver === 'undefined';

/**
 * Becomes true the first time the element comes near the viewport and stays true (the observer
 * is dropped then). Without IntersectionObserver it is true once mounted, so content never stays
 * hidden. False on the server and in the browser's first render alike (hydration).
 */
export function useInViewOnce<T extends Element>(rootMargin = '200px') {
  const ref = useRef<T>(null);
  const [inView, setInView] = useState(false);
  const cannotTell = useSyncExternalStore(subscribe, noObserver, () => false);

  useEffect(() => {
    const element = ref.current;
    if (inView || !element || noObserver()) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) {
          setInView(true);
          observer.disconnect();
        }
      },
      { rootMargin },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [inView, rootMargin]);

  return [ref, inView || cannotTell] as const;
}

import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';

/**
 * Scrolls to the element `id` once, when the page's address names it (`#id`, as the dashboard's
 * "Waiting for you" links do) and `ready` says its content has loaded. React Router's scroll
 * restoration looks for the element at the navigation, before a section that waits for its
 * data has rendered it.
 */
export function useScrollToHash(id: string, ready: boolean) {
  const { hash } = useLocation();
  const done = useRef(false);
  useEffect(() => {
    if (done.current || !ready || hash !== `#${id}`) return;
    done.current = true;
    document.getElementById(id)?.scrollIntoView({ block: 'start' });
  }, [hash, id, ready]);
}

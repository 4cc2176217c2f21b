import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { act } from '@testing-library/react';
import { createRoot } from 'react-dom/client';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { makeQueryClient } from '../app/providers.tsx';
import { routes } from '../app/route-table.tsx';
import { resolveMatchedPages } from '../app/router.tsx';

/**
 * Markup as the browser holds it, to compare: parsed, without React's comment markers, each
 * element's attributes in one order (React's client sets an image's src after its srcset),
 * useId's values (the server's and the client's differ; only the drawer's aria-controls and form
 * fields' ids have one), the `disabled` of a form's ReadyFieldset (prerendered disabled,
 * enabled by the app: the one change taking over makes on purpose) and a select's chosen option
 * (the server's markup marks it `selected`; the browser's React sets the select's value instead).
 */
export function parsed(markup: string): string {
  const box = document.createElement('div');
  box.innerHTML = markup;
  const walker = document.createTreeWalker(box, NodeFilter.SHOW_COMMENT | NodeFilter.SHOW_ELEMENT);
  const comments: Node[] = [];
  while (walker.nextNode()) {
    const node = walker.currentNode;
    if (node instanceof Element) {
      const attributes = [...node.attributes].map((a) => [a.name, a.value] as const).sort();
      for (const [name] of attributes) node.removeAttribute(name);
      for (const [name, value] of attributes) node.setAttribute(name, value);
    } else comments.push(node);
  }
  comments.forEach((comment) => comment.parentNode?.removeChild(comment));
  box.querySelectorAll('fieldset.contents').forEach((set) => set.removeAttribute('disabled'));
  box.querySelectorAll('option[selected]').forEach((option) => option.removeAttribute('selected'));
  return box.innerHTML.replace(/_r_[0-9a-z]+_/gi, 'useId');
}

/**
 * What the browser's first render of the app at `path` puts in #root, and the title the page
 * sets: as app/start.tsx does it, once the pages matched at `path` are loaded, with the answers
 * `client` holds (none: start waits at most a second for them, docs/decisions/038).
 */
export async function firstRender(
  path: string,
  client: QueryClient = makeQueryClient(),
): Promise<{ html: string; title: string }> {
  await resolveMatchedPages(routes, path);
  const container = document.createElement('div');
  document.body.append(container);
  const root = createRoot(container);
  act(() => {
    root.render(
      <QueryClientProvider client={client}>
        <RouterProvider router={createMemoryRouter(routes, { initialEntries: [path] })} />
      </QueryClientProvider>,
    );
  });
  const html = parsed(container.innerHTML);
  // The title the page set (document.title, or a <title> React put into <head> until unmounted).
  const title = document.title;
  act(() => root.unmount());
  container.remove();
  return { html, title };
}

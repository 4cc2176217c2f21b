import { QueryClientProvider } from '@tanstack/react-query';
import { act } from '@testing-library/react';
import { createRoot } from 'react-dom/client';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeQueryClient } from '../app/providers.tsx';
import { routes } from '../app/route-table.tsx';
import { resolveMatchedPages } from '../app/router.tsx';
import {
  NOT_FOUND_PATH,
  PRERENDERED_PAGES,
  PRERENDERED_TITLES,
  prerenderPages,
} from './prerender.tsx';

/**
 * Markup as the browser holds it, to compare: parsed, without React's comment markers, each
 * element's attributes in one order (React's client sets an image's src after its srcset),
 * useId's values (the server's and the client's differ; only the drawer's aria-controls has one)
 * and the `disabled` of a form's ReadyFieldset (prerendered disabled, enabled by the app: the one
 * change taking over makes on purpose).
 */
function parsed(markup: string): string {
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
  return box.innerHTML.replace(/_r_[0-9a-z]+_/gi, 'useId');
}

/**
 * What the browser's first render of the app at `path` puts in #root, and the title the page
 * sets: as app/start.tsx does it, once the pages matched at `path` are loaded, when no answer has
 * come (start waits at most a second for them, docs/decisions/024).
 */
async function firstRender(path: string): Promise<{ html: string; title: string }> {
  await resolveMatchedPages(routes, path);
  const container = document.createElement('div');
  document.body.append(container);
  const root = createRoot(container);
  act(() => {
    root.render(
      <QueryClientProvider client={makeQueryClient()}>
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

beforeEach(() => {
  // The session, parts and reviews never answer: the first screen is their loading state.
  vi.stubGlobal(
    'fetch',
    vi.fn(() => new Promise<Response>(() => {})),
  );
});
afterEach(() => vi.unstubAllGlobals());

describe('the prerendered first screens', () => {
  it('the home page: the navbar with the session loading, the hero, the lists loading', async () => {
    const home = (await prerenderPages()).pages['/'] ?? '';
    const page = document.createElement('div');
    page.innerHTML = home;
    expect(page.querySelector('nav[aria-label="Main"]')).not.toBeNull();
    expect(page.querySelector('#hero-heading')).not.toBeNull();
    expect(page.querySelector('img[fetchpriority="high"]')?.getAttribute('src')).toMatch(
      /^\/images\/hero\/slide-1-\d+\.webp$/,
    );
    // Never "Login" nor "Dashboard" before the session is known: no flash for a signed-in user.
    const navLinks = [...page.querySelectorAll('header a')].map((a) => a.textContent);
    expect(navLinks).not.toContain('Login');
    expect(navLinks).not.toContain('Dashboard');
    expect(page.querySelector('footer')).not.toBeNull();
    expect(home).not.toMatch(/<script|<title|<link/);
  });

  it('the shell of the other pages: the layout with the page loading in main', async () => {
    const { shell } = await prerenderPages();
    const page = document.createElement('div');
    page.innerHTML = shell;
    expect(page.querySelector('nav[aria-label="Main"]')).not.toBeNull();
    expect(page.querySelector('main')?.textContent).toBe('Loading the page');
    expect(page.querySelector('footer')).not.toBeNull();
    expect(page.querySelector('header a[class*="text-orange-300"]')).toBeNull();
    expect(shell).not.toMatch(/<script|<title|<link/);
  });

  it('the login page: its own first screen, the forms on their way', async () => {
    const login = (await prerenderPages()).pages['/login'] ?? '';
    const page = document.createElement('div');
    page.innerHTML = login;
    expect(page.querySelector('main h1')?.textContent).toBeTruthy();
    expect(page.querySelector('main')?.textContent).not.toBe('Loading the page');
    expect(login).not.toMatch(/<script|<title|<link/);
    // Nobody can type into the prerendered forms, whose text the app's first render would drop.
    const fields = [...page.querySelectorAll('form input')];
    expect(fields.length).toBeGreaterThan(2);
    expect(fields.every((field) => field.matches(':disabled'))).toBe(true);
  });

  it('each prerendered page comes with the title the page itself sets', async () => {
    for (const path of [...Object.keys(PRERENDERED_PAGES), NOT_FOUND_PATH]) {
      document.title = 'not set';
      document.head.querySelectorAll('title').forEach((title) => title.remove());
      expect((await firstRender(path)).title, path).toBe(PRERENDERED_TITLES[path]);
    }
  });

  it("is what the browser's first render makes, so taking over changes nothing on screen", async () => {
    const { pages, notFound, shell } = await prerenderPages();
    for (const path of Object.keys(PRERENDERED_PAGES)) {
      expect((await firstRender(path)).html, path).toBe(parsed(pages[path] ?? ''));
    }
    for (const path of [NOT_FOUND_PATH, '/no/such/page']) {
      expect((await firstRender(path)).html, path).toBe(parsed(notFound));
    }
    expect(notFound).toContain('404');
    for (const path of ['/dashboard/my-orders', '/purchase/abc', '/dashboard']) {
      expect((await firstRender(path)).html, path).toBe(parsed(shell));
    }
  });
});

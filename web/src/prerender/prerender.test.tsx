import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { firstRender, parsed } from '../test/first-render.tsx';
import {
  NOT_FOUND_PATH,
  PRERENDERED_PAGES,
  PRERENDERED_TITLES,
  prerenderPages,
} from './prerender.tsx';

beforeEach(() => {
  // The session, parts and reviews never answer: the first screen is their loading state.
  vi.stubGlobal(
    'fetch',
    vi.fn(() => new Promise<Response>(() => {})),
  );
});
afterEach(() => vi.unstubAllGlobals());
// The browser's first render of the home page (`firstRender('/')`) starts loading the reviews
// slider's module: jsdom has no IntersectionObserver, so the section counts as in view at once,
// and its effect imports the slider (swiper) without waiting. The file waits for that import;
// otherwise Vitest may tear the environment down while swiper is still loading (an unhandled
// EnvironmentTeardownError, seen once in CI's full run of 014bcbb).
afterAll(async () => {
  await import('../features/home/components/reviews-slider.tsx');
});

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

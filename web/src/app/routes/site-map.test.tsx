import type { CataloguePart, SearchAnswer } from '@partsmith/contract';
import { PAGES, pagePaths, type Page, type PageId } from '@partsmith/contract/pages';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { matchRoutes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { appRoutes, renderApp } from '../../test/app-routes.tsx';
import { lazyComponent } from '../../test/lazy-route.ts';
import { apiError, json, silenceFlushSyncWarning } from '../../test/mock-api.ts';
import SiteMapPage from './site-map.tsx';

/** `count` listed parts, in the catalogue's order. */
function catalogue(count: number): CataloguePart[] {
  return Array.from({ length: count }, (_, i) => ({
    _id: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
    sku: `PS-MEM-${String(i + 1).padStart(6, '0')}`,
    name: `Forge DDR5 kit ${i + 1}`,
    image: '/images/parts/ram-ddr5.svg',
    description: 'Made by Partsmith.',
    price: 99,
    availableQuantity: 10,
    minOrderQuantity: 1,
    priceBreaks: [],
    category: 'memory',
    categoryName: 'Memory',
    attributes: {},
    specification: [],
  }));
}

/**
 * The app at `path`, a visitor's, GET /api/parts/search answering `parts` a page of `limit` at a
 * time (the cursor is the index of the page's first part), as the server pages them.
 */
function openAt(path: string, parts: CataloguePart[]) {
  const asked: URLSearchParams[] = [];
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
    const url = new URL(String(input instanceof Request ? input.url : input), 'http://localhost');
    if (url.pathname === '/api/parts/search') {
      asked.push(url.searchParams);
      const limit = Number(url.searchParams.get('limit'));
      const from = Number(url.searchParams.get('cursor') ?? 0);
      const answer: SearchAnswer = {
        items: parts.slice(from, from + limit),
        total: parts.length,
        nextCursor: from + limit < parts.length ? String(from + limit) : null,
        facets: {
          categories: [
            { slug: 'memory', name: 'Memory', count: parts.length, selected: false },
            { slug: 'workshop-tools', name: 'Workshop tools', count: 1, selected: false },
          ],
          attributes: [],
        },
      };
      return json(answer);
    }
    if (url.pathname === '/api/auth/get-session') return json(null);
    return apiError(404, `No mock for ${url.pathname}`);
  });
  return { asked, ...renderApp(path) };
}

const main = () => within(screen.getByRole('main'));

beforeEach(() => {
  silenceFlushSyncWarning();
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe('the site map page', () => {
  it('is the route of /site-map', async () => {
    const matches = matchRoutes(appRoutes(), '/site-map')!;
    expect(matches.at(-1)!.route.path).toBe(PAGES.siteMap.path);
    expect(await lazyComponent(matches.at(-1)!.route)).toBe(SiteMapPage);
  });

  it('links every public page of the page table, and the catalogue’s collections', async () => {
    openAt('/site-map', catalogue(3));
    expect(await screen.findByRole('heading', { level: 1, name: 'Site map' })).toBeVisible();
    await waitFor(() => expect(document.title).toBe('Site map | Partsmith'));
    const pages = within(screen.getByRole('region', { name: 'Pages' }));
    const targets = pages.getAllByRole('link').map((a) => a.getAttribute('href'));
    // A part's page is listed below, part by part; the password reset is reached from its mail.
    const skipped: PageId[] = ['part', 'resetPassword', 'siteMap'];
    const publicPaths = (Object.entries(PAGES) as [PageId, Page][])
      .filter(([id, page]) => page.access === 'public' && !skipped.includes(id))
      .flatMap(([, page]) => pagePaths(page));
    expect(publicPaths.length).toBeGreaterThan(10);
    for (const path of publicPaths) expect(targets, path).toContain(path);
    for (const [name, href] of [
      ['New parts', '/parts?sort=newest'],
      ['On volume price', '/parts?volume=true'],
      ['Best sellers', '/parts?sort=best-selling'],
      ['Privacy policy', '/info/privacy-policy'],
      ['Your orders', '/dashboard/my-orders'],
    ])
      expect(pages.getByRole('link', { name })).toHaveAttribute('href', href);
    // Each group is a navigation landmark of its own, named by its heading.
    for (const group of ['Shop', 'About Partsmith', 'Help', 'Your account'])
      expect(screen.getByRole('navigation', { name: group })).toBeVisible();
  });

  it('lists the categories and every part, each a link to its page', async () => {
    const parts = catalogue(3);
    const { asked } = openAt('/site-map', parts);
    const list = within(await screen.findByRole('region', { name: 'Parts' }));
    expect(await list.findByRole('link', { name: 'Forge DDR5 kit 1' })).toHaveAttribute(
      'href',
      `/parts/${parts[0]!._id}`,
    );
    expect(list.getAllByRole('link').map((a) => a.textContent)).toEqual([
      'Forge DDR5 kit 1',
      'Forge DDR5 kit 2',
      'Forge DDR5 kit 3',
    ]);
    expect(list.getByText(parts[2]!.sku)).toBeVisible();
    expect(list.getByText('3 parts')).toBeVisible();
    // One page: no pager.
    expect(screen.queryByRole('navigation', { name: 'Pages of the parts' })).toBeNull();
    const categories = within(screen.getByRole('region', { name: 'Categories' }));
    expect(categories.getByRole('link', { name: 'Memory' })).toHaveAttribute(
      'href',
      '/parts?category=memory',
    );
    expect(categories.getByText('(1 part)')).toBeVisible();
    // The catalogue's order, the search's largest page.
    expect(asked.map((q) => q.toString())).toEqual(['limit=60']);
  });

  it('lists the parts a page at a time, each page at its own address', async () => {
    const parts = catalogue(130);
    const { router } = openAt('/site-map', parts);
    const region = within(await screen.findByRole('region', { name: 'Parts' }));
    expect(await region.findByText('130 parts, page 1 of 3')).toBeVisible();
    expect(region.getAllByRole('link', { name: /^Forge DDR5 kit/ })).toHaveLength(60);
    const pager = within(screen.getByRole('navigation', { name: 'Pages of the parts' }));
    expect(pager.getByRole('link', { name: 'Page 3' })).toHaveAttribute('href', '/site-map?page=3');
    await userEvent.click(pager.getByRole('link', { name: 'Next' }));
    expect(router.state.location.pathname + router.state.location.search).toBe('/site-map?page=2');
    expect(await region.findByText('130 parts, page 2 of 3')).toBeVisible();
    await waitFor(() =>
      expect(region.getByRole('link', { name: 'Forge DDR5 kit 61' })).toBeVisible(),
    );
    expect(region.queryByRole('link', { name: 'Forge DDR5 kit 1' })).toBeNull();
    expect(
      within(screen.getByRole('navigation', { name: 'Pages of the parts' })).getByRole('link', {
        name: 'Previous',
      }),
    ).toHaveAttribute('href', '/site-map');
  });

  it('opened at a later page, asks for the pages before it in turn', async () => {
    const { asked } = openAt('/site-map?page=3', catalogue(130));
    const region = within(await screen.findByRole('region', { name: 'Parts' }));
    expect(await region.findByRole('link', { name: 'Forge DDR5 kit 121' })).toBeVisible();
    expect(region.getAllByRole('link', { name: /^Forge DDR5 kit/ })).toHaveLength(10);
    expect(asked.map((q) => q.get('cursor'))).toEqual([null, '60', '120']);
    expect(main().getByRole('heading', { level: 1 })).toHaveTextContent('Site map');
  });
});

import { describe, expect, it } from 'vitest';
import { INFO_TOPICS, matchPage, PAGES, pagePaths, type Page } from './pages.ts';

describe('the page table', () => {
  it('matches every page at its path, with or without a trailing slash', () => {
    for (const [id, page] of Object.entries(PAGES) as [string, Page][]) {
      const concrete = page.path.replace(/:[^/]+/g, (param) =>
        param === ':topic' ? 'delivery' : 'a-b_c',
      );
      expect(matchPage(concrete)?.id, concrete).toBe(id);
      if (concrete !== '/') expect(matchPage(`${concrete}/`)?.id, `${concrete}/`).toBe(id);
    }
  });

  it('matches a static path before a param page beside it (/parts/compare, not a part)', () => {
    expect(matchPage('/parts/compare')?.id).toBe('compare');
    expect(matchPage('/parts/compare-x')?.id).toBe('part');
  });

  it('gives the params as they stand in the path', () => {
    expect(matchPage('/purchase/abc%20d')?.params).toEqual({ partsId: 'abc%20d' });
    expect(matchPage('/dashboard/payment/9')?.params).toEqual({ id: '9' });
    expect(matchPage('/info/jobs')?.params).toEqual({ topic: 'jobs' });
  });

  it('has no page for a path no route draws', () => {
    for (const path of [
      '/info/nonsense',
      '/info',
      '/purchase',
      '/purchase/',
      '/purchase/a/b',
      '/dashboard/nope',
      '/dashboard/payment',
      '/Login',
      '/login/x',
      '//',
      '/myPortfolio.html',
      '/parts/compare/a-b_c',
    ]) {
      expect(matchPage(path), path).toBeNull();
    }
  });

  it("lists a param's values as the page's concrete paths", () => {
    expect(pagePaths(PAGES.info)).toEqual(INFO_TOPICS.map((topic) => `/info/${topic}`));
    expect(pagePaths(PAGES.blogs)).toEqual(['/blogs']);
  });
});

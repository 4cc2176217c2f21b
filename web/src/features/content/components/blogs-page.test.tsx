import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { BlogsPage } from './blogs-page.tsx';

describe('BlogsPage', () => {
  it('lists five answers, each an article with an h2 question, and a table of contents', () => {
    render(
      <MemoryRouter initialEntries={['/blogs']}>
        <BlogsPage />
      </MemoryRouter>,
    );
    expect(document.title).toBe('Blogs | Partsmith');
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);

    const articles = screen.getAllByRole('article');
    expect(articles).toHaveLength(5);
    const questions = articles.map(
      (article) => within(article).getByRole('heading', { level: 2 }).textContent,
    );
    expect(questions).toEqual([
      expect.stringMatching(/manage state/i),
      expect.stringMatching(/performance/i),
      expect.stringMatching(/prototypal inheritance/i),
      expect.stringMatching(/not set the state directly/i),
      expect.stringMatching(/unit test/i),
    ]);

    const toc = screen.getByRole('navigation', { name: 'Contents' });
    const links = within(toc).getAllByRole('link');
    expect(links).toHaveLength(5);
    links.forEach((link, index) => {
      const article = articles[index] as HTMLElement;
      expect(link).toHaveAttribute('href', `#${article.id}`);
      expect(link).toHaveTextContent(questions[index] ?? '');
    });
  });
});

import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { PortfolioPage } from './portfolio-page.tsx';

const SKILLS: [string, number][] = [
  ['HTML', 95],
  ['CSS', 80],
  ['JavaScript', 65],
  ['React', 70],
  ['Node', 50],
  ['Express', 50],
  ['MongoDB', 49],
];

function renderPage() {
  return render(
    <MemoryRouter initialEntries={['/myPortfolio']}>
      <PortfolioPage />
    </MemoryRouter>,
  );
}

describe('PortfolioPage', () => {
  it('shows the seven skills with their values out of 100', () => {
    renderPage();
    const bars = screen.getAllByRole('progressbar');
    expect(bars).toHaveLength(7);
    for (const [name, value] of SKILLS) {
      const bar = screen.getByRole('progressbar', { name });
      expect(bar).toHaveAttribute('value', String(value));
      expect(bar).toHaveAttribute('max', '100');
      const row = bar.closest('li');
      expect(row).not.toBeNull();
      expect(within(row as HTMLElement).getByText(String(value))).toBeInTheDocument();
    }
  });

  it('has one h1, two project cards with live demos and external social links', () => {
    renderPage();
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(document.title).toBe('My Portfolio | Partsmith');

    expect(screen.getByRole('heading', { name: 'Partsmith Storefront' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Partsmith Parts API' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Live demo: Partsmith Storefront' })).toHaveAttribute(
      'href',
      '/',
    );
    expect(screen.getByRole('link', { name: 'Live demo: Partsmith Parts API' })).toHaveAttribute(
      'href',
      '/api/docs',
    );
    expect(screen.getAllByRole('img').map((img) => img.getAttribute('src'))).toEqual([
      '/images/portfolio/project-1-960.webp',
      '/images/portfolio/project-2-960.webp',
    ]);

    for (const name of ['GitHub', 'LinkedIn', 'X']) {
      const link = screen.getByRole('link', {
        name: new RegExp(`^${name}\\s*\\(opens in a new tab\\)`),
      });
      expect(link).toHaveAttribute('target', '_blank');
      expect(link).toHaveAttribute('rel', 'noopener noreferrer');
      expect(link.getAttribute('href')).toMatch(/^https:\/\//);
    }
  });
});

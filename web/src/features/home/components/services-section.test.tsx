import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { ServicesSection } from './services-section.tsx';

function renderSection() {
  return render(
    <MemoryRouter>
      <ServicesSection />
    </MemoryRouter>,
  );
}

function column(title: string) {
  const heading = screen.getByRole('heading', { level: 3, name: title });
  return within(heading.parentElement as HTMLElement);
}

describe('ServicesSection', () => {
  it('shows the four service tiles', () => {
    renderSection();
    expect(
      screen.getByRole('heading', { level: 2, name: 'Upcoming Our Services' }),
    ).toBeInTheDocument();
    for (const title of [
      'Free Shipping',
      'Special Gift',
      'Support Online 24/7',
      'Security Payment',
    ]) {
      expect(screen.getByRole('heading', { level: 3, name: title })).toBeInTheDocument();
    }
    expect(screen.getByText(/orders over \$500/)).toBeInTheDocument();
    expect(screen.getByText(/new client/)).toBeInTheDocument();
    expect(screen.getByText(/encrypted/)).toBeInTheDocument();
  });

  it('gives the phone number as a tel: link and the e-mail as a mailto: link', () => {
    renderSection();
    for (const link of screen.getAllByRole('link', { name: '+1 (512) 555-0147' })) {
      expect(link).toHaveAttribute('href', 'tel:+15125550147');
    }
    expect(screen.getByRole('link', { name: 'sales@partsmith.example' })).toHaveAttribute(
      'href',
      'mailto:sales@partsmith.example',
    );
    expect(column('Contact').getByText(/1200 Industrial Pkwy/)).toHaveTextContent(
      '1200 Industrial PkwyAustin, TX 78758, United States',
    );
  });

  it.each([
    [
      'New Coming Tools',
      [
        ['New products', '/parts?sort=newest'],
        ['Best sales', '/parts?sort=best-selling'],
        ['Sitemap', '/site-map'],
      ],
    ],
    [
      'Our Company',
      [
        ['Delivery', '/info/delivery'],
        ['Legal notice', '/info/legal-notice'],
        ['About us', '/info/about-us'],
        ['My account', '/dashboard/my-profile'],
      ],
    ],
    [
      'Shop By',
      [
        ['Your orders', '/dashboard/my-orders'],
        ['Your wishlist', '/cart'],
        ['Payment', '/info/payment'],
        ['Delivery', '/info/delivery'],
      ],
    ],
  ])('links the %s column', (title, links) => {
    renderSection();
    const col = column(title);
    expect(col.getAllByRole('link')).toHaveLength(links.length);
    for (const [name, href] of links) {
      expect(col.getByRole('link', { name })).toHaveAttribute('href', href);
    }
  });

  it('leads nowhere that is not a page: no link to the home page’s #parts any more', () => {
    const { container } = renderSection();
    const targets = [...container.querySelectorAll('a')].map((a) => a.getAttribute('href'));
    expect(targets.filter((href) => !href || href.includes('#'))).toEqual([]);
  });
});

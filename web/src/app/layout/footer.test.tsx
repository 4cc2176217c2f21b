import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { Footer } from './footer.tsx';

function renderFooter() {
  return render(
    <QueryClientProvider client={new QueryClient()}>
      <MemoryRouter>
        <Footer />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('Footer', () => {
  it('links the Information column', () => {
    renderFooter();
    const nav = within(screen.getByRole('navigation', { name: 'Information' }));
    // The site map for people (/sitemap.xml is the search engines'); the specials are the parts
    // on volume price.
    expect(nav.getByRole('link', { name: 'Site Map' })).toHaveAttribute('href', '/site-map');
    expect(nav.getByRole('link', { name: 'Specials' })).toHaveAttribute(
      'href',
      '/parts?volume=true',
    );
    expect(nav.getByRole('link', { name: 'Jobs' })).toHaveAttribute('href', '/info/jobs');
    expect(nav.getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute(
      'href',
      '/info/privacy-policy',
    );
  });

  it('links the My Account column', () => {
    renderFooter();
    const nav = within(screen.getByRole('navigation', { name: 'My Account' }));
    expect(nav.getByRole('link', { name: 'Checkout' })).toHaveAttribute('href', '/cart');
    expect(nav.getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/login');
    expect(nav.getByRole('link', { name: 'Order Status' })).toHaveAttribute(
      'href',
      '/dashboard/my-orders',
    );
  });

  it('has the newsletter box', async () => {
    renderFooter();
    // The form loads after the first paint.
    const form = within(await screen.findByRole('form', { name: 'Newsletter' }));
    expect(form.getByLabelText('Your email address')).toHaveAttribute('type', 'email');
    expect(form.getByRole('button', { name: 'Subscribe' })).toHaveAttribute('type', 'submit');
  });

  it('opens the social networks safely in a new tab', () => {
    renderFooter();
    const expected = {
      Facebook: 'https://www.facebook.com/',
      X: 'https://x.com/',
      LinkedIn: 'https://www.linkedin.com/',
      YouTube: 'https://www.youtube.com/',
    };
    for (const [name, href] of Object.entries(expected)) {
      const link = screen.getByRole('link', { name: `Partsmith on ${name} (opens in a new tab)` });
      expect(link).toHaveAttribute('href', href);
      expect(link).toHaveAttribute('target', '_blank');
      expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    }
  });

  it('shows the copyright with the current year, the seller’s address and no dead links', () => {
    const { container } = renderFooter();
    expect(
      screen.getByText(`© ${new Date().getFullYear()} Partsmith Inc. All rights reserved.`),
    ).toBeInTheDocument();
    expect(container.querySelector('address')).toHaveTextContent(
      '1200 Industrial Pkwy, Austin, TX 78758, United States',
    );
    expect(container.querySelectorAll('a[href="#"], a:not([href])')).toHaveLength(0);
  });
});

import { render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { InfoPage } from './info-page.tsx';
import { INFO_TOPIC_KEYS, INFO_TOPICS } from './info-topics.ts';

function renderAt(path: string) {
  const router = createMemoryRouter([{ path: '/info/:topic', Component: InfoPage }], {
    initialEntries: [path],
  });
  return render(<RouterProvider router={router} />);
}

describe('InfoPage', () => {
  it('has the six topics', () => {
    expect(INFO_TOPIC_KEYS).toEqual([
      'delivery',
      'payment',
      'legal-notice',
      'about-us',
      'privacy-policy',
      'jobs',
    ]);
  });

  it('renders a topic with its title, sections and links to the other topics', async () => {
    renderAt('/info/delivery');
    expect(await screen.findByRole('heading', { level: 1, name: 'Delivery' })).toBeInTheDocument();
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(screen.getByText(/the methods that ship to your address/)).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Delivery | Partsmith'));

    const current = screen.getByRole('link', { name: 'Delivery' });
    expect(current).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('link', { name: 'Privacy policy' })).toHaveAttribute(
      'href',
      '/info/privacy-policy',
    );
  });

  it('names the seller of the invoices in the legal notice and beside every topic', async () => {
    renderAt('/info/legal-notice');
    expect(
      await screen.findByText(
        'Partsmith Inc., 1200 Industrial Pkwy, Austin, TX 78758, United States. Tax ID: EIN 12-3456789.',
      ),
    ).toBeInTheDocument();
    expect(
      screen.getByRole('region', { name: 'Questions?' }).querySelector('address'),
    ).toHaveTextContent('Partsmith Inc.1200 Industrial PkwyAustin, TX 78758+1 (512) 555-0147');
  });

  it('prefills the contact subject from the privacy policy', async () => {
    renderAt('/info/privacy-policy');
    expect(
      await screen.findByRole('heading', { level: 1, name: INFO_TOPICS['privacy-policy'].title }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'contact page' })).toHaveAttribute(
      'href',
      '/contact?subject=Privacy%20request',
    );
  });

  it('falls back to the 404 page for an unknown topic', async () => {
    renderAt('/info/nope');
    expect(
      await screen.findByRole('heading', {
        level: 1,
        name: "Oops! The page you're looking for isn't here.",
      }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to homepage' })).toHaveAttribute('href', '/');
  });

  it('does not treat inherited object keys as topics', async () => {
    renderAt('/info/constructor');
    expect(await screen.findByText('404')).toBeInTheDocument();
  });
});

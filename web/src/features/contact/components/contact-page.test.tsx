import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { ContactPage } from './contact-page.tsx';

function renderAt(path: string) {
  const client = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  const router = createMemoryRouter([{ path: '/contact', Component: ContactPage }], {
    initialEntries: [path],
  });
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

describe('ContactPage', () => {
  it('shows the address, phone, e-mail and opening hours', async () => {
    renderAt('/contact');
    expect(await screen.findByRole('heading', { level: 1, name: 'Contact' })).toBeInTheDocument();
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    await waitFor(() => expect(document.title).toBe('Contact | Partsmith'));
    // The seller of the invoices: one name, address and tax ID (contract/src/seller.ts).
    expect(screen.getByText(/1200 Industrial Pkwy/)).toHaveTextContent(
      'Partsmith Inc.1200 Industrial PkwyAustin, TX 78758United States',
    );
    expect(screen.getByText('Tax ID: EIN 12-3456789')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '+1 (512) 555-0147' })).toHaveAttribute(
      'href',
      'tel:+15125550147',
    );
    expect(screen.getByRole('link', { name: 'sales@partsmith.example' })).toHaveAttribute(
      'href',
      'mailto:sales@partsmith.example',
    );
    expect(screen.getByText('Mon–Fri 8:00–18:00 CT')).toBeInTheDocument();
    expect(screen.getByLabelText('Subject')).toHaveAttribute('id', 'contact-page-subject');
    expect(screen.getByLabelText('Subject')).toHaveValue('');
  });

  it('passes ?subject= into the form', async () => {
    renderAt('/contact?subject=Privacy%20request');
    expect(await screen.findByLabelText('Subject')).toHaveValue('Privacy request');
  });

  it('refills the subject when a link with another subject is followed', async () => {
    const router = renderAt('/contact?subject=Job%20application');
    expect(await screen.findByLabelText('Subject')).toHaveValue('Job application');
    await router.navigate('/contact?subject=Refund%20request');
    expect(await screen.findByDisplayValue('Refund request')).toBe(
      screen.getByLabelText('Subject'),
    );
  });

  it.each([
    ['confirmed', 'Your newsletter subscription is confirmed.'],
    ['unsubscribed', 'You are unsubscribed from the newsletter.'],
    ['invalid', 'That newsletter link is not valid or has expired.'],
  ])('says what a newsletter link did (?newsletter=%s)', async (value, text) => {
    renderAt(`/contact?newsletter=${value}`);
    await screen.findByRole('heading', { level: 1, name: 'Contact' });
    expect(screen.getByRole('status')).toHaveTextContent(text);
  });

  it('says nothing about the newsletter without a known ?newsletter=', async () => {
    renderAt('/contact?newsletter=toString');
    await screen.findByRole('heading', { level: 1, name: 'Contact' });
    expect(screen.queryByText(/newsletter/i)).toBeNull();
  });
});

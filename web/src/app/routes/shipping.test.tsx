import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockShippingApi } from '../../features/shipping/components/shipping-api.testing.ts';
import { renderApp } from '../../test/app-routes.tsx';
import { json, sessionFor } from '../../test/mock-api.ts';

const ADMIN = {
  'GET /api/auth/get-session': () =>
    json(sessionFor({ name: 'Ada Admin', email: 'ada@example.com', role: 'admin' })),
  'GET /api/admin/ada%40example.com': () => json({ admin: true }),
};

const bob = {
  _id: '10000000-0000-4000-8000-000000000002',
  email: 'bob@example.com',
  name: 'Bob Buyer',
  role: 'customer',
  createdAt: '2025-03-02T10:00:00.000Z',
};

afterEach(() => vi.restoreAllMocks());

describe('the Shipping & Tax page in the app', () => {
  it("is in the admin's menu and lists the zones and rates", async () => {
    mockShippingApi({ routes: ADMIN });
    renderApp('/dashboard/shipping');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Shipping & tax' }, { timeout: 5000 }),
    ).toBeVisible();
    expect(await screen.findByRole('article', { name: 'Europe' })).toBeVisible();
    expect(await screen.findByRole('table', { name: 'Sales tax rates' })).toBeVisible();
    const nav = within(screen.getByRole('navigation', { name: 'Dashboard' }));
    expect(await nav.findByRole('link', { name: 'Shipping & Tax' })).toHaveAttribute(
      'href',
      '/dashboard/shipping',
    );
  });

  it("opens a customer's tax exemption from Make Admin", async () => {
    const api = mockShippingApi({
      routes: {
        ...ADMIN,
        'GET /api/admin/users': () =>
          new Response(JSON.stringify({ items: [bob], nextCursor: null, total: 1 }), {
            headers: { 'content-type': 'application/json' },
          }),
      },
    });
    renderApp('/dashboard/make-admin');
    const button = await screen.findByRole(
      'button',
      { name: 'Tax exemption: bob@example.com' },
      { timeout: 5000 },
    );
    // Nothing is asked for a row until its dialog opens.
    expect(api.calls.filter((call) => call.path.endsWith('/tax-exemption'))).toEqual([]);
    await userEvent.setup().click(button);
    const dialog = within(screen.getByRole('dialog', { name: 'Tax exemption: bob@example.com' }));
    expect(
      await dialog.findByText('No exemption on record: bob@example.com pays sales tax.'),
    ).toBeVisible();
    expect(api.callsTo('GET', '/api/users/bob%40example.com/tax-exemption')).toHaveLength(1);
  });
});

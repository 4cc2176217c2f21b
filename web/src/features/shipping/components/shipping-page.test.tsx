import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'sonner';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { confirmDialog, showErrorDialog } from '../../../lib/dialogs.ts';
import { apiError } from '../../../test/mock-api.ts';
import { METHOD_ADDED, METHOD_FAILED } from './method-form.tsx';
import {
  EUROPE_ZONE,
  mockShippingApi,
  STANDARD_US,
  TEXAS_RATE,
  US_ZONE,
} from './shipping-api.testing.ts';
import { ShippingPage } from './shipping-page.tsx';
import { REST_OF_WORLD } from './shipping-text.ts';
import { NO_RATE_NOTE, RATE_DELETED } from './tax-rates-section.tsx';
import { RATE_ADDED, RATE_FAILED } from './tax-rate-form.tsx';
import { METHOD_DELETED, ZONE_DELETED } from './zones-section.tsx';
import { ZONE_FAILED, ZONE_SAVED } from './zone-form.tsx';

vi.mock('sonner', () => ({ toast: { success: vi.fn(), error: vi.fn() } }));
vi.mock('../../../lib/dialogs.ts', () => ({
  confirmDialog: vi.fn(async () => true),
  showErrorDialog: vi.fn(async () => {}),
}));

function renderPage() {
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  render(
    <QueryClientProvider client={client}>
      <ShippingPage />
    </QueryClientProvider>,
  );
}

/** A zone's card, by its name. */
const zoneCard = async (name: string) =>
  within(await screen.findByRole('article', { name }, { timeout: 5000 }));
/** The cells of a table's row, by its first cell (a method's name, a rate's place). */
const rowCells = (scope: ReturnType<typeof within>, name: string) =>
  within(scope.getByRole('row', { name: new RegExp(`^${name}`) }))
    .getAllByRole('cell')
    .map((cell) => cell.textContent);
const dialog = (name: string | RegExp) => within(screen.getByRole('dialog', { name }));

beforeEach(() => {
  vi.mocked(toast.success).mockClear();
  vi.mocked(toast.error).mockClear();
  vi.mocked(confirmDialog).mockClear();
  vi.mocked(showErrorDialog).mockClear();
});
afterEach(() => vi.restoreAllMocks());

describe('ShippingPage', () => {
  it('lists the seeded zones with their places and methods, and the tax rates', async () => {
    mockShippingApi();
    renderPage();
    expect(screen.getByRole('heading', { level: 1, name: 'Shipping & tax' })).toBeVisible();
    await waitFor(() => expect(document.title).toBe('Shipping & Tax | Partsmith'));

    const us = await zoneCard('United States');
    expect(us.getByText('Ships to:').parentElement).toHaveTextContent('Ships to: United States');
    const methods = within(us.getByRole('table', { name: 'Shipping methods of United States' }));
    expect(methods.getAllByRole('columnheader').map((header) => header.textContent)).toEqual([
      'Method',
      'Priced',
      'Price',
      'Free above',
      'Delivery',
      'Actions',
    ]);
    expect(rowCells(methods, 'Standard')).toEqual([
      'Flat rate',
      '$9.90',
      'Free above $500.00',
      '3–5 business days',
      'EditDelete',
    ]);
    expect(rowCells(methods, 'Express').slice(2, 4)).toEqual(['—Never free', '1–2 business days']);

    const europe = await zoneCard('Europe');
    expect(
      europe.getByText('Austria, Belgium, Germany, France, United Kingdom, Switzerland'),
    ).toBeVisible();
    expect((await zoneCard('Rest of the world')).getByText(REST_OF_WORLD)).toBeVisible();

    const rates = within(screen.getByRole('table', { name: 'Sales tax rates' }));
    expect(rowCells(rates, 'United States, TX')).toEqual([
      'Texas sales tax',
      '8.25%',
      'Yes',
      'EditDelete',
    ]);
    expect(screen.getByText(NO_RATE_NOTE)).toBeVisible();
  });

  it('adds a method by weight, checked first, and posts its money in dollars', async () => {
    const user = userEvent.setup();
    const api = mockShippingApi();
    renderPage();
    const europe = await zoneCard('Europe');
    await user.click(europe.getByRole('button', { name: 'Add a method to Europe' }));
    const form = dialog('Add a method to Europe');
    const name = form.getByLabelText('Name');
    expect(name).toHaveFocus();
    expect(form.queryByLabelText('Price per kg ($)')).toBeNull();

    // Nothing typed: the contract's messages, tied to their boxes; nothing sent.
    await user.click(form.getByRole('button', { name: 'Add method' }));
    expect(await form.findByText('Name is Required')).toBeVisible();
    expect(name).toHaveAccessibleDescription(/Name is Required/);
    expect(form.getByLabelText('Price ($)')).toHaveAttribute('aria-invalid', 'true');

    await user.type(name, 'Economy');
    await user.click(form.getByRole('radio', { name: /By weight/ }));
    await user.type(form.getByLabelText('Price per order ($)'), '12.5');
    await user.type(form.getByLabelText('Price per kg ($)'), '2.25');
    await user.type(form.getByLabelText('Free above ($, optional)'), '300');
    await user.type(form.getByLabelText('Fastest'), '8');
    await user.type(form.getByLabelText('Slowest'), '4');
    await user.click(form.getByRole('button', { name: 'Add method' }));
    expect(
      await form.findByText('The slowest delivery cannot be faster than the fastest'),
    ).toBeVisible();
    expect(api.changes()).toEqual([]);

    await user.clear(form.getByLabelText('Fastest'));
    await user.type(form.getByLabelText('Fastest'), '4');
    await user.clear(form.getByLabelText('Slowest'));
    await user.type(form.getByLabelText('Slowest'), '8{Enter}');

    await waitFor(() =>
      expect(toast.success).toHaveBeenCalledWith(METHOD_ADDED, {
        description: 'Economy to Europe: $12.50, 4–8 business days.',
      }),
    );
    expect(api.changes()).toEqual([
      {
        method: 'POST',
        path: `/api/shipping-zones/${EUROPE_ZONE}/methods`,
        body: {
          name: 'Economy',
          kind: 'weight',
          price: 12.5,
          perKg: 2.25,
          freeAbove: 300,
          minDays: 4,
          maxDays: 8,
        },
      },
    ]);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(europe.getByRole('button', { name: 'Add a method to Europe' })).toHaveFocus();
    const methods = within(europe.getByRole('table'));
    await waitFor(() =>
      expect(rowCells(methods, 'Economy')).toEqual([
        'By weight',
        '$12.50+ $2.25 per kg',
        'Free above $300.00',
        '4–8 business days',
        'EditDelete',
      ]),
    );
  });

  it("shows the server's 422 in the form, which stays open with what was typed", async () => {
    const user = userEvent.setup();
    const message = 'Price: the carrier charges at least $5.00 for Express';
    mockShippingApi({
      refuse: (call) =>
        call.method === 'PUT' && call.path === `/api/shipping-methods/${STANDARD_US}`
          ? apiError(422, message)
          : undefined,
    });
    renderPage();
    const us = await zoneCard('United States');
    await user.click(us.getByRole('button', { name: 'Edit Standard (United States)' }));
    const form = dialog('Edit method Standard (United States)');
    expect(form.getByLabelText('Price ($)')).toHaveValue('9.90');
    expect(form.getByLabelText('Free above ($, optional)')).toHaveValue('500.00');
    expect(form.getByLabelText('Fastest')).toHaveValue('3');
    await user.clear(form.getByLabelText('Price ($)'));
    await user.type(form.getByLabelText('Price ($)'), '1');
    await user.click(form.getByRole('button', { name: 'Save method' }));

    expect(await form.findByText(message)).toBeVisible();
    expect(form.getByText(METHOD_FAILED)).toBeVisible();
    expect(toast.error).toHaveBeenCalledWith(METHOD_FAILED, { description: message });
    expect(form.getByLabelText('Price ($)')).toHaveValue('1');
  });

  it('names the code a zone refuses, and saves a changed zone', async () => {
    const user = userEvent.setup();
    const api = mockShippingApi({
      refuse: (call) =>
        call.method === 'PUT' && (call.body as { countries: string[] }).countries.includes('XK')
          ? apiError(422, 'Countries: XK is not a country we know')
          : undefined,
    });
    renderPage();
    const us = await zoneCard('United States');
    await user.click(us.getByRole('button', { name: 'Edit zone United States' }));
    const form = dialog('Edit zone United States');
    const countries = form.getByLabelText('Countries');
    expect(countries).toHaveValue('US');
    expect(form.getByText('Reads as: United States.')).toBeVisible();

    await user.type(countries, ' usa');
    await user.click(form.getByRole('button', { name: 'Save zone' }));
    expect(
      await form.findByText('USA: A country is its two-letter ISO code (US, DE)'),
    ).toBeVisible();
    await user.clear(countries);
    await user.type(countries, 'us xk');
    await user.click(form.getByRole('button', { name: 'Save zone' }));
    expect(await form.findByText('Countries: XK is not a country we know')).toBeVisible();
    expect(form.getByText(ZONE_FAILED)).toBeVisible();

    await user.clear(countries);
    await user.type(countries, 'us, ca');
    await user.type(form.getByLabelText('Regions (optional)'), 'us-ak us-hi');
    await user.click(form.getByRole('button', { name: 'Save zone' }));
    await waitFor(() =>
      expect(toast.success).toHaveBeenCalledWith(ZONE_SAVED, {
        description: 'United States: United States, Canada, US-AK, US-HI.',
      }),
    );
    expect(api.changes().at(-1)).toEqual({
      method: 'PUT',
      path: `/api/shipping-zones/${US_ZONE}`,
      body: {
        name: 'United States',
        countries: ['US', 'CA'],
        regions: ['US-AK', 'US-HI'],
        position: 0,
      },
    });
  });

  it('deletes a method once confirmed', async () => {
    const user = userEvent.setup();
    const api = mockShippingApi();
    renderPage();
    const us = await zoneCard('United States');
    const express = us.getByRole('button', { name: 'Delete Express (United States)' });

    vi.mocked(confirmDialog).mockResolvedValueOnce(false);
    await user.click(express);
    expect(confirmDialog).toHaveBeenCalledWith(
      '"Express" will no longer be offered for United States.',
    );
    expect(api.changes()).toEqual([]);

    await user.click(express);
    await waitFor(() =>
      expect(toast.success).toHaveBeenCalledWith(METHOD_DELETED, {
        description: 'Express (United States)',
      }),
    );
    expect(api.changes().map((call) => `${call.method} ${call.path}`)).toEqual([
      expect.stringMatching(/^DELETE \/api\/shipping-methods\/5a1e0001-.*0002$/),
    ]);
    await waitFor(() => expect(us.queryByRole('row', { name: /^Express/ })).toBeNull());
    expect(us.getByRole('heading', { name: 'United States' })).toHaveFocus();
  });

  it('deletes a zone and its methods once confirmed', async () => {
    const user = userEvent.setup();
    const api = mockShippingApi();
    renderPage();
    await user.click(
      (await zoneCard('United States')).getByRole('button', { name: 'Delete zone United States' }),
    );
    expect(confirmDialog).toHaveBeenCalledWith(
      'The zone "United States" and its 2 methods will be deleted. Its places then take another zone\'s methods, or cannot be shipped to.',
    );
    await waitFor(() =>
      expect(toast.success).toHaveBeenCalledWith(ZONE_DELETED, { description: 'United States' }),
    );
    expect(api.changes()).toEqual([
      { method: 'DELETE', path: `/api/shipping-zones/${US_ZONE}`, body: undefined },
    ]);
    await waitFor(() =>
      expect(screen.queryByRole('article', { name: 'United States' })).toBeNull(),
    );
    expect(screen.getByRole('heading', { name: 'Shipping zones' })).toHaveFocus();
  });

  it('adds a tax rate, and shows the 409 for a place that has one', async () => {
    const user = userEvent.setup();
    const api = mockShippingApi();
    renderPage();
    await screen.findByRole('table', { name: 'Sales tax rates' });

    await user.click(screen.getByRole('button', { name: 'Add a rate' }));
    let form = dialog('Add a tax rate');
    await user.type(form.getByLabelText('Country code'), 'us');
    await user.type(form.getByLabelText('Region (optional)'), 'tx');
    await user.type(form.getByLabelText('Name'), 'Texas again');
    await user.type(form.getByLabelText('Rate (%)'), '6.25');
    await user.click(form.getByRole('button', { name: 'Add rate' }));
    expect(
      await form.findByText('Texas sales tax is the rate of that place already.'),
    ).toBeVisible();
    expect(form.getByText(RATE_FAILED)).toBeVisible();
    await user.click(form.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Add a rate' }));
    form = dialog('Add a tax rate');
    await user.type(form.getByLabelText('Country code'), 'de');
    expect(form.getByText('Reads as: Germany.')).toBeVisible();
    await user.type(form.getByLabelText('Name'), 'German VAT');
    await user.type(form.getByLabelText('Rate (%)'), '19');
    await user.click(form.getByRole('checkbox', { name: 'Shipping is taxed too' }));
    await user.click(form.getByRole('button', { name: 'Add rate' }));

    await waitFor(() =>
      expect(toast.success).toHaveBeenCalledWith(RATE_ADDED, {
        description: 'German VAT: 19% in Germany.',
      }),
    );
    expect(api.changes().at(-1)).toEqual({
      method: 'POST',
      path: '/api/tax-rates',
      body: { country: 'DE', region: null, name: 'German VAT', rate: 19, shippingTaxed: true },
    });
    const rates = within(screen.getByRole('table', { name: 'Sales tax rates' }));
    await waitFor(() =>
      expect(rowCells(rates, 'Germany')).toEqual(['German VAT', '19%', 'Yes', 'EditDelete']),
    );
  });

  it('deletes a tax rate once confirmed', async () => {
    const user = userEvent.setup();
    const api = mockShippingApi();
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Delete Texas sales tax' }));
    expect(confirmDialog).toHaveBeenCalledWith(
      '"Texas sales tax" (8.25%) will no longer be charged in United States, TX.',
    );
    await waitFor(() =>
      expect(toast.success).toHaveBeenCalledWith(RATE_DELETED, {
        description: 'Texas sales tax (United States, TX)',
      }),
    );
    expect(api.changes()).toEqual([
      { method: 'DELETE', path: `/api/tax-rates/${TEXAS_RATE}`, body: undefined },
    ]);
    expect(await screen.findByText('No tax rates yet: no place pays sales tax.')).toBeVisible();
    expect(screen.getByRole('heading', { name: 'Sales tax rates' })).toHaveFocus();
  });

  it('says when a list could not be loaded, and when there are no zones', async () => {
    const user = userEvent.setup();
    let zonesFail = true;
    mockShippingApi({
      refuse: (call) => {
        if (call.path === '/api/tax-rates') return apiError(500, 'boom');
        if (call.path !== '/api/shipping-zones') return undefined;
        return zonesFail
          ? apiError(403, 'You are not allowed to do that.')
          : new Response('[]', { headers: { 'content-type': 'application/json' } });
      },
    });
    renderPage();
    await waitFor(() =>
      expect(screen.getAllByRole('alert').map((alert) => alert.firstChild?.textContent)).toEqual([
        'We could not load the shipping zones.',
        'We could not load the tax rates.',
      ]),
    );
    const alerts = screen.getAllByRole('alert');
    expect(alerts[0]).toHaveTextContent('You are not allowed to do that.');
    zonesFail = false;
    await user.click(within(alerts[0]!).getByRole('button', { name: 'Retry' }));
    expect(
      await screen.findByText('No shipping zones yet: nothing can be shipped. Add the first zone.'),
    ).toBeVisible();
  });
});

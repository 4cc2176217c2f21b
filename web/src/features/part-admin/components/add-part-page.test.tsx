import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { toast } from 'sonner';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { imageFile, stubXhr } from '../../../components/ui/image-upload.testing.ts';
import { CATEGORIES } from '../../../test/categories.ts';
import { apiError, json, mockApi, type Routes } from '../../../test/mock-api.ts';
import { AddPartPage } from './add-part-page.tsx';
import { NOT_A_NUMBER, PART_ADDED, PART_FAILED } from './part-form.tsx';

vi.mock('sonner', () => ({ toast: { success: vi.fn(), error: vi.fn() } }));

const PART_ID = '7a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d';
const UPLOADED = '/uploads/n3w_t00l.webp';

function renderPage(routes: Routes = {}) {
  const api = mockApi({ 'GET /api/categories': () => json(CATEGORIES), ...routes });
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  // Cached parts lists (the home listing and a search), to see that a new part marks them stale.
  client.setQueryData(['allParts', { q: '' }], { pages: [], pageParams: [] });
  client.setQueryData(['allParts', { q: 'ram' }], { pages: [], pageParams: [] });
  const router = createMemoryRouter([{ path: '/dashboard/add-product', Component: AddPartPage }], {
    initialEntries: ['/dashboard/add-product'],
  });
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { api, client };
}

/** The texts of a select's options. */
const optionsOf = (select: HTMLElement) =>
  within(select)
    .getAllByRole('option')
    .map((option) => option.textContent);

const addTools = () => screen.getByRole('button', { name: 'Add Tools' });

async function fill(
  user: ReturnType<typeof userEvent.setup>,
  values: { available?: string; minimum?: string; price?: string; category?: string } = {},
) {
  await user.upload(
    await screen.findByLabelText('Product image'),
    imageFile('tool.webp', 'image/webp'),
  );
  await screen.findByRole('img', { name: 'Uploaded product' });
  await user.type(screen.getByLabelText('Product name'), 'Precision screwdriver set');
  await user.type(screen.getByLabelText('Description'), '24 bits, magnetic, in a steel case.');
  await user.type(screen.getByLabelText('Available quantity'), values.available ?? '500');
  await user.type(screen.getByLabelText('Minimum quantity'), values.minimum ?? '10');
  await user.type(screen.getByLabelText('Price'), values.price ?? '24.99');
  await user.selectOptions(
    await screen.findByRole('combobox', { name: 'Category' }),
    values.category ?? 'Workshop tools',
  );
  if (values.category) return;
  await user.selectOptions(screen.getByLabelText('Kind'), 'Screwdrivers');
  await user.selectOptions(screen.getByLabelText('ESD safe'), 'Yes');
}

beforeEach(() => {
  vi.mocked(toast.success).mockClear();
  vi.mocked(toast.error).mockClear();
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('AddPartPage', () => {
  it('has labelled text boxes with number keyboards for the numbers', async () => {
    stubXhr();
    renderPage();
    expect(await screen.findByRole('heading', { level: 1, name: 'Add a Product' })).toBeVisible();
    await waitFor(() => expect(document.title).toBe('Add Product | Partsmith'));
    for (const [label, mode] of [
      ['Available quantity', 'numeric'],
      ['Minimum quantity', 'numeric'],
      ['Price', 'decimal'],
    ] as const) {
      expect(screen.getByLabelText(label)).toHaveAttribute('type', 'text');
      expect(screen.getByLabelText(label)).toHaveAttribute('inputmode', mode);
    }
    expect(screen.getByLabelText('Price')).toHaveAccessibleDescription(
      'US dollars per unit, up to 2 decimals.',
    );
  });

  it('shows the contract messages for empty fields and sends nothing', async () => {
    stubXhr();
    const { api } = renderPage();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Add Tools' }));
    expect(await screen.findByText('Product name is Required')).toBeInTheDocument();
    expect(screen.getByText('Description is Required')).toBeInTheDocument();
    expect(screen.getByLabelText('Available quantity')).toHaveAccessibleDescription(
      'Available quantity is Required Units in stock now.',
    );
    expect(screen.getByText('Minimum quantity is Required')).toBeInTheDocument();
    expect(screen.getByText('Price is Required')).toBeInTheDocument();
    expect(screen.getByText('Upload an image first')).toBeInTheDocument();
    // The categories come from the API a moment after the page: until then the box also says
    // they are loading (a busy machine's run read it then).
    const category = await screen.findByRole('combobox', { name: 'Category' });
    await waitFor(() => expect(category).toHaveAccessibleDescription('Choose a category'));
    expect(screen.getByLabelText('Product image')).toHaveFocus();
    expect(api.callsTo('POST', '/api/addParts')).toHaveLength(0);
  });

  it('offers the categories, and for Memory its four attributes as labelled fields', async () => {
    stubXhr();
    let answer = () => apiError(503, 'The catalogue is resting.');
    renderPage({ 'GET /api/categories': () => answer() });
    const user = userEvent.setup();
    const specification = within(await screen.findByRole('group', { name: 'Specification' }));
    // A failed load says so and offers another try; the rest of the form stays usable.
    expect(await specification.findByRole('status')).toHaveTextContent(
      'The categories could not be loaded: Something went wrong on our side. Please try again.',
    );
    expect(specification.getByRole('combobox', { name: 'Category' })).toBeDisabled();
    answer = () => json(CATEGORIES);
    await user.click(specification.getByRole('button', { name: 'Try again' }));

    const category = await specification.findByRole('combobox', { name: 'Category' });
    await waitFor(() => expect(category).toBeEnabled());
    expect(specification.getByRole('status')).toHaveTextContent('');
    expect(optionsOf(category)).toEqual([
      'Choose a category',
      'Memory',
      'Processors',
      'Power supplies',
      'Workshop tools',
    ]);
    expect(specification.queryByLabelText('Type')).toBeNull();

    await user.selectOptions(category, 'Memory');
    const type = specification.getByRole('combobox', { name: 'Type' });
    expect(optionsOf(type)).toEqual(['Choose one', 'DDR4', 'DDR5']);
    for (const [label, unit] of [
      ['Capacity', 'GB'],
      ['Speed', 'MT/s'],
      ['CAS latency', 'CL'],
    ]) {
      const box = specification.getByRole('textbox', { name: label });
      expect(box).toHaveAttribute('inputmode', 'decimal');
      expect(box).toHaveAccessibleDescription(unit);
    }

    // Another category brings its own fields: a yes/no one among them.
    await user.selectOptions(category, 'Power supplies');
    expect(specification.queryByLabelText('Type')).toBeNull();
    expect(optionsOf(specification.getByRole('combobox', { name: 'Modular' }))).toEqual([
      'Choose one',
      'Yes',
      'No',
    ]);
    expect(specification.getByRole('textbox', { name: 'Wattage' })).toBeInTheDocument();
  });

  it("shows the category schema's messages per field and sends nothing until they are right", async () => {
    stubXhr(() => [200, { display_url: UPLOADED }]);
    const { api } = renderPage({
      'POST /api/addParts': () => json({ acknowledged: true, insertedId: PART_ID }),
    });
    const user = userEvent.setup();
    await fill(user, { category: 'Memory' });
    const capacity = screen.getByRole('textbox', { name: 'Capacity' });
    const speed = screen.getByRole('textbox', { name: 'Speed' });
    await user.type(capacity, 'lots');
    await user.type(speed, '6000.5');
    await user.type(screen.getByRole('textbox', { name: 'CAS latency' }), '-30');
    await user.click(addTools());

    const type = screen.getByRole('combobox', { name: 'Type' });
    await waitFor(() => expect(type).toHaveAccessibleDescription('Type is Required'));
    expect(type).toHaveAttribute('aria-invalid', 'true');
    expect(type).toHaveFocus();
    expect(capacity).toHaveAccessibleDescription('Capacity must be a number GB');
    expect(speed).toHaveAccessibleDescription('Speed must be a whole number MT/s');
    expect(screen.getByRole('textbox', { name: 'CAS latency' })).toHaveAccessibleDescription(
      'CAS latency cannot be negative CL',
    );
    expect(api.callsTo('POST', '/api/addParts')).toHaveLength(0);

    // A fixed box loses its message as it is corrected.
    await user.selectOptions(type, 'DDR5');
    await waitFor(() => expect(type).not.toHaveAttribute('aria-invalid'));
    await user.clear(capacity);
    await user.type(capacity, '32');
    await user.clear(speed);
    await user.type(speed, '6000');
    await user.clear(screen.getByRole('textbox', { name: 'CAS latency' }));
    await user.type(screen.getByRole('textbox', { name: 'CAS latency' }), '30');
    const preview = within(screen.getByRole('complementary', { name: 'Preview' }));
    expect(preview.getByText('Memory')).toBeInTheDocument();
    await user.click(addTools());

    await waitFor(() => expect(toast.success).toHaveBeenCalledWith(PART_ADDED));
    expect(api.callsTo('POST', '/api/addParts')[0]?.body).toMatchObject({
      name: 'Precision screwdriver set',
      category: 'memory',
      attributes: { type: 'DDR5', capacity: 32, speed: 6000, casLatency: 30 },
    });
  });

  it('keeps the minimum at or under the stock and checks the price', async () => {
    stubXhr(() => [200, { display_url: UPLOADED }]);
    const { api } = renderPage();
    const user = userEvent.setup();
    await fill(user, { available: '5', minimum: '10', price: '12.345' });
    await user.click(addTools());
    expect(
      await screen.findByText('Minimum quantity cannot be more than the available quantity'),
    ).toBeInTheDocument();
    expect(screen.getByLabelText('Minimum quantity')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Price')).toHaveAccessibleDescription(
      'Price has at most 2 decimals US dollars per unit, up to 2 decimals.',
    );

    await user.clear(screen.getByLabelText('Price'));
    await user.type(screen.getByLabelText('Price'), '12,50');
    await user.click(addTools());
    expect(await screen.findByText(NOT_A_NUMBER)).toBeInTheDocument();

    await user.clear(screen.getByLabelText('Price'));
    await user.type(screen.getByLabelText('Price'), '0');
    await user.click(addTools());
    expect(await screen.findByText('Price must be at least $0.01')).toBeInTheDocument();

    await user.clear(screen.getByLabelText('Available quantity'));
    await user.type(screen.getByLabelText('Available quantity'), '2.5');
    await user.click(addTools());
    expect(
      await screen.findByText('Available quantity must be a whole number'),
    ).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/addParts')).toHaveLength(0);
  });

  it('posts the body as numbers, thanks the admin, resets and refreshes the parts', async () => {
    stubXhr(() => [200, { display_url: UPLOADED }]);
    const { api, client } = renderPage({
      'POST /api/addParts': () => json({ acknowledged: true, insertedId: PART_ID }),
    });
    const user = userEvent.setup();
    await fill(user, { available: ' 500 ', minimum: '10', price: '24.9' });
    const preview = within(screen.getByRole('complementary', { name: 'Preview' }));
    expect(preview.getByText('Price: $24.90')).toBeInTheDocument();
    expect(preview.getByText('Precision screwdriver set')).toBeInTheDocument();
    expect(preview.getByText('Workshop tools')).toBeInTheDocument();

    await user.click(addTools());
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith(PART_ADDED));
    expect(api.callsTo('POST', '/api/addParts').map((call) => call.body)).toEqual([
      {
        name: 'Precision screwdriver set',
        description: '24 bits, magnetic, in a steel case.',
        availableQuantity: 500,
        minOrderQuantity: 10,
        price: 24.9,
        image: UPLOADED,
        priceBreaks: [],
        category: 'workshop-tools',
        attributes: { kind: 'Screwdrivers', esdSafe: true },
      },
    ]);
    expect(client.getQueryState(['allParts', { q: '' }])?.isInvalidated).toBe(true);
    expect(client.getQueryState(['allParts', { q: 'ram' }])?.isInvalidated).toBe(true);
    await waitFor(() => expect(screen.getByLabelText('Product name')).toHaveValue(''));
    expect(screen.getByLabelText('Price')).toHaveValue('');
    expect(screen.getByRole('combobox', { name: 'Category' })).toHaveValue('');
    expect(screen.queryByLabelText('Kind')).toBeNull();
    expect(screen.queryByRole('img', { name: 'Uploaded product' })).toBeNull();
  });

  it('adds and removes volume prices from the keyboard, checked against the price and minimum', async () => {
    stubXhr(() => [200, { display_url: UPLOADED }]);
    const { api } = renderPage({
      'POST /api/addParts': () => json({ acknowledged: true, insertedId: PART_ID }),
    });
    const user = userEvent.setup();
    await fill(user, { minimum: '10', price: '24.99' });
    const group = within(screen.getByRole('group', { name: 'Volume prices' }));
    const addBreak = group.getByRole('button', { name: 'Add a volume price' });

    addBreak.focus();
    await user.keyboard('{Enter}');
    const quantity1 = group.getByLabelText('From quantity (break 1)');
    await waitFor(() => expect(quantity1).toHaveFocus());
    await user.type(quantity1, '10');
    await user.type(group.getByLabelText('Unit price ($) (break 1)'), '22.5');
    await user.click(addBreak);
    await user.type(group.getByLabelText('From quantity (break 2)'), '5');
    await user.type(group.getByLabelText('Unit price ($) (break 2)'), '23');
    await user.click(addTools());

    await waitFor(() =>
      expect(group.getByLabelText('From quantity (break 1)')).toHaveAccessibleDescription(
        'Break 1: its quantity must be higher than the minimum order quantity (10)',
      ),
    );
    expect(group.getByLabelText('From quantity (break 2)')).toHaveAccessibleDescription(
      "Break 2: its quantity must be higher than break 1's (10)",
    );
    expect(group.getByLabelText('Unit price ($) (break 2)')).toHaveAccessibleDescription(
      "Break 2: its unit price must be lower than break 1's ($22.50)",
    );
    expect(group.getByLabelText('Unit price ($) (break 2)')).toHaveAttribute(
      'aria-invalid',
      'true',
    );

    // An empty row is "missing", not 0.
    await user.click(addBreak);
    await user.click(addTools());
    await waitFor(() =>
      expect(group.getByLabelText('From quantity (break 3)')).toHaveAccessibleDescription(
        'Break 3: enter the quantity it starts from',
      ),
    );
    expect(group.getByLabelText('Unit price ($) (break 3)')).toHaveAttribute(
      'aria-invalid',
      'true',
    );
    expect(api.callsTo('POST', '/api/addParts')).toHaveLength(0);

    // Removing a row hands the focus to the add button.
    await user.click(group.getByRole('button', { name: 'Remove break 3' }));
    expect(addBreak).toHaveFocus();
    expect(group.queryByLabelText('From quantity (break 3)')).toBeNull();

    await user.clear(group.getByLabelText('From quantity (break 1)'));
    await user.type(group.getByLabelText('From quantity (break 1)'), '25');
    await user.clear(group.getByLabelText('From quantity (break 2)'));
    await user.type(group.getByLabelText('From quantity (break 2)'), '100');
    await user.clear(group.getByLabelText('Unit price ($) (break 2)'));
    await user.type(group.getByLabelText('Unit price ($) (break 2)'), '19.99');
    await user.click(addTools());
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith(PART_ADDED));
    expect(api.callsTo('POST', '/api/addParts')[0]?.body).toMatchObject({
      price: 24.99,
      minOrderQuantity: 10,
      priceBreaks: [
        { minQuantity: 25, price: 22.5 },
        { minQuantity: 100, price: 19.99 },
      ],
    });
    await waitFor(() => expect(group.queryByLabelText('From quantity (break 1)')).toBeNull());
  });

  it('says it failed on a falsy answer, and shows the server message on an error', async () => {
    stubXhr(() => [200, { display_url: UPLOADED }]);
    let answer = () => json(null);
    renderPage({ 'POST /api/addParts': () => answer() });
    const user = userEvent.setup();
    await fill(user);
    await user.click(addTools());
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith(PART_FAILED, undefined));
    expect(screen.getByText(PART_FAILED)).toBeInTheDocument();
    expect(screen.getByLabelText('Product name')).toHaveValue('Precision screwdriver set');

    answer = () => apiError(403, 'Only administrators can do that.', 'Forbidden');
    await user.click(addTools());
    await waitFor(() =>
      expect(toast.error).toHaveBeenLastCalledWith(PART_FAILED, {
        description: 'Only administrators can do that.',
      }),
    );
    expect(screen.getByText('Only administrators can do that.')).toBeInTheDocument();
    expect(toast.success).not.toHaveBeenCalled();
  });
});

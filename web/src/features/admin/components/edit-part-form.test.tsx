import type { AdminPart } from '@partsmith/contract';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'sonner';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CATEGORIES } from '../../../test/categories.ts';
import { part, PART_ID } from '../../../test/fixtures.ts';
import { apiError, json, type ApiCall } from '../../../test/mock-api.ts';
import { WAIT_FOR_UPLOAD } from '../../../components/ui/image-form.tsx';
import { imageFile, stubXhr } from '../../../components/ui/image-upload.testing.ts';
import { SAVED } from './admin-messages.ts';
import { mockAdminApi, renderAdminPage } from './admin-test-utils.tsx';
import { EditPartForm } from './edit-part-form.tsx';
import { NOTHING_CHANGED } from './part-editor.tsx';

vi.mock('sonner', () => ({ toast: { success: vi.fn(), error: vi.fn() } }));

const ID = PART_ID;

/** A memory kit as GET /api/parts/:id answers it: filed under Memory, every field set. */
const kit: AdminPart = {
  ...part,
  sku: 'PS-MEM-000007',
  name: 'Forge DDR5 kit',
  description: 'Two 16 GB modules.',
  image: '/images/parts/ram-kit.svg',
  price: 129.99,
  availableQuantity: 40,
  minOrderQuantity: 1,
  lowStockThreshold: 5,
  priceBreaks: [{ minQuantity: 10, price: 119 }],
  leadTimeDays: 7,
  category: 'memory',
  categoryName: 'Memory',
  attributes: { type: 'DDR5', capacity: 32, speed: 6000, casLatency: 30 },
  specification: [],
  listed: true,
  weightGrams: 120,
};

type Answer = () => Response | Promise<Response>;

/** The kit as the server answers it after a change: an alert sent as null reads as its default. */
function savedAs(changes: Partial<AdminPart>): AdminPart {
  const saved = { ...kit, ...changes };
  return { ...saved, lowStockThreshold: saved.lowStockThreshold ?? 2 * saved.minOrderQuantity };
}

/**
 * The editor as Manage Products opens it, the API answering GET /api/parts/:id with `stored`
 * and PUT with the part changed (or `put`'s answer).
 */
function renderForm(
  stored: AdminPart | Answer = kit,
  put: (call: ApiCall) => Response = ({ body }) => json(savedAs(body as Partial<AdminPart>)),
) {
  const api = mockAdminApi({
    'GET /api/categories': () => json(CATEGORIES),
    [`GET /api/parts/${ID}`]: typeof stored === 'function' ? stored : () => json(stored),
    [`PUT /api/parts/${ID}`]: put,
  });
  const onClose = vi.fn();
  const { client } = renderAdminPage(
    <EditPartForm id="edit-part" part={{ ...part, name: kit.name }} onClose={onClose} />,
    '/dashboard/manage-products',
  );
  return { api, client, onClose };
}

/** The form, once the part is read. */
const editor = async () => within(await screen.findByRole('form', { name: `Edit ${kit.name}` }));
const specificationOf = (form: ReturnType<typeof within>) =>
  within(form.getByRole('group', { name: 'Specification' }));
const save = (form: ReturnType<typeof within>) => form.getByRole('button', { name: /^Save/ });

const puts = (api: ReturnType<typeof mockAdminApi>) =>
  api.callsTo('PUT', `/api/parts/${ID}`).map((call) => call.body);

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  vi.mocked(toast.success).mockClear();
});

describe('EditPartForm', () => {
  it('reads the part afresh and shows every field with its stored value', async () => {
    renderForm();
    expect(screen.getByRole('status')).toHaveTextContent(`Loading ${kit.name}…`);
    const form = await editor();
    await waitFor(() => expect(form.getByLabelText('Product name')).toHaveFocus());
    expect(form.getByLabelText('Product name')).toHaveValue('Forge DDR5 kit');
    expect(form.getByLabelText('Part number')).toHaveValue('PS-MEM-000007');
    expect(form.getByLabelText('Part number')).toHaveAccessibleDescription(
      'Letters and digits in groups joined by dashes; no other part may have it.',
    );
    expect(form.getByLabelText('Description')).toHaveValue('Two 16 GB modules.');
    expect(form.getByLabelText('Minimum order')).toHaveValue('1');
    expect(form.getByLabelText('Stock')).toHaveValue('40');
    expect(form.getByLabelText('Price ($)')).toHaveValue('129.99');
    expect(form.getByLabelText('Low-stock alert below')).toHaveValue('5');
    expect(form.getByLabelText('Lead time (days)')).toHaveValue('7');
    expect(form.getByLabelText('Weight (g)')).toHaveValue('120');
    expect(form.getByRole('img', { name: `Image of ${kit.name}` })).toHaveAttribute(
      'src',
      '/images/parts/ram-kit.svg',
    );
    const listed = form.getByRole('checkbox', { name: 'Listed in the catalogue' });
    expect(listed).toBeChecked();
    expect(listed).toHaveAccessibleDescription(/^Unlisted, it leaves the catalogue/);
    const prices = within(form.getByRole('group', { name: 'Volume prices' }));
    expect(prices.getAllByRole('textbox').map((box) => (box as HTMLInputElement).value)).toEqual([
      '10',
      '119',
    ]);

    const specification = specificationOf(form);
    const category = specification.getByRole('combobox', { name: 'Category' });
    await waitFor(() => expect(category).toHaveValue('memory'));
    expect(await specification.findByRole('combobox', { name: 'Type' })).toHaveValue('DDR5');
    expect(specification.getByRole('textbox', { name: 'Capacity' })).toHaveValue('32');
    expect(specification.getByRole('textbox', { name: 'Speed' })).toHaveValue('6000');
    expect(specification.getByRole('textbox', { name: 'CAS latency' })).toHaveValue('30');
  });

  it('sends every changed field, and only those, through PUT /api/parts/:id', async () => {
    const xhr = stubXhr();
    const { api, client, onClose } = renderForm();
    const user = userEvent.setup();
    const form = await editor();
    const specification = specificationOf(form);
    await specification.findByRole('textbox', { name: 'Speed' });

    const retype = async (label: string, text: string) => {
      await user.clear(form.getByLabelText(label));
      if (text) await user.type(form.getByLabelText(label), text);
    };
    await retype('Product name', 'Forge DDR5 kit, 64 GB');
    await retype('Description', 'Two 32 GB modules.');
    await retype('Part number', 'FRG-D5-6000-64K');
    await retype('Minimum order', '2');
    await retype('Stock', '0');
    await retype('Price ($)', '229.5');
    await retype('Low-stock alert below', '');
    await retype('Lead time (days)', '21');
    await retype('Weight (g)', '');
    const prices = within(form.getByRole('group', { name: 'Volume prices' }));
    await user.clear(prices.getAllByRole('textbox')[1]!);
    await user.type(prices.getAllByRole('textbox')[1]!, '209');
    await user.clear(specification.getByRole('textbox', { name: 'Capacity' }));
    await user.type(specification.getByRole('textbox', { name: 'Capacity' }), '64');
    await user.click(form.getByRole('checkbox', { name: 'Listed in the catalogue' }));

    // While the new image uploads, Save waits and says why.
    await user.upload(form.getByLabelText('Image'), imageFile('kit.webp', 'image/webp'));
    await waitFor(() => expect(save(form)).toHaveAttribute('aria-disabled', 'true'));
    expect(save(form)).toHaveAccessibleDescription(WAIT_FOR_UPLOAD);
    await user.click(save(form));
    expect(puts(api)).toEqual([]);
    await act(async () => xhr.last().respond(200, { display_url: '/uploads/kit-64.webp' }));
    await waitFor(() => expect(save(form)).not.toHaveAttribute('aria-disabled'));

    await user.click(save(form));
    await waitFor(() => expect(onClose).toHaveBeenCalledWith(true));
    expect(puts(api)).toEqual([
      {
        name: 'Forge DDR5 kit, 64 GB',
        description: 'Two 32 GB modules.',
        sku: 'FRG-D5-6000-64K',
        minOrderQuantity: 2,
        availableQuantity: 0,
        price: 229.5,
        weightGrams: 0,
        image: '/uploads/kit-64.webp',
        listed: false,
        priceBreaks: [{ minQuantity: 10, price: 209 }],
        lowStockThreshold: null,
        leadTimeDays: 21,
        category: 'memory',
        attributes: { type: 'DDR5', capacity: 64, speed: 6000, casLatency: 30 },
      },
    ]);
    expect(toast.success).toHaveBeenCalledWith(SAVED, { description: 'Forge DDR5 kit, 64 GB' });
    // The editor's copy is the saved part; the part's page reads it again when next shown.
    expect(client.getQueryData(['part', 'admin', ID])).toMatchObject({
      name: 'Forge DDR5 kit, 64 GB',
      listed: false,
    });
    expect(client.getQueryState(['allParts', { q: '' }])?.isInvalidated).toBe(true);
  });

  it('sends one changed field alone, and says so when nothing changed', async () => {
    const { api } = renderForm();
    const user = userEvent.setup();
    const form = await editor();
    await specificationOf(form).findByRole('textbox', { name: 'Speed' });
    await user.click(save(form));
    expect(await form.findByRole('alert')).toHaveTextContent(NOTHING_CHANGED);
    expect(screen.getByRole('form', { name: `Edit ${kit.name}` })).toHaveAccessibleDescription(
      NOTHING_CHANGED,
    );
    expect(puts(api)).toEqual([]);

    await user.click(form.getByRole('checkbox', { name: 'Listed in the catalogue' }));
    await user.click(save(form));
    await waitFor(() => expect(puts(api)).toEqual([{ listed: false }]));
  });

  it("checks the boxes by the contract's rules and the part as it will be, and sends nothing", async () => {
    const { api } = renderForm();
    const user = userEvent.setup();
    const form = await editor();
    await specificationOf(form).findByRole('textbox', { name: 'Speed' });
    const breaks = () => within(form.getByRole('group', { name: 'Volume prices' }));
    const breakBox = (n: number) => () => breaks().getAllByRole('textbox')[n]!;
    // The box typed in, what is typed, the box that says what is wrong (itself when left out).
    const cases: [label: string, text: string, message: string, at?: () => HTMLElement][] = [
      ['Product name', ' ', 'Product name is Required'],
      ['Part number', 'PS-MEM-000123', 'Part numbers such as PS-MEM-000012 are made by the shop'],
      ['Part number', 'no spaces please', 'A part number is letters and digits'],
      ['Minimum order', '50', 'Minimum order cannot be more than the stock'],
      [
        'Minimum order',
        '10',
        'Break 1: its quantity must be higher than the minimum order quantity (10)',
        breakBox(0),
      ],
      [
        'Price ($)',
        '110',
        'Break 1: its unit price must be lower than the base price ($110.00)',
        breakBox(1),
      ],
      ['Price ($)', '12.345', 'Price has at most 2 decimals'],
      ['Stock', '', 'Stock is Required'],
      ['Weight (g)', '-5', 'The weight cannot be negative'],
      ['Weight (g)', '2000000', 'The weight is at most 1,000,000 g'],
      ['Lead time (days)', '400', 'The lead time is at most 365 days'],
    ];
    for (const [label, text, message, at] of cases) {
      const box = form.getByLabelText(label);
      const before = (box as HTMLInputElement).value;
      await user.clear(box);
      if (text) await user.type(box, text);
      await user.click(save(form));
      const wrong = at?.() ?? box;
      await waitFor(() =>
        expect(wrong, `${label} ${text}`).toHaveAttribute('aria-invalid', 'true'),
      );
      expect(wrong, label).toHaveAccessibleDescription(expect.stringContaining(message));
      await user.clear(box);
      await user.type(box, before);
    }
    expect(puts(api)).toEqual([]);
    // The part's own number, made by the shop, may stay as it is.
    await user.click(form.getByRole('checkbox', { name: 'Listed in the catalogue' }));
    await user.click(save(form));
    await waitFor(() => expect(puts(api)).toEqual([{ listed: false }]));
  });

  it("starts another category's attributes afresh, gets the stored ones back, and sends them together", async () => {
    const { api } = renderForm();
    const user = userEvent.setup();
    const form = await editor();
    const specification = specificationOf(form);
    const category = specification.getByRole('combobox', { name: 'Category' });
    await specification.findByRole('textbox', { name: 'Speed' });
    await user.selectOptions(category, 'Processors');
    expect(specification.queryByRole('textbox', { name: 'Speed' })).toBeNull();
    expect(specification.getByRole('combobox', { name: 'Socket' })).toHaveValue('');
    await user.click(save(form));
    await waitFor(() =>
      expect(specification.getByRole('combobox', { name: 'Socket' })).toHaveAccessibleDescription(
        'Socket is Required',
      ),
    );
    expect(puts(api)).toEqual([]);

    await user.selectOptions(category, 'Memory');
    expect(specification.getByRole('textbox', { name: 'Speed' })).toHaveValue('6000');
    await user.selectOptions(category, 'Power supplies');
    await user.type(specification.getByRole('textbox', { name: 'Wattage' }), '850');
    await user.selectOptions(
      specification.getByRole('combobox', { name: 'Efficiency rating' }),
      '80 PLUS Gold',
    );
    await user.selectOptions(specification.getByRole('combobox', { name: 'Modular' }), 'Yes');
    await user.click(save(form));
    await waitFor(() =>
      expect(puts(api)).toEqual([
        {
          category: 'power-supplies',
          attributes: { wattage: 850, efficiency: '80 PLUS Gold', modular: true },
        },
      ]),
    );
  });

  it("shows the server's refusals: a part number taken at its box, anything else above the buttons", async () => {
    let answer = () => apiError(409, 'That part number is already used by another part.');
    const { onClose } = renderForm(kit, () => answer());
    const user = userEvent.setup();
    const form = await editor();
    const sku = form.getByLabelText('Part number');
    await user.clear(sku);
    await user.type(sku, 'TAKEN-1');
    await user.click(save(form));
    await waitFor(() => expect(sku).toHaveFocus());
    expect(sku).toHaveAccessibleDescription(/^That part number is already used by another part\. /);
    expect(onClose).not.toHaveBeenCalled();

    answer = () => apiError(422, 'Type must be one of DDR4, DDR5');
    await user.clear(sku);
    await user.type(sku, 'FREE-1');
    await user.click(save(form));
    expect(await form.findByRole('alert')).toHaveTextContent('Type must be one of DDR4, DDR5');
    expect(onClose).not.toHaveBeenCalled();
  });

  it('says when the part cannot be read, tries again, and closes on Cancel or Escape', async () => {
    let answer: Answer = () => apiError(500, 'boom');
    const { onClose } = renderForm(() => answer());
    const user = userEvent.setup();
    expect(await screen.findByRole('alert')).toHaveTextContent(
      `${kit.name} could not be loaded: Something went wrong on our side. Please try again.`,
    );
    expect(screen.queryByRole('form')).toBeNull();
    answer = () => json(kit);
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    const form = await editor();
    await waitFor(() => expect(form.getByLabelText('Product name')).toHaveFocus());

    await user.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalledWith(false);
    await user.click(form.getByRole('button', { name: 'Cancel' }));
    expect(onClose).toHaveBeenCalledTimes(2);
  });
});

import type { CataloguePart } from '@partsmith/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'sonner';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CATEGORIES } from '../../../test/categories.ts';
import { part, PART_ID } from '../../../test/fixtures.ts';
import { apiError, json, type ApiCall } from '../../../test/mock-api.ts';
import { SAVED } from './admin-messages.ts';
import { mockAdminApi, renderAdminPage } from './admin-test-utils.tsx';
import { EditPartForm } from './edit-part-form.tsx';

vi.mock('sonner', () => ({ toast: { success: vi.fn(), error: vi.fn() } }));

const ID = PART_ID;

/** A memory kit as GET /api/part/:id answers it: filed under Memory, with its four attributes. */
const kit: CataloguePart = {
  ...part,
  name: 'Forge DDR5 kit',
  category: 'memory',
  categoryName: 'Memory',
  attributes: { type: 'DDR5', capacity: 32, speed: 6000, casLatency: 30 },
  specification: [],
};

type Answer = () => Response | Promise<Response>;

/** The editor of `part` as a card opens it, the API answering GET /api/part/:id with `stored`. */
function renderForm(
  stored: CataloguePart | Answer = kit,
  patch: (call: ApiCall) => Response = () => json({ acknowledged: true, modifiedCount: 1 }),
) {
  const api = mockAdminApi({
    'GET /api/categories': () => json(CATEGORIES),
    [`GET /api/part/${ID}`]: typeof stored === 'function' ? stored : () => json(stored),
    [`PATCH /api/tools/${ID}`]: patch,
  });
  const onClose = vi.fn();
  const { client } = renderAdminPage(
    <EditPartForm
      id="edit-part"
      part={typeof stored === 'function' ? kit : stored}
      onClose={onClose}
    />,
    '/dashboard/manage-products',
  );
  const form = within(screen.getByRole('form', { name: `Edit ${kit.name}` }));
  const specification = within(form.getByRole('group', { name: 'Specification' }));
  return { api, client, onClose, form, specification };
}

const patches = (api: ReturnType<typeof mockAdminApi>) =>
  api.callsTo('PATCH', `/api/tools/${ID}`).map((call) => call.body);

afterEach(() => {
  vi.restoreAllMocks();
  vi.mocked(toast.success).mockClear();
});

describe('EditPartForm', () => {
  it("shows the part's stored category and attributes once they are loaded", async () => {
    const { specification, form } = renderForm();
    expect(specification.getByRole('status')).toHaveTextContent('Loading the categories…');
    const category = specification.getByRole('combobox', { name: 'Category' });
    expect(category).toBeDisabled();
    await waitFor(() => expect(form.getByLabelText('Stock')).toHaveFocus());

    await waitFor(() => expect(category).toHaveValue('memory'));
    expect(category).toBeEnabled();
    expect(specification.getByRole('status')).toHaveTextContent('');
    expect(await specification.findByRole('combobox', { name: 'Type' })).toHaveValue('DDR5');
    expect(specification.getByRole('textbox', { name: 'Capacity' })).toHaveValue('32');
    expect(specification.getByRole('textbox', { name: 'Speed' })).toHaveValue('6000');
    expect(specification.getByRole('textbox', { name: 'CAS latency' })).toHaveValue('30');
    expect(specification.getByRole('textbox', { name: 'Speed' })).toHaveAccessibleDescription(
      'MT/s',
    );
    // The focus stays where the admin started typing.
    expect(form.getByLabelText('Stock')).toHaveFocus();
  });

  it('sends a changed attribute with its category, typed, and toasts Saved', async () => {
    const { api, client, onClose, form, specification } = renderForm();
    const user = userEvent.setup();
    const speed = await specification.findByRole('textbox', { name: 'Speed' });
    await user.clear(speed);
    await user.type(speed, '6400');
    await user.click(form.getByRole('button', { name: /^Save/ }));

    await waitFor(() => expect(onClose).toHaveBeenCalledWith(true));
    expect(toast.success).toHaveBeenCalledWith(SAVED, { description: kit.name });
    expect(patches(api)).toEqual([
      {
        category: 'memory',
        attributes: { type: 'DDR5', capacity: 32, speed: 6400, casLatency: 30 },
      },
    ]);
    // The part's page and the editor's copy read the part again.
    expect(client.getQueryState(['part', 'admin', ID])?.isInvalidated).toBe(true);
  });

  it("shows the category schema's message on the wrong fields and sends nothing", async () => {
    const { api, form, specification } = renderForm();
    const user = userEvent.setup();
    const speed = await specification.findByRole('textbox', { name: 'Speed' });
    const latency = specification.getByRole('textbox', { name: 'CAS latency' });
    await user.clear(speed);
    await user.clear(latency);
    await user.type(latency, 'CL30');
    await user.click(form.getByRole('button', { name: /^Save/ }));

    await waitFor(() => expect(speed).toHaveAccessibleDescription('Speed is Required MT/s'));
    expect(speed).toHaveAttribute('aria-invalid', 'true');
    expect(speed).toHaveFocus();
    expect(latency).toHaveAccessibleDescription('CAS latency must be a number CL');
    expect(patches(api)).toEqual([]);

    // A part filed under a category stays under one.
    await user.selectOptions(
      specification.getByRole('combobox', { name: 'Category' }),
      'Choose a category',
    );
    await waitFor(() =>
      expect(specification.getByRole('combobox', { name: 'Category' })).toHaveAccessibleDescription(
        'Choose a category',
      ),
    );
    expect(specification.queryByRole('textbox', { name: 'Speed' })).toBeNull();
    expect(patches(api)).toEqual([]);
  });

  it("starts another category's attributes afresh and gets the stored ones back", async () => {
    const { specification } = renderForm();
    const user = userEvent.setup();
    const category = specification.getByRole('combobox', { name: 'Category' });
    await specification.findByRole('textbox', { name: 'Speed' });
    await user.selectOptions(category, 'Processors');
    expect(specification.queryByRole('textbox', { name: 'Speed' })).toBeNull();
    expect(specification.getByRole('combobox', { name: 'Socket' })).toHaveValue('');
    expect(specification.getByRole('textbox', { name: 'Boost clock' })).toHaveValue('');

    await user.selectOptions(category, 'Memory');
    expect(specification.getByRole('combobox', { name: 'Type' })).toHaveValue('DDR5');
    expect(specification.getByRole('textbox', { name: 'Speed' })).toHaveValue('6000');
  });

  it('files a part without a category, and leaves it without one when only the stock changes', async () => {
    const loose = { ...kit, category: null, categoryName: null, attributes: {} };
    const { api, form, specification } = renderForm(loose);
    const user = userEvent.setup();
    const category = specification.getByRole('combobox', { name: 'Category' });
    await waitFor(() => expect(category).toBeEnabled());
    expect(category).toHaveValue('');

    await user.clear(form.getByLabelText('Stock'));
    await user.type(form.getByLabelText('Stock'), '41');
    await user.click(form.getByRole('button', { name: /^Save/ }));
    await waitFor(() => expect(patches(api)).toEqual([{ availableQuantity: 41 }]));

    await user.selectOptions(category, 'Power supplies');
    await user.type(specification.getByRole('textbox', { name: 'Wattage' }), '850');
    await user.selectOptions(
      specification.getByRole('combobox', { name: 'Efficiency rating' }),
      '80 PLUS Gold',
    );
    await user.click(form.getByRole('button', { name: /^Save/ }));
    await waitFor(() =>
      expect(specification.getByRole('combobox', { name: 'Modular' })).toHaveAccessibleDescription(
        'Modular is Required',
      ),
    );
    expect(patches(api)).toHaveLength(1);
    await user.selectOptions(specification.getByRole('combobox', { name: 'Modular' }), 'Yes');
    await user.click(form.getByRole('button', { name: /^Save/ }));
    await waitFor(() => expect(patches(api)).toHaveLength(2));
    expect(patches(api)[1]).toEqual({
      availableQuantity: 41,
      category: 'power-supplies',
      attributes: { wattage: 850, efficiency: '80 PLUS Gold', modular: true },
    });
  });

  it('sets, checks and clears the lead time (empty: not known)', async () => {
    const { api, form } = renderForm({ ...kit, availableQuantity: 0, leadTimeDays: 10 });
    const user = userEvent.setup();
    const lead = form.getByLabelText('Lead time (days)');
    expect(lead).toHaveValue(10);
    expect(lead).toHaveAccessibleDescription('Shown while it is out of stock. Empty: not known.');
    await waitFor(() => expect(form.getByLabelText('Stock')).toHaveFocus());

    for (const [typed, message] of [
      ['400', 'The lead time is at most 365 days'],
      ['-2', 'The lead time cannot be negative'],
      ['2.5', 'The lead time must be a whole number of days'],
    ]) {
      await user.clear(lead);
      await user.type(lead, typed!);
      await user.click(form.getByRole('button', { name: /^Save/ }));
      await waitFor(() => expect(lead).toHaveAttribute('aria-invalid', 'true'));
      expect(lead).toHaveAccessibleDescription(
        `${message} Shown while it is out of stock. Empty: not known.`,
      );
    }
    expect(patches(api)).toEqual([]);

    await user.clear(lead);
    await user.type(lead, '21');
    await user.click(form.getByRole('button', { name: /^Save/ }));
    await waitFor(() => expect(patches(api)).toEqual([{ leadTimeDays: 21 }]));
  });

  it('sends null when the lead time is emptied', async () => {
    const { api, form } = renderForm({ ...kit, leadTimeDays: 10 });
    const user = userEvent.setup();
    await user.clear(form.getByLabelText('Lead time (days)'));
    await user.click(form.getByRole('button', { name: /^Save/ }));
    await waitFor(() => expect(patches(api)).toEqual([{ leadTimeDays: null }]));
  });

  it("shows the server's refusal in the form", async () => {
    const { form, specification } = renderForm(kit, () =>
      apiError(422, 'Type must be one of DDR4, DDR5'),
    );
    const user = userEvent.setup();
    await user.selectOptions(await specification.findByRole('combobox', { name: 'Type' }), 'DDR4');
    await user.click(form.getByRole('button', { name: /^Save/ }));
    expect(await form.findByRole('alert')).toHaveTextContent('Type must be one of DDR4, DDR5');
  });

  it('keeps the stock and price editable when the part cannot be read, and tries again', async () => {
    let answer: Answer = () => apiError(500, 'boom');
    const { api, form, specification } = renderForm(() => answer());
    const user = userEvent.setup();
    await waitFor(() =>
      expect(specification.getByRole('status')).toHaveTextContent(
        "The part's specification could not be loaded: Something went wrong on our side. Please try again.",
      ),
    );
    expect(specification.getByRole('combobox', { name: 'Category' })).toBeDisabled();

    await user.clear(form.getByLabelText('Price ($)'));
    await user.type(form.getByLabelText('Price ($)'), '109.99');
    await user.click(form.getByRole('button', { name: /^Save/ }));
    await waitFor(() => expect(patches(api)).toEqual([{ price: 109.99 }]));

    answer = () => json(kit);
    await user.click(specification.getByRole('button', { name: 'Try again' }));
    expect(await specification.findByRole('combobox', { name: 'Type' })).toHaveValue('DDR5');
  });
});

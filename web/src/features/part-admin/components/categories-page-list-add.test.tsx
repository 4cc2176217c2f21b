import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Category } from '@partsmith/contract';
import { toast } from 'sonner';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiError } from '../../../test/mock-api.ts';
import { renderPage, resetToastsAndDialogs } from './categories-page.fixtures.tsx';
import { keyOf, slugOf } from './category-fields.ts';
import { CATEGORY_ADDED, CATEGORY_FAILED } from './category-form.tsx';

vi.mock('sonner', () => ({ toast: { success: vi.fn(), error: vi.fn() } }));
vi.mock('../../../lib/dialogs.ts', () => ({
  confirmDialog: vi.fn(async () => true),
  showErrorDialog: vi.fn(async () => {}),
}));

const COOLING: Category = {
  slug: 'cooling',
  name: 'Cooling',
  attributes: [
    { key: 'kind', label: 'Kind', type: 'enum', options: ['Air', 'Liquid'] },
    { key: 'fanSize', label: 'Fan size', type: 'number', unit: 'mm', integer: true },
  ],
};

const form = () => within(screen.getByRole('form', { name: 'Add a category' }));
const attribute = (n: number) => within(form().getByRole('group', { name: `Attribute ${n}` }));
const addCategory = () => form().getByRole('button', { name: 'Add category' });

/** Fills the form with Cooling: a choice and a whole number in mm. */
async function fillCooling(user: ReturnType<typeof userEvent.setup>) {
  await user.type(form().getByLabelText('Name'), 'Cooling');
  await user.type(attribute(1).getByLabelText('Label'), 'Kind');
  await user.type(attribute(1).getByLabelText('Choices'), 'Air, Liquid, ,Air');
  await user.click(form().getByRole('button', { name: 'Add an attribute' }));
  await user.type(attribute(2).getByLabelText('Label'), 'Fan size');
  await user.selectOptions(attribute(2).getByLabelText('Type'), 'Number');
  await user.type(attribute(2).getByLabelText('Unit (optional)'), 'mm');
  await user.click(attribute(2).getByLabelText('Whole numbers only'));
}

beforeEach(resetToastsAndDialogs);
afterEach(() => {
  vi.restoreAllMocks();
});

describe('CategoriesPage', () => {
  it('lists every category with its attributes: type, unit, choices', async () => {
    renderPage();
    expect(screen.getByRole('heading', { level: 1, name: 'Categories' })).toBeVisible();
    await waitFor(() => expect(document.title).toBe('Categories | Partsmith'));
    expect(
      await screen.findByRole('heading', { level: 2, name: 'Categories in the shop: 4' }),
    ).toBeVisible();
    const memory = within(screen.getByRole('article', { name: 'Memory' }));
    expect(memory.getByText('memory')).toBeVisible();
    const attributes = within(memory.getByRole('list', { name: 'Attributes of Memory' }))
      .getAllByRole('listitem')
      .map((item) => item.textContent);
    expect(attributes).toEqual([
      'TypetypeChoice from a list: DDR4, DDR5',
      'CapacitycapacityNumber in GB, whole numbers',
      'SpeedspeedNumber in MT/s, whole numbers',
      'CAS latencycasLatencyNumber in CL, whole numbers',
    ]);
    const psu = within(screen.getByRole('article', { name: 'Power supplies' }));
    expect(psu.getByText('Yes or no')).toBeVisible();
    expect(
      within(screen.getByRole('article', { name: 'Processors' })).getByText(
        'Number, whole numbers',
      ),
    ).toBeVisible();
  });

  it('shows the contract messages next to their fields and sends nothing', async () => {
    const { api } = renderPage();
    const user = userEvent.setup();
    await user.click(addCategory());
    expect(await form().findByText('Category name is Required')).toBeVisible();
    expect(form().getByLabelText('Name')).toHaveAccessibleDescription(
      'Category name is Required As shoppers read it: Case fans.',
    );
    expect(form().getByLabelText('Name')).toHaveAttribute('aria-invalid', 'true');
    expect(form().getByLabelText('Short name')).toHaveAccessibleDescription(
      /^Short name is Required /,
    );
    expect(attribute(1).getByLabelText('Label')).toHaveAccessibleDescription(
      'An attribute needs a label',
    );
    expect(attribute(1).getByLabelText('Key')).toHaveAccessibleDescription(
      'An attribute key is a short camelCase word',
    );
    expect(attribute(1).getByLabelText('Choices')).toHaveAccessibleDescription(
      'A choice from a list needs its choices Separated by commas: 120 mm, 140 mm.',
    );
    // The first wrong field takes the focus.
    expect(form().getByLabelText('Name')).toHaveFocus();

    // A short name that is no slug, and one key twice.
    await user.type(form().getByLabelText('Name'), 'Case fans');
    await user.clear(form().getByLabelText('Short name'));
    await user.type(form().getByLabelText('Short name'), 'Case Fans');
    await user.type(attribute(1).getByLabelText('Label'), 'Size');
    await user.type(attribute(1).getByLabelText('Choices'), '120 mm, 140 mm');
    await user.click(form().getByRole('button', { name: 'Add an attribute' }));
    await user.type(attribute(2).getByLabelText('Label'), 'Size');
    await user.selectOptions(attribute(2).getByLabelText('Type'), 'Yes or no');
    await user.click(addCategory());
    expect(
      await form().findByText(
        'A short name is lowercase letters and digits, its words joined by hyphens (case-fans)',
      ),
    ).toBeVisible();
    expect(attribute(2).getByLabelText('Key')).toHaveAccessibleDescription(
      'Attribute "size" is declared twice',
    );
    expect(form().queryByText('Category name is Required')).toBeNull();
    expect(api.callsTo('POST', '/api/categories')).toHaveLength(0);
  });

  it('suggests the short name and the keys until the admin writes their own', async () => {
    renderPage();
    const user = userEvent.setup();
    const name = form().getByLabelText('Name');
    const slug = form().getByLabelText('Short name');
    await user.type(name, 'Case Fans & Coolers');
    expect(slug).toHaveValue('case-fans-coolers');
    await user.clear(slug);
    await user.type(slug, 'fans');
    await user.type(name, ' 2');
    expect(slug).toHaveValue('fans');

    await user.type(attribute(1).getByLabelText('Label'), 'Fan size (mm)');
    expect(attribute(1).getByLabelText('Key')).toHaveValue('fanSizeMm');
    expect(slugOf('  Größe: Lüfter ')).toBe('grosse-lufter');
    expect(keyOf('120 mm fans')).toBe('mmFans');
  });

  it("shows a number's unit and whole-numbers box, a choice's options, and adds and removes rows by keyboard", async () => {
    renderPage();
    const user = userEvent.setup();
    expect(attribute(1).getByLabelText('Type')).toHaveValue('enum');
    expect(attribute(1).getByLabelText('Choices')).toBeVisible();
    expect(attribute(1).queryByLabelText('Unit (optional)')).toBeNull();
    await user.selectOptions(attribute(1).getByLabelText('Type'), 'Number');
    expect(attribute(1).queryByLabelText('Choices')).toBeNull();
    expect(attribute(1).getByLabelText('Unit (optional)')).toBeVisible();
    expect(attribute(1).getByRole('checkbox', { name: 'Whole numbers only' })).not.toBeChecked();

    const add = form().getByRole('button', { name: 'Add an attribute' });
    add.focus();
    await user.keyboard('{Enter}');
    // The new row's first box takes the focus; removing a row hands it back to the add button.
    expect(attribute(2).getByLabelText('Label')).toHaveFocus();
    await user.click(attribute(2).getByRole('button', { name: 'Remove attribute 2' }));
    expect(form().queryByRole('group', { name: 'Attribute 2' })).toBeNull();
    expect(add).toHaveFocus();
  });

  it('sends the category as the API takes it, toasts, empties the form and lists the new one', async () => {
    // Sent once, the button busy but focusable while it is on its way.
    let release!: () => void;
    const { api, client } = renderPage(
      (_, store) => new Promise((resolve) => (release = () => resolve(store()))),
    );
    const user = userEvent.setup();
    await screen.findByRole('heading', { name: 'Categories in the shop: 4' });
    await fillCooling(user);

    const invalidate = vi.spyOn(client, 'invalidateQueries');
    await user.click(addCategory());
    await waitFor(() => expect(addCategory()).toHaveAttribute('aria-disabled', 'true'));
    expect(addCategory()).toHaveFocus();
    await user.click(addCategory());
    expect(api.callsTo('POST', '/api/categories')).toHaveLength(1);
    expect(api.callsTo('POST', '/api/categories')[0]!.body).toEqual(COOLING);
    release();

    await waitFor(() =>
      expect(toast.success).toHaveBeenCalledWith(CATEGORY_ADDED, {
        description: 'Cooling can be chosen in Add Product now.',
      }),
    );
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ['categories'] });
    expect(await screen.findByRole('heading', { name: 'Categories in the shop: 5' })).toBeVisible();
    expect(screen.getByRole('article', { name: 'Cooling' })).toHaveTextContent(
      'Fan sizefanSizeNumber in mm, whole numbers',
    );
    await waitFor(() => expect(form().getByLabelText('Name')).toHaveValue(''));
    expect(form().getByLabelText('Short name')).toHaveValue('');
    expect(form().queryByRole('group', { name: 'Attribute 2' })).toBeNull();
    expect(addCategory()).not.toHaveAttribute('aria-disabled');
  });

  it("shows the server's refusal (a short name taken: 409) above the button", async () => {
    renderPage(() =>
      apiError(409, 'A category with this name or short name already exists.', 'Conflict'),
    );
    const user = userEvent.setup();
    await fillCooling(user);
    await user.click(addCategory());
    const message = await form().findByText(
      'A category with this name or short name already exists.',
    );
    expect(message).toBeVisible();
    expect(form().getByText(CATEGORY_FAILED)).toBeVisible();
    expect(toast.error).toHaveBeenCalledWith(CATEGORY_FAILED, {
      description: 'A category with this name or short name already exists.',
    });
    // What the admin typed stays, to change the short name and send again.
    expect(form().getByLabelText('Short name')).toHaveValue('cooling');
    expect(toast.success).not.toHaveBeenCalled();
  });
});

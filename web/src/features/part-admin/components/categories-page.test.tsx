import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Category } from '@partsmith/contract';
import { toast } from 'sonner';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { confirmDialog } from '../../../lib/dialogs.ts';
import { CATEGORIES } from '../../../test/categories.ts';
import { apiError, json, mockApi, type ApiCall, type Routes } from '../../../test/mock-api.ts';
import { CATEGORY_DELETED, CategoriesPage } from './categories-page.tsx';
import { keyOf, slugOf } from './category-fields.ts';
import {
  CATEGORY_ADDED,
  CATEGORY_FAILED,
  CATEGORY_SAVE_FAILED,
  CATEGORY_SAVED,
  DROP_VALUES,
} from './category-form.tsx';

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

/** POST /api/categories' answer; `store` puts the category in the list GET answers. */
type Post = (body: Category, store: () => Response) => Response | Promise<Response>;

/** A PUT or DELETE of /api/categories/:slug; `list` is what GET answers, to change. */
type Change = (call: ApiCall, list: { categories: Category[] }) => Response | Promise<Response>;

function renderPage(post: Post = (_, store) => store(), changes: Record<string, Change> = {}) {
  let stored = [...CATEGORIES];
  const list = {
    get categories() {
      return stored;
    },
    set categories(next: Category[]) {
      stored = next;
    },
  };
  const more: Routes = Object.fromEntries(
    Object.entries(changes).map(([key, change]) => [key, (call: ApiCall) => change(call, list)]),
  );
  const api = mockApi({
    ...more,
    'GET /api/categories': () => json(stored),
    // The search words below the categories (search-synonyms.test.tsx tests them).
    'GET /api/search-synonyms': () => json([]),
    'POST /api/categories': ({ body }) =>
      post(body as Category, () => {
        stored = [...stored, body as Category];
        return json(body);
      }),
  });
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  render(
    <QueryClientProvider client={client}>
      <CategoriesPage />
    </QueryClientProvider>,
  );
  return { api, client };
}

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

beforeEach(() => {
  vi.mocked(toast.success).mockClear();
  vi.mocked(toast.error).mockClear();
  vi.mocked(confirmDialog).mockClear();
  vi.mocked(confirmDialog).mockImplementation(async () => true);
});
afterEach(() => {
  vi.restoreAllMocks();
});

describe('CategoriesPage', () => {
  it('lists every category with its attributes: type, unit, choices', async () => {
    renderPage();
    expect(screen.getByRole('heading', { level: 1, name: 'Categories' })).toBeVisible();
    expect(document.title).toBe('Categories | Partsmith');
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

const MEMORY = CATEGORIES[0]!;
const card = (name: string) => within(screen.getByRole('article', { name }));
const editor = (name: string) => within(screen.getByRole('form', { name: `Edit ${name}` }));
const row = (form: ReturnType<typeof editor>, n: number) =>
  within(form.getByRole('group', { name: `Attribute ${n}` }));

/** PUT /api/categories/memory that stores the change and answers it. */
const storePut: Change = ({ body }, list) => {
  const { name, attributes } = body as Category;
  const saved = { ...MEMORY, name, attributes };
  list.categories = list.categories.map((c) => (c.slug === 'memory' ? saved : c));
  return json(saved);
};

describe('CategoriesPage: changing and deleting a category', () => {
  it('renames a category and changes its attributes, their keys fixed, then shows its card again', async () => {
    const { api } = renderPage(undefined, { 'PUT /api/categories/memory': storePut });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Edit: Memory' }));
    const form = editor('Memory');
    expect(screen.getByRole('heading', { level: 2, name: 'Edit Memory' })).toBeVisible();
    await waitFor(() => expect(form.getByLabelText('Name')).toHaveFocus());
    expect(form.getByLabelText('Short name')).toHaveValue('memory');
    expect(form.getByLabelText('Short name')).toHaveAttribute('readonly');
    expect(row(form, 1).getByLabelText('Label')).toHaveValue('Type');
    expect(row(form, 1).getByLabelText('Choices')).toHaveValue('DDR4, DDR5');
    expect(row(form, 3).getByLabelText('Unit (optional)')).toHaveValue('MT/s');
    expect(row(form, 3).getByLabelText('Key')).toHaveAttribute('readonly');
    expect(row(form, 3).getByLabelText('Key')).toHaveAccessibleDescription(
      'Parts hold their values under it: it stays.',
    );

    await user.clear(form.getByLabelText('Name'));
    await user.type(form.getByLabelText('Name'), 'RAM');
    // The name suggests no short name, and a stored label no key.
    expect(form.getByLabelText('Short name')).toHaveValue('memory');
    await user.clear(row(form, 3).getByLabelText('Label'));
    await user.type(row(form, 3).getByLabelText('Label'), 'Data rate');
    expect(row(form, 3).getByLabelText('Key')).toHaveValue('speed');
    await user.click(form.getByRole('button', { name: 'Add an attribute' }));
    await user.type(row(form, 5).getByLabelText('Label'), 'RGB lighting');
    expect(row(form, 5).getByLabelText('Key')).toHaveValue('rgbLighting');
    await user.selectOptions(row(form, 5).getByLabelText('Type'), 'Yes or no');
    await user.click(form.getByRole('button', { name: 'Save changes' }));

    await waitFor(() =>
      expect(toast.success).toHaveBeenCalledWith(CATEGORY_SAVED, { description: 'RAM' }),
    );
    expect(api.callsTo('PUT', '/api/categories/memory').map((c) => c.body)).toEqual([
      {
        name: 'RAM',
        attributes: [
          MEMORY.attributes[0],
          MEMORY.attributes[1],
          { ...MEMORY.attributes[2], label: 'Data rate' },
          MEMORY.attributes[3],
          { key: 'rgbLighting', label: 'RGB lighting', type: 'boolean' },
        ],
      },
    ]);
    // Back to the card, its Edit button focused; the list read again shows the change.
    const edit = await screen.findByRole('button', { name: 'Edit: RAM' });
    await waitFor(() => expect(edit).toHaveFocus());
    expect(card('RAM').getByText('RGB lighting')).toBeVisible();
    expect(screen.queryByRole('form', { name: /^Edit / })).toBeNull();
  });

  it('asks before dropping the values parts hold, then sends the change again with onRemovedValues "drop"', async () => {
    const lost = {
      statusCode: 409,
      error: 'Conflict',
      message: '2 parts of "Memory" would lose values: …',
      parts: 2,
      attributes: [
        { key: 'type', label: 'Type', change: 'changed', parts: 1 },
        { key: 'casLatency', label: 'CAS latency', change: 'removed', parts: 2 },
      ],
    };
    const { api } = renderPage(undefined, {
      'PUT /api/categories/memory': (call, list) =>
        (call.body as { onRemovedValues?: string }).onRemovedValues === 'drop'
          ? storePut(call, list)
          : json(lost, 409),
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Edit: Memory' }));
    const form = editor('Memory');
    await user.clear(row(form, 1).getByLabelText('Choices'));
    await user.type(row(form, 1).getByLabelText('Choices'), 'DDR5');
    await user.click(row(form, 4).getByRole('button', { name: 'Remove attribute 4' }));

    // Cancelled: nothing is dropped, and the form stays as it is.
    vi.mocked(confirmDialog).mockImplementationOnce(async () => false);
    await user.click(form.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(confirmDialog).toHaveBeenCalledTimes(1));
    expect(confirmDialog).toHaveBeenCalledWith(
      '2 parts of "Memory" would lose values: Type (no longer fits): 1 part; CAS latency (removed): 2 parts. Those values are dropped for good.',
      DROP_VALUES,
    );
    expect(api.callsTo('PUT', '/api/categories/memory')).toHaveLength(1);
    expect(toast.success).not.toHaveBeenCalled();
    expect(form.getByRole('group', { name: 'Attribute 3' })).toBeVisible();
    expect(form.queryByRole('group', { name: 'Attribute 4' })).toBeNull();

    await user.click(form.getByRole('button', { name: 'Save changes' }));
    await waitFor(() =>
      expect(toast.success).toHaveBeenCalledWith(CATEGORY_SAVED, { description: 'Memory' }),
    );
    const sent = api.callsTo('PUT', '/api/categories/memory').map((c) => c.body);
    expect(sent).toHaveLength(3);
    expect(sent[2]).toEqual({
      name: 'Memory',
      attributes: [
        { ...MEMORY.attributes[0], options: ['DDR5'] },
        MEMORY.attributes[1],
        MEMORY.attributes[2],
      ],
      onRemovedValues: 'drop',
    });
    expect(await screen.findByRole('button', { name: 'Edit: Memory' })).toBeVisible();
  });

  it("shows the server's refusal of a change in the editor, and Cancel closes it unsaved", async () => {
    const { api } = renderPage(undefined, {
      'PUT /api/categories/memory': () =>
        apiError(409, 'Another category already has this name.', 'Conflict'),
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Edit: Memory' }));
    const form = editor('Memory');
    await user.clear(form.getByLabelText('Name'));
    await user.type(form.getByLabelText('Name'), 'Processors');
    await user.click(form.getByRole('button', { name: 'Save changes' }));
    expect(await form.findByText('Another category already has this name.')).toBeVisible();
    expect(form.getByText(CATEGORY_SAVE_FAILED)).toBeVisible();
    expect(confirmDialog).not.toHaveBeenCalled();

    await user.click(form.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Edit: Memory' })).toHaveFocus());
    expect(api.callsTo('PUT', '/api/categories/memory')).toHaveLength(1);
  });

  it('deletes a category after the confirmation, moving its parts where the admin chose', async () => {
    const { api } = renderPage(undefined, {
      'DELETE /api/categories/memory': ({ search }, list) => {
        if (!search)
          return json(
            {
              statusCode: 409,
              error: 'Conflict',
              message:
                '12 parts are in "Memory": choose a category to move them to (moveTo), then delete it.',
              parts: 12,
            },
            409,
          );
        list.categories = list.categories.filter((c) => c.slug !== 'memory');
        return json({ acknowledged: true, deletedCount: 1, movedParts: 12, droppedValues: 12 });
      },
    });
    const user = userEvent.setup();
    const remove = await screen.findByRole('button', { name: 'Delete: Memory' });
    expect(remove).toHaveAttribute('aria-expanded', 'false');
    await user.click(remove);
    expect(remove).toHaveAttribute('aria-expanded', 'true');
    const panel = within(screen.getByRole('form', { name: 'Delete Memory' }));
    const moveTo = panel.getByRole('combobox', { name: 'Move its parts to' });
    expect(moveTo).toHaveFocus();
    expect(
      within(moveTo)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual([
      'Nowhere (a category without parts)',
      'Processors',
      'Power supplies',
      'Workshop tools',
    ]);

    // Cancelled: nothing is sent.
    vi.mocked(confirmDialog).mockImplementationOnce(async () => false);
    await user.click(panel.getByRole('button', { name: 'Delete category: Memory' }));
    expect(confirmDialog).toHaveBeenCalledWith('"Memory" will be deleted.');
    expect(api.callsTo('DELETE', '/api/categories/memory')).toHaveLength(0);

    // It has parts: the server counts them, said at the select.
    await user.click(panel.getByRole('button', { name: 'Delete category: Memory' }));
    expect(await panel.findByRole('alert')).toHaveTextContent(
      '12 parts are in "Memory": choose the category to move them to.',
    );
    expect(moveTo).toHaveAttribute('aria-invalid', 'true');
    expect(moveTo).toHaveFocus();

    await user.selectOptions(moveTo, 'Processors');
    await user.click(panel.getByRole('button', { name: 'Delete category: Memory' }));
    expect(confirmDialog).toHaveBeenLastCalledWith(
      '"Memory" will be deleted and its parts moved to "Processors". Their values that "Processors" does not take are dropped.',
    );
    await waitFor(() =>
      expect(toast.success).toHaveBeenCalledWith(CATEGORY_DELETED, {
        description: 'Memory: 12 parts moved to Processors.',
      }),
    );
    expect(api.callsTo('DELETE', '/api/categories/memory').map((c) => c.search)).toEqual([
      undefined,
      '?moveTo=processors',
    ]);
    const heading = await screen.findByRole('heading', { name: 'Categories in the shop: 3' });
    expect(heading).toHaveFocus();
    expect(screen.queryByRole('article', { name: 'Memory' })).toBeNull();
  });

  it('closes the delete panel back to its button', async () => {
    renderPage();
    const user = userEvent.setup();
    const remove = await screen.findByRole('button', { name: 'Delete: Processors' });
    await user.click(remove);
    await user.click(
      within(screen.getByRole('form', { name: 'Delete Processors' })).getByRole('button', {
        name: 'Cancel',
      }),
    );
    expect(screen.queryByRole('form', { name: 'Delete Processors' })).toBeNull();
    expect(remove).toHaveFocus();
    expect(remove).toHaveAttribute('aria-expanded', 'false');
  });
});

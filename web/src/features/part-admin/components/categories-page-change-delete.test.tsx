import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Category } from '@partsmith/contract';
import { toast } from 'sonner';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { confirmDialog } from '../../../lib/dialogs.ts';
import { CATEGORIES } from '../../../test/categories.ts';
import { apiError, json } from '../../../test/mock-api.ts';
import { CATEGORY_DELETED } from './categories-page.tsx';
import { renderPage, resetToastsAndDialogs, type Change } from './categories-page.fixtures.tsx';
import { CATEGORY_SAVE_FAILED, CATEGORY_SAVED, DROP_VALUES } from './category-form.tsx';

vi.mock('sonner', () => ({ toast: { success: vi.fn(), error: vi.fn() } }));
vi.mock('../../../lib/dialogs.ts', () => ({
  confirmDialog: vi.fn(async () => true),
  showErrorDialog: vi.fn(async () => {}),
}));

beforeEach(resetToastsAndDialogs);
afterEach(() => {
  vi.restoreAllMocks();
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

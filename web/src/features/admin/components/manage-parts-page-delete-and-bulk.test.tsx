import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'sonner';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { confirmDialog, showErrorDialog } from '../../../lib/dialogs.ts';
import { apiError, json } from '../../../test/mock-api.ts';
import { DELETE_ITEM_TEXT, DELETED } from './admin-messages.ts';
import { listOf, mockAdminApi } from './admin-test-utils.tsx';
import { first, PATH, renderPage, rowOf, second } from './manage-parts-page.fixtures.tsx';

vi.mock('sonner', () => ({ toast: { success: vi.fn(), error: vi.fn() } }));
vi.mock('../../../lib/dialogs.ts', () => ({
  showErrorDialog: vi.fn(async () => {}),
  confirmDialog: vi.fn(async () => true),
}));

afterEach(() => {
  vi.restoreAllMocks();
  vi.mocked(confirmDialog).mockClear();
  vi.mocked(showErrorDialog).mockClear();
  vi.mocked(toast.success).mockClear();
});

describe('ManagePartsPage', () => {
  it('deletes a part after the confirmation, toasts, refetches and invalidates allParts', async () => {
    let parts = first;
    const api = mockAdminApi({
      [`GET ${PATH}`]: () => listOf(parts),
      [`DELETE /api/tools/${first[0]!._id}`]: () => {
        parts = [first[1]!];
        return json({ acknowledged: true, deletedCount: 1 });
      },
    });
    const { client } = renderPage();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Delete Tools: Forge DDR5 kit 1' }));

    expect(confirmDialog).toHaveBeenCalledWith(DELETE_ITEM_TEXT);
    await waitFor(() =>
      expect(toast.success).toHaveBeenCalledWith(DELETED, { description: 'Forge DDR5 kit 1' }),
    );
    expect(api.callsTo('DELETE', `/api/tools/${first[0]!._id}`)).toHaveLength(1);
    expect(await screen.findByRole('heading', { name: 'Manage All Parts : 1' })).toHaveFocus();
    await waitFor(() => expect(api.callsTo('GET', PATH)).toHaveLength(2));
    expect(screen.queryByText('Forge DDR5 kit 1')).toBeNull();
    expect(client.getQueryState(['allParts', { q: '' }])?.isInvalidated).toBe(true);
  });

  it('deletes nothing when the confirmation is cancelled', async () => {
    vi.mocked(confirmDialog).mockResolvedValueOnce(false);
    const api = mockAdminApi({ [`GET ${PATH}`]: () => listOf(first) });
    renderPage();
    await userEvent
      .setup()
      .click(await screen.findByRole('button', { name: 'Delete Tools: Forge DDR5 kit 1' }));
    await waitFor(() => expect(confirmDialog).toHaveBeenCalled());
    expect(api.callsTo('DELETE', `/api/tools/${first[0]!._id}`)).toHaveLength(0);
    expect(toast.success).not.toHaveBeenCalled();
  });

  it("shows the server's message when the delete fails", async () => {
    mockAdminApi({
      [`GET ${PATH}`]: () => listOf(first),
      [`DELETE /api/tools/${first[0]!._id}`]: () => apiError(404, 'That part is already gone.'),
    });
    renderPage();
    await userEvent
      .setup()
      .click(await screen.findByRole('button', { name: 'Delete Tools: Forge DDR5 kit 1' }));
    await waitFor(() => expect(showErrorDialog).toHaveBeenCalledWith('That part is already gone.'));
    expect(toast.success).not.toHaveBeenCalled();
  });

  describe('bulk actions', () => {
    const percentBox = () => screen.getByRole('spinbutton', { name: 'Change (%), e.g. 10 or -5' });

    it('changes the price of the selected parts by a percentage, after a confirmation', async () => {
      let price = 119.99;
      const api = mockAdminApi({
        [`GET ${PATH}`]: () => listOf(first.map((p) => ({ ...p, price }))),
        [`POST ${PATH}/bulk`]: () => {
          price = 132;
          return json({ updated: 2 });
        },
      });
      const { client } = renderPage();
      const user = userEvent.setup();
      const all = await screen.findByRole('checkbox', { name: 'Select all 2 parts on this page' });
      await user.click(rowOf('Forge DDR5 kit 2').getByRole('checkbox'));
      expect(screen.getByText('1 selected')).toBeInTheDocument();
      expect(all).not.toBeChecked();
      expect((all as HTMLInputElement).indeterminate).toBe(true);
      await user.click(all);
      expect(screen.getByText('2 selected')).toBeInTheDocument();
      expect(rowOf('Forge DDR5 kit 1').getByRole('checkbox')).toBeChecked();

      await user.type(percentBox(), '10');
      await user.click(screen.getByRole('button', { name: 'Apply to 2 parts' }));
      expect(confirmDialog).toHaveBeenCalledWith(
        'Change the price of 2 parts by +10%, their volume prices too (rounded to cents).',
        'Yes, change 2 parts',
      );
      await waitFor(() =>
        expect(toast.success).toHaveBeenCalledWith('Changed the price of 2 parts by +10%.'),
      );
      expect(api.callsTo('POST', `${PATH}/bulk`).map((call) => call.body)).toEqual([
        { ids: first.map((p) => p._id), action: { kind: 'price-percent', percent: 10 } },
      ]);
      // The table shows the new prices; the selection is gone; the home page reloads too.
      expect(await rowOf('Forge DDR5 kit 1').findByText('$132.00')).toBeInTheDocument();
      expect(screen.getByText('None selected')).toBeInTheDocument();
      expect(all).not.toBeChecked();
      expect(client.getQueryState(['allParts', { q: '' }])?.isInvalidated).toBe(true);
    });

    it('unlists the selected parts, and sets their stock', async () => {
      const api = mockAdminApi({
        [`GET ${PATH}`]: () => listOf(first),
        [`POST ${PATH}/bulk`]: () => json({ updated: 1 }),
      });
      renderPage();
      const user = userEvent.setup();
      await user.click(await screen.findByRole('checkbox', { name: 'Select Forge DDR5 kit 1' }));
      await user.selectOptions(screen.getByLabelText('Action'), 'Unlist from the shop');
      expect(screen.queryByRole('spinbutton')).toBeNull();
      await user.click(screen.getByRole('button', { name: 'Apply to 1 part' }));
      await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Unlisted 1 part.'));

      await user.click(screen.getByRole('checkbox', { name: 'Select Forge DDR5 kit 1' }));
      await user.selectOptions(screen.getByLabelText('Action'), 'Set the stock');
      await user.type(screen.getByRole('spinbutton', { name: 'New stock' }), '0');
      await user.click(screen.getByRole('button', { name: 'Apply to 1 part' }));
      await waitFor(() =>
        expect(toast.success).toHaveBeenCalledWith('Set the stock of 1 part to 0.'),
      );
      expect(api.callsTo('POST', `${PATH}/bulk`).map((call) => call.body)).toEqual([
        { ids: [first[0]!._id], action: { kind: 'unlist' } },
        { ids: [first[0]!._id], action: { kind: 'set-stock', quantity: 0 } },
      ]);
    });

    it('checks the selection and the amount first, and sends nothing when cancelled', async () => {
      const api = mockAdminApi({ [`GET ${PATH}`]: () => listOf(first) });
      renderPage();
      const user = userEvent.setup();
      const apply = await screen.findByRole('button', { name: 'Apply to the selected parts' });
      await user.click(apply);
      expect(screen.getByRole('alert')).toHaveTextContent('Select the parts to change first.');

      await user.click(screen.getByRole('checkbox', { name: 'Select Forge DDR5 kit 2' }));
      await user.click(screen.getByRole('button', { name: 'Apply to 1 part' }));
      expect(percentBox()).toHaveAccessibleDescription('Give the change as a percentage');
      expect(percentBox()).toHaveFocus();
      await user.type(percentBox(), '-95');
      await user.click(screen.getByRole('button', { name: 'Apply to 1 part' }));
      expect(percentBox()).toHaveAccessibleDescription('A price can go down by 90% at most');
      expect(confirmDialog).not.toHaveBeenCalled();

      vi.mocked(confirmDialog).mockResolvedValueOnce(false);
      await user.clear(percentBox());
      await user.type(percentBox(), '-5');
      await user.click(screen.getByRole('button', { name: 'Apply to 1 part' }));
      await waitFor(() => expect(confirmDialog).toHaveBeenCalled());
      expect(api.callsTo('POST', `${PATH}/bulk`)).toHaveLength(0);
      expect(screen.getByText('1 selected')).toBeInTheDocument();
    });

    it('says why nothing was changed when the server refuses, and keeps the selection', async () => {
      mockAdminApi({
        [`GET ${PATH}`]: () => listOf(first),
        [`POST ${PATH}/bulk`]: () => apiError(404, 'A selected part is gone: nothing was changed.'),
      });
      renderPage();
      const user = userEvent.setup();
      await user.click(
        await screen.findByRole('checkbox', { name: 'Select all 2 parts on this page' }),
      );
      await user.selectOptions(screen.getByLabelText('Action'), 'List in the shop');
      await user.click(screen.getByRole('button', { name: 'Apply to 2 parts' }));
      expect(await screen.findByRole('alert')).toHaveTextContent(
        'Nothing was changed: A selected part is gone: nothing was changed.',
      );
      expect(screen.getByText('2 selected')).toBeInTheDocument();
    });

    it('selects on one page only: another page starts with none', async () => {
      mockAdminApi({
        [`GET ${PATH}`]: ({ query }) =>
          query.get('cursor') === 'c2' ? listOf(second, 3) : listOf(first, 3, 'c2'),
      });
      renderPage();
      const user = userEvent.setup();
      await user.click(
        await screen.findByRole('checkbox', { name: 'Select all 2 parts on this page' }),
      );
      await user.click(screen.getByRole('button', { name: 'Next page' }));
      expect(
        await screen.findByRole('checkbox', { name: 'Select all 1 part on this page' }),
      ).not.toBeChecked();
      expect(screen.getByText('None selected')).toBeInTheDocument();
    });
  });
});

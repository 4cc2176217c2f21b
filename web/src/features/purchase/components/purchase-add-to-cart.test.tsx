import { quantityMessage } from '@partsmith/contract';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { toast } from 'sonner';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../lib/api-client.ts';
import { showErrorDialog } from '../../../lib/dialogs.ts';
import { PART_ID } from '../../../test/fixtures.ts';
import { ADDED_TO_CART, VIEW_CART, type AddToCart } from './purchase-form.tsx';
import { renderPage } from './purchase-page.testing.tsx';

vi.mock('sonner', () => ({ toast: { success: vi.fn(), error: vi.fn() } }));
vi.mock('../../../lib/dialogs.ts', () => ({
  showErrorDialog: vi.fn(async () => {}),
  confirmDialog: vi.fn(async () => true),
}));

afterEach(() => {
  vi.restoreAllMocks();
  vi.mocked(showErrorDialog).mockClear();
  vi.mocked(toast.success).mockClear();
});

describe('PurchasePage', () => {
  describe('Add to cart', () => {
    it('is not offered without a cart', async () => {
      renderPage({});
      await screen.findByLabelText('Quantity');
      expect(screen.queryByRole('button', { name: 'Add to cart' })).toBeNull();
    });

    it('puts the quantity in the cart without asking for the address, and toasts a link to the cart', async () => {
      const addToCart = vi.fn<AddToCart>(async () => null);
      const { api, router } = renderPage({}, addToCart);
      const user = userEvent.setup();
      const box = await screen.findByLabelText('Quantity');
      await user.clear(box);
      await user.type(box, '12');
      await user.click(screen.getByRole('button', { name: 'Add to cart' }));

      await waitFor(() =>
        expect(addToCart).toHaveBeenCalledWith({ partId: PART_ID, quantity: 12 }),
      );
      await waitFor(() => expect(toast.success).toHaveBeenCalled());
      const [title, options] = vi.mocked(toast.success).mock.calls[0]!;
      expect(title).toBe(ADDED_TO_CART);
      // The toast's link, rendered as the toaster would: it opens the cart in the app.
      render((options as { description: ReactElement }).description);
      const link = screen.getByRole('link', { name: VIEW_CART });
      expect(link).toHaveAttribute('href', '/cart');
      await user.click(link);
      await waitFor(() => expect(router.state.location.pathname).toBe('/cart'));
      expect(api.callsTo('POST', '/api/purchase')).toHaveLength(0);
      expect(screen.queryByText('Shipping address is Required')).toBeNull();
    });

    it.each([
      ['above the stock', '41'],
      ['below the minimum order', '4'],
    ])('opens the Oops... dialog for a quantity %s and adds nothing', async (_case, quantity) => {
      const addToCart = vi.fn<AddToCart>(async () => null);
      renderPage({}, addToCart);
      const user = userEvent.setup();
      const box = await screen.findByLabelText('Quantity');
      await user.clear(box);
      await user.type(box, quantity);
      await user.click(screen.getByRole('button', { name: 'Add to cart' }));
      await waitFor(() => expect(showErrorDialog).toHaveBeenCalledWith(quantityMessage(5, 40)));
      expect(addToCart).not.toHaveBeenCalled();
    });

    it("shows the quantity field's message for an empty quantity and adds nothing", async () => {
      const addToCart = vi.fn<AddToCart>(async () => null);
      renderPage({}, addToCart);
      const user = userEvent.setup();
      await user.clear(await screen.findByLabelText('Quantity'));
      await user.click(screen.getByRole('button', { name: 'Add to cart' }));
      await waitFor(() =>
        expect(screen.getByLabelText('Quantity')).toHaveAccessibleDescription(
          'Quantity is Required From 5 to 40 units.',
        ),
      );
      expect(addToCart).not.toHaveBeenCalled();
    });

    it("shows the cart's refusal (422) in the Oops... dialog", async () => {
      const addToCart = vi.fn<AddToCart>(async () => {
        throw new ApiError(422, quantityMessage(5, 7));
      });
      renderPage({}, addToCart);
      await userEvent.setup().click(await screen.findByRole('button', { name: 'Add to cart' }));
      await waitFor(() => expect(showErrorDialog).toHaveBeenCalledWith(quantityMessage(5, 7)));
      expect(toast.success).not.toHaveBeenCalled();
    });
  });
});

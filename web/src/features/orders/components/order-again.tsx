import type { ReorderAnswer } from '@partsmith/contract';
import { href, useNavigate } from 'react-router';
import { toast } from 'sonner';
import { ApiError } from '../../../lib/api-client.ts';
import { showErrorDialog } from '../../../lib/dialogs.ts';
import { useReorder } from '../api/reorder.ts';

const WHY: Record<ReorderAnswer['skipped'][number]['reason'], string> = {
  deleted: 'no longer sold',
  out_of_stock: 'out of stock',
  cart_full: 'your cart is full',
};

/**
 * What "Order again" did, in words: the parts added (with the quantity added) and the parts left
 * out (with why).
 */
export function reorderMessage(answer: ReorderAnswer) {
  const added = answer.added.map((line) => `${line.quantity} × ${line.name}`).join(', ');
  const skipped = answer.skipped.map((line) => `${line.name} (${WHY[line.reason]})`).join(', ');
  return {
    title: added ? `Added to your cart: ${added}.` : 'Nothing could be added to your cart.',
    description: skipped ? `Not added: ${skipped}.` : undefined,
  };
}

/**
 * "Order again": puts the order's lines in the cart at today's prices, then opens the cart with a
 * message naming what was added and what was not. When nothing could be added, the buyer stays
 * here and is told why.
 */
export function OrderAgainButton({
  orderId,
  label,
  className,
}: {
  orderId: string;
  /** Which order, for screen readers ("order PS-O-000123"). */
  label: string;
  className: string;
}) {
  const reorder = useReorder();
  const navigate = useNavigate();
  const onClick = () =>
    reorder.mutate(orderId, {
      onSuccess: (answer) => {
        const message = reorderMessage(answer);
        if (answer.added.length === 0) {
          void showErrorDialog(
            [message.title, message.description].filter(Boolean).join(' '),
            'Order again',
          );
          return;
        }
        toast.success(message.title, { description: message.description });
        void navigate(href('/cart'));
      },
      onError: (error) =>
        void showErrorDialog(
          error instanceof ApiError ? error.message : 'Something went wrong. Please try again.',
        ),
    });
  return (
    <button
      type="button"
      className={className}
      disabled={reorder.isPending}
      aria-busy={reorder.isPending || undefined}
      onClick={onClick}
    >
      {reorder.isPending && <span aria-hidden="true" className="spinner size-4" />}
      Order again <span className="sr-only">({label})</span>
    </button>
  );
}

import type { Order } from '@partsmith/contract';
import { onAccount, payableByCard } from '@partsmith/contract/order-views';
import { useSearchParams } from 'react-router';

/**
 * Which of the buyer's orders My Orders shows, kept in the address (`?show=`) so that the
 * dashboard's "Waiting for you" opens the list already narrowed: those to pay by card now, or
 * those on account (invoiced on payment terms, not paid yet).
 */
export const ORDER_VIEWS = {
  'to-pay': {
    label: 'To pay',
    caption: 'to pay',
    keep: payableByCard,
    none: 'No order waits to be paid.',
  },
  'on-account': {
    label: 'On account',
    caption: 'on account',
    keep: onAccount,
    none: 'No invoice on account waits to be paid.',
  },
} as const;

export type OrderView = keyof typeof ORDER_VIEWS;

const isView = (value: string | null): value is OrderView =>
  value !== null && Object.hasOwn(ORDER_VIEWS, value);

/** The view the address asks for (none: every order), and a way to choose another. */
export function useOrderView() {
  const [params, setParams] = useSearchParams();
  const wanted = params.get('show');
  const view = isView(wanted) ? wanted : null;
  const choose = (next: OrderView | null) =>
    setParams(
      (current) => {
        const updated = new URLSearchParams(current);
        if (next) updated.set('show', next);
        else updated.delete('show');
        return updated;
      },
      { replace: true, preventScrollReset: true },
    );
  return { view, choose };
}

/**
 * The buttons that choose the view, each with how many orders it holds: "All orders", "To pay"
 * and, for a buyer who has any (or has it chosen), "On account".
 */
export function OrdersFilter({
  orders,
  view,
  choose,
}: {
  orders: Order[];
  view: OrderView | null;
  choose: (next: OrderView | null) => void;
}) {
  const counts = {
    'to-pay': orders.filter(ORDER_VIEWS['to-pay'].keep).length,
    'on-account': orders.filter(ORDER_VIEWS['on-account'].keep).length,
  };
  const options: { value: OrderView | null; label: string; count: number }[] = [
    { value: null, label: 'All orders', count: orders.length },
    { value: 'to-pay', label: ORDER_VIEWS['to-pay'].label, count: counts['to-pay'] },
  ];
  if (counts['on-account'] > 0 || view === 'on-account')
    options.push({ value: 'on-account', label: 'On account', count: counts['on-account'] });
  return (
    <div role="group" aria-label="Show" className="mb-4 flex flex-wrap gap-2">
      {options.map((option) => {
        const pressed = option.value === view;
        return (
          <button
            key={option.label}
            type="button"
            aria-pressed={pressed}
            onClick={() => choose(option.value)}
            className={`btn btn-sm rounded-full ${pressed ? 'btn-neutral' : 'btn-outline border-slate-300 bg-white text-slate-800'}`}
          >
            {option.label}{' '}
            <span className="tabular-nums">({option.count.toLocaleString('en-US')})</span>
          </button>
        );
      })}
    </div>
  );
}

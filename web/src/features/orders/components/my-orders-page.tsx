import type { Order } from '@partsmith/contract';
import { useEffect, useMemo, type ReactNode } from 'react';
import { href, Link } from 'react-router';
import { toast } from 'sonner';
import { ApiError } from '../../../lib/api-client.ts';
import { confirmDialog, showErrorDialog } from '../../../lib/dialogs.ts';
import { useDeleteOrder } from '../api/delete-order.ts';
import { useMyOrders, useSearchedOrders } from '../api/get-orders.ts';
import { SkeletonList } from '../../../components/ui/skeleton-list.tsx';
import {
  ListSearchForm,
  NoMatch,
  searchSummary,
  useListSearch,
} from '../../../components/ui/list-search.tsx';
import { OrdersTable } from './my-orders-table.tsx';
import { ORDER_VIEWS, OrdersFilter, useOrderView } from './orders-filter.tsx';

/** The spec's texts, misspellings corrected (docs/spec.md, Differences from the specification). */
export const DELETE_ORDER_TEXT = 'If You Delete Product will Remove From Your Wallet';
export const DELETED = 'Deleted!';

export interface OrdersUser {
  name: string;
  email: string;
}

const messageOf = (error: unknown) =>
  error instanceof ApiError ? error.message : 'Something went wrong. Please try again.';

export const MY_ORDERS_TITLE = 'My Orders | Partsmith';

/**
 * The orders a search found (or the whole list while there is no search), and what the search
 * status says about them.
 */
function SearchedOrders({
  all,
  email,
  search,
  whose,
  table,
}: {
  all: Order[];
  email: string;
  search: ReturnType<typeof useListSearch>;
  /** The tables' captions begin with it: 'Your orders', 'Your orders to pay'. */
  whose: string;
  table: (orders: Order[], caption: string) => ReactNode;
}) {
  const searched = useSearchedOrders(email, search.query);
  const { query } = search;
  let status: ReactNode = null;
  let list: ReactNode;
  if (!query) {
    list = table(all, `${whose}, newest first`);
  } else if (searched.isError && !searched.data) {
    status = `We could not search your orders: ${messageOf(searched.error)}`;
    list = (
      <button type="button" className="btn btn-primary" onClick={() => void searched.refetch()}>
        Try the search again
      </button>
    );
  } else if (!searched.data || searched.isPlaceholderData) {
    status = 'Searching your orders…';
    list = table(searched.data ?? all, `${whose}, newest first`);
  } else if (searched.data.length === 0) {
    status = <span className="sr-only">No orders match “{query}”.</span>;
    list = (
      <NoMatch query={query} what="orders" onClear={search.clear}>
        Try an order number (such as PS-O-000123), a part name or a part number.
      </NoMatch>
    );
  } else {
    status = (
      <>
        {searchSummary(searched.data.length, query, ['order', 'orders'])}{' '}
        <button type="button" className="link link-primary" onClick={search.clear}>
          Show all orders
        </button>
      </>
    );
    list = table(searched.data, `${whose} matching “${query}”, newest first`);
  }
  return (
    <>
      <ListSearchForm
        search={search}
        label="Search your orders"
        placeholder="Order number, part name or part number"
        status={status}
      />
      {list}
    </>
  );
}

/** /dashboard/my-orders: the signed-in user's orders, to find, pay, delete or order again. */
export function MyOrdersPage({ user }: { user: OrdersUser }) {
  const orders = useMyOrders(user.email);
  const search = useListSearch();
  const { view, choose } = useOrderView();
  const remove = useDeleteOrder();
  const deletingId = remove.isPending ? (remove.variables ?? null) : null;
  // Each order's place in the whole list: the index column says the same in a search's results.
  const all = orders.data;
  const places = useMemo(() => new Map(all?.map((order, i) => [order._id, i])), [all]);

  useEffect(() => {
    document.title = MY_ORDERS_TITLE;
  }, []);

  const onDelete = async (order: Order) => {
    if (!(await confirmDialog(DELETE_ORDER_TEXT))) return;
    remove.mutate(order._id, {
      onSuccess: () => toast.success(DELETED),
      onError: (error) => void showErrorDialog(messageOf(error)),
    });
  };

  let body: ReactNode;
  if (orders.isPending) {
    body = (
      <SkeletonList
        label="Loading your orders"
        rows={3}
        className="flex flex-col gap-3 rounded-box bg-white p-4 shadow-sm"
        picture="h-14 w-14"
      />
    );
  } else if (orders.isError && !orders.data) {
    body = (
      <div
        role="alert"
        className="flex flex-col items-center gap-4 rounded-box bg-white p-8 text-center shadow-sm"
      >
        <p className="text-lg font-semibold text-slate-900">We could not load your orders.</p>
        <p className="text-slate-700">{messageOf(orders.error)}</p>
        <button
          type="button"
          className="btn btn-primary"
          disabled={orders.isFetching}
          onClick={() => void orders.refetch()}
        >
          {orders.isFetching && <span aria-hidden="true" className="spinner size-5" />}
          Retry
        </button>
      </div>
    );
  } else if (orders.data.length === 0) {
    body = (
      <div className="flex flex-col items-center gap-3 rounded-box border border-dashed border-slate-400 bg-white p-10 text-center">
        <p className="text-lg font-semibold text-slate-900">You have not ordered anything yet.</p>
        <p className="max-w-md text-slate-700">
          Pick a part on the home page: your orders show up here, ready to pay.
        </p>
        <Link to={`${href('/')}#parts`} className="btn btn-primary mt-2">
          Browse the parts
        </Link>
      </div>
    );
  } else {
    body = (
      <>
        <OrdersFilter orders={orders.data} view={view} choose={choose} />
        <SearchedOrders
          all={orders.data}
          email={user.email}
          search={search}
          whose={view ? `Your orders ${ORDER_VIEWS[view].caption}` : 'Your orders'}
          table={(list, caption) => {
            const shown = view ? list.filter(ORDER_VIEWS[view].keep) : list;
            if (view && shown.length === 0)
              return (
                <div className="flex flex-col items-center gap-3 rounded-box border border-dashed border-slate-400 bg-white p-8 text-center">
                  <p className="text-lg font-semibold text-slate-900">{ORDER_VIEWS[view].none}</p>
                  <button
                    type="button"
                    className="btn btn-outline btn-primary btn-sm"
                    onClick={() => choose(null)}
                  >
                    Show all orders
                  </button>
                </div>
              );
            return (
              <OrdersTable
                // A new search or view starts at its first rows.
                key={`${view ?? 'all'} ${search.query}`}
                orders={shown}
                caption={caption}
                indexOf={(order, position) => places.get(order._id) ?? position}
                deletingId={deletingId}
                onDelete={(order) => void onDelete(order)}
              />
            );
          }}
        />
      </>
    );
  }

  return (
    <div>
      <header className="mb-6 flex flex-wrap items-end justify-between gap-4">
        <div>
          <p className="text-sm font-semibold tracking-wider text-primary uppercase">
            Your purchases
          </p>
          <h1 className="mt-1 text-3xl font-extrabold tracking-tight text-slate-900">
            {orders.data ? `My Orders: ${orders.data.length}` : 'My Orders'}
          </h1>
        </div>
        {orders.data && orders.data.length > 0 && (
          <Link to={`${href('/')}#parts`} className="btn btn-outline btn-primary btn-sm">
            Buy more parts
          </Link>
        )}
      </header>
      {body}
    </div>
  );
}

import { useState } from 'react';
import { toast } from 'sonner';
import { useBulkShipOrders } from '../api/bulk-ship-orders.ts';
import { useDownloadToShipFile, type ToShipFile } from '../api/packing-slips.ts';
import { messageOf } from './admin-messages.ts';
import { ActionButton } from './action-button.tsx';
import { askBulkShipment } from './order-dialogs.ts';
import { SelectAllBox } from './select-all-box.tsx';

const orders = (n: number) => `${n} ${n === 1 ? 'order' : 'orders'}`;

const BUTTON = 'btn btn-outline btn-primary btn-sm whitespace-nowrap';

/**
 * Manage Orders' bulk actions on the selected orders of the page (those there is something to
 * pack for: paid, or on account, and not refunded): their pick list and packing slips in one file
 * each, or shipped together. Each says what it did in a toast, or why nothing was in an alert.
 */
export function BulkOrderActions({
  pageIds,
  selected,
  onSelectAll,
  onShipped,
}: {
  /** The orders of this page that can be selected, in order. */
  pageIds: string[];
  /** The selected ones. */
  selected: string[];
  onSelectAll: (all: boolean) => void;
  /** They were shipped: the selection is cleared. */
  onShipped: () => void;
}) {
  const pickList = useDownloadToShipFile('pick-list');
  const slips = useDownloadToShipFile('packing-slips');
  const ship = useBulkShipOrders();
  // What went wrong, in an alert line; what went through is a toast, which stays when the
  // shipped orders leave the list (filtered to the orders to ship) and this section with them.
  const [problem, setProblem] = useState<string | null>(null);
  const count = selected.length;
  const busy = pickList.isPending || slips.isPending || ship.isPending;

  /** Nothing selected: says so, and answers false. */
  const ready = () => {
    setProblem(count === 0 ? 'Select the orders first.' : null);
    return count > 0;
  };

  const download = async (file: ToShipFile) => {
    if (busy || !ready()) return;
    const [mutation, what] =
      file === 'pick-list' ? [pickList, 'Pick list'] : [slips, 'Packing slips'];
    try {
      const n = await mutation.mutateAsync(selected);
      toast.success(`${what} for ${orders(n)} downloaded`, {
        description: 'The selected orders, the longest waiting first.',
      });
    } catch (error) {
      setProblem(`No file was made: ${messageOf(error)}`);
    }
  };

  const onShip = async () => {
    if (busy || !ready()) return;
    const carrier = await askBulkShipment(selected);
    if (carrier === null) return;
    try {
      const answer = await ship.mutateAsync({
        ids: selected,
        ...(carrier ? { carrier } : {}),
      });
      const already = answer.alreadyShipped
        ? ` ${orders(answer.alreadyShipped)} had been shipped already.`
        : '';
      toast.success(`Shipped ${orders(answer.shipped)}`, {
        description: `Each buyer gets the shipping mail.${already}`,
      });
      onShipped();
    } catch (error) {
      setProblem(`Nothing was shipped: ${messageOf(error)}`);
    }
  };

  const suffix = <span className="sr-only">for the selected orders</span>;
  return (
    <section
      aria-label="Print or ship the selected orders"
      className="mb-4 flex flex-col gap-3 rounded-box bg-white p-4 shadow-sm ring-1 ring-slate-900/5"
    >
      <SelectAllBox
        selectable={pageIds.length}
        count={count}
        noun={['order to ship', 'orders to ship']}
        onSelectAll={onSelectAll}
      />
      <div className="flex flex-wrap gap-2">
        <ActionButton
          className={BUTTON}
          busy={busy}
          spinner={pickList.isPending}
          onAction={() => download('pick-list')}
        >
          Pick list {suffix}
        </ActionButton>
        <ActionButton
          className={BUTTON}
          busy={busy}
          spinner={slips.isPending}
          onAction={() => download('packing-slips')}
        >
          Packing slips {suffix}
        </ActionButton>
        <ActionButton
          className="btn btn-primary btn-sm whitespace-nowrap"
          busy={busy}
          spinner={ship.isPending}
          onAction={onShip}
        >
          Mark shipped {suffix}
        </ActionButton>
      </div>
      {problem && (
        <p role="alert" className="text-sm font-medium text-error">
          {problem}
        </p>
      )}
    </section>
  );
}

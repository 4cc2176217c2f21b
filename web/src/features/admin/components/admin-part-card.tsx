import type { AdminPartRow } from '@partsmith/contract/admin-lists';
import { useId, useRef, useState } from 'react';
import { toast } from 'sonner';
import { confirmDialog, showErrorDialog } from '../../../lib/dialogs.ts';
import { formatDollars } from '../../../lib/money.ts';
import { useDeletePart } from '../api/delete-part.ts';
import { DELETE_ITEM_TEXT, DELETED, messageOf } from './admin-messages.ts';
import { EditPartForm } from './edit-part-form.tsx';
import { ActionButton } from './action-button.tsx';
import { ResponsiveImage } from '../../../components/ui/responsive-image.tsx';
import { BOX_CELL, BOX_LINE, BoxCellLabel, NoAction } from './table-cells.tsx';

/** The stock at which a part counts as low: its own alert level, else twice its minimum order. */
const lowStockLevel = (part: AdminPartRow) => part.lowStockThreshold ?? 2 * part.minOrderQuantity;

/** 'Out of stock' and 'Low stock' as the table's stock filter counts them (contract/admin-lists). */
function StockBadge({ part }: { part: AdminPartRow }) {
  if (part.availableQuantity === 0) {
    return (
      <span className="badge badge-sm border-red-300 bg-red-100 font-semibold whitespace-nowrap text-red-900">
        Out of stock
      </span>
    );
  }
  if (part.availableQuantity < lowStockLevel(part)) {
    return (
      <span
        title={`Below its low-stock level of ${lowStockLevel(part)}`}
        className="badge badge-sm border-amber-300 bg-amber-100 font-semibold whitespace-nowrap text-amber-900"
      >
        Low stock
      </span>
    );
  }
  return null;
}

function ListedBadge({ listed }: { listed: boolean }) {
  return listed ? (
    <span className="badge border-green-300 bg-green-100 font-semibold whitespace-nowrap text-green-900">
      Listed
    </span>
  ) : (
    <span
      title="Not in the catalogue, the search or the suggestions; its page stays"
      className="badge border-slate-300 bg-slate-100 font-semibold whitespace-nowrap text-slate-900"
    >
      Unlisted
    </span>
  );
}

/** The table's columns, in the order PartRow's cells come. */
export const PART_COLUMNS = [
  ['Select'],
  ['Image'],
  ['Name'],
  ['Part no.'],
  ['Category'],
  ['Price', 'right'],
  ['Stock', 'right'],
  ['Listed'],
  ['Actions', 'right'],
] as const;

/**
 * A row of Manage Products: a card below the table's width. Its checkbox selects it for the bulk
 * actions; 'Edit part' opens the editor in a row under it, 'Delete Tools' deletes it (after the
 * spec's confirmation).
 */
export function PartRow({
  part,
  selected,
  onSelect,
  onDeleted,
}: {
  part: AdminPartRow;
  selected: boolean;
  onSelect: (selected: boolean) => void;
  onDeleted: () => void;
}) {
  const formId = useId();
  const [editing, setEditing] = useState(false);
  const editButton = useRef<HTMLButtonElement>(null);
  const remove = useDeletePart();

  const onDelete = async () => {
    if (!(await confirmDialog(DELETE_ITEM_TEXT))) return;
    try {
      await remove.mutateAsync(part._id);
      toast.success(DELETED, { description: part.name });
      onDeleted();
    } catch (error) {
      void showErrorDialog(messageOf(error));
    }
  };

  const closeForm = () => {
    setEditing(false);
    editButton.current?.focus();
  };

  return (
    <>
      <tr
        className={`grid grid-cols-[1.5rem_4rem_minmax(0,1fr)] gap-x-3 gap-y-2 p-4 @4xl:table-row @4xl:p-0 ${
          selected ? 'bg-orange-50' : '@4xl:hover:bg-slate-50'
        }`}
      >
        <td className={`row-span-2 self-center ${BOX_CELL}`}>
          <input
            type="checkbox"
            className="checkbox checkbox-sm border-slate-500"
            aria-label={`Select ${part.name}`}
            checked={selected}
            onChange={(event) => onSelect(event.target.checked)}
          />
        </td>
        <td className={`row-span-2 ${BOX_CELL}`}>
          <ResponsiveImage
            src={part.image}
            alt=""
            width={56}
            height={56}
            sizes="64px"
            className="h-16 w-16 rounded-lg bg-slate-100 object-contain p-1.5 @4xl:h-12 @4xl:w-12"
          />
        </td>
        <td className={`self-end font-bold break-words text-slate-900 @4xl:min-w-40 ${BOX_CELL}`}>
          {part.name}
        </td>
        <td className={`self-start text-sm text-slate-700 ${BOX_CELL}`}>
          <span className="@4xl:hidden">Part no. </span>
          {part.sku ? (
            <span className="font-mono text-slate-900 [overflow-wrap:anywhere]">{part.sku}</span>
          ) : (
            <NoAction why="No part number" />
          )}
        </td>
        <td className={BOX_LINE}>
          <BoxCellLabel>Category</BoxCellLabel>
          {part.categoryName ?? <NoAction why="No category" />}
        </td>
        <td className={`${BOX_LINE} @4xl:text-right`}>
          <BoxCellLabel>Price</BoxCellLabel>
          <span className="font-semibold whitespace-nowrap text-slate-900 tabular-nums">
            {formatDollars(part.price)}
          </span>
        </td>
        <td className={`${BOX_LINE} @4xl:text-right`}>
          <BoxCellLabel>Stock</BoxCellLabel>
          <span className="flex flex-wrap items-center justify-end gap-x-2 gap-y-1 @4xl:flex-col @4xl:items-end">
            <span className="font-semibold text-slate-900 tabular-nums">
              {part.availableQuantity}
            </span>
            <StockBadge part={part} />
          </span>
        </td>
        <td className={BOX_LINE}>
          <BoxCellLabel>Listed</BoxCellLabel>
          <ListedBadge listed={part.listed} />
        </td>
        <td className={`${BOX_LINE} @4xl:text-right`}>
          <BoxCellLabel>Actions</BoxCellLabel>
          <span className="flex flex-wrap justify-end gap-2">
            <button
              ref={editButton}
              type="button"
              className="btn btn-sm border-slate-400 bg-white whitespace-nowrap text-slate-900 hover:border-slate-900"
              aria-expanded={editing}
              aria-controls={editing ? formId : undefined}
              onClick={() => setEditing((open) => !open)}
            >
              Edit part
              <span className="sr-only">: {part.name}</span>
            </button>
            <ActionButton
              className="btn btn-sm btn-outline btn-error whitespace-nowrap"
              busy={remove.isPending}
              onAction={onDelete}
            >
              Delete Tools
              <span className="sr-only">: {part.name}</span>
            </ActionButton>
          </span>
        </td>
      </tr>
      {editing && (
        <tr className="block bg-slate-50 @4xl:table-row">
          <td colSpan={PART_COLUMNS.length} className="block p-4 @4xl:table-cell">
            <EditPartForm id={formId} part={part} onClose={closeForm} />
          </td>
        </tr>
      )}
    </>
  );
}

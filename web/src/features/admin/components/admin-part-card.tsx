import type { Part } from '@partsmith/contract';
import { useId, useRef, useState } from 'react';
import { toast } from 'sonner';
import { confirmDialog, showErrorDialog } from '../../../lib/dialogs.ts';
import { formatDollars } from '../../../lib/money.ts';
import { useDeletePart } from '../api/delete-part.ts';
import { DELETE_ITEM_TEXT, DELETED, messageOf } from './admin-messages.ts';
import { EditPartForm } from './edit-part-form.tsx';
import { ActionButton } from './action-button.tsx';
import { ResponsiveImage } from '../../../components/ui/responsive-image.tsx';

function StockBadge({ part }: { part: Part }) {
  if (part.availableQuantity === 0) {
    return (
      <span className="badge badge-sm border-red-300 bg-red-100 font-semibold whitespace-nowrap text-red-900">
        Out of stock
      </span>
    );
  }
  if (part.availableQuantity < part.minOrderQuantity) {
    return (
      <span
        title={`Less than the minimum order of ${part.minOrderQuantity}`}
        className="badge badge-sm border-amber-300 bg-amber-100 font-semibold whitespace-nowrap text-amber-900"
      >
        Low stock
      </span>
    );
  }
  return null;
}

/** One part on /dashboard/manage-products: its figures, 'Edit part' and 'Delete Tools'. */
export function AdminPartCard({ part, onDeleted }: { part: Part; onDeleted: () => void }) {
  const nameId = useId();
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
    <article
      aria-labelledby={nameId}
      className="flex h-full flex-col overflow-hidden rounded-box bg-white shadow-sm ring-1 ring-slate-900/5 transition-shadow hover:shadow-md motion-reduce:transition-none"
    >
      <div className="border-b border-slate-100 bg-slate-50">
        <ResponsiveImage
          src={part.image}
          alt=""
          width={320}
          height={240}
          sizes="(min-width: 768px) 320px, 90vw"
          className="aspect-[4/3] h-auto max-h-48 w-full object-contain p-4"
        />
      </div>
      <div className="flex flex-1 flex-col gap-4 p-4">
        <h2 id={nameId} className="text-lg leading-snug font-bold break-words text-slate-900">
          {part.name}
        </h2>
        <dl className="grid grid-cols-2 gap-x-4 gap-y-2 text-sm">
          <div>
            <dt className="text-slate-700">Price</dt>
            <dd className="text-lg font-bold text-primary tabular-nums">
              {formatDollars(part.price)}
            </dd>
          </div>
          <div>
            <dt className="text-slate-700">Stock</dt>
            <dd className="flex flex-wrap items-center gap-x-2 gap-y-1">
              <span className="text-lg font-bold text-slate-900 tabular-nums">
                {part.availableQuantity}
              </span>
              <StockBadge part={part} />
            </dd>
          </div>
          <div className="col-span-2">
            <dt className="sr-only">Minimum order</dt>
            <dd className="text-slate-700">
              Min. order{' '}
              <span className="font-semibold text-slate-900">{part.minOrderQuantity}</span>
            </dd>
          </div>
        </dl>

        <div className="mt-auto flex flex-wrap gap-2 border-t border-slate-100 pt-4">
          <button
            ref={editButton}
            type="button"
            className="btn btn-sm flex-auto border-slate-400 bg-white whitespace-nowrap text-slate-900 hover:border-slate-900"
            aria-expanded={editing}
            aria-controls={editing ? formId : undefined}
            onClick={() => setEditing((open) => !open)}
          >
            Edit part
            <span className="sr-only">: {part.name}</span>
          </button>
          <ActionButton
            className="btn btn-sm btn-outline btn-error flex-auto whitespace-nowrap"
            busy={remove.isPending}
            onAction={onDelete}
          >
            Delete Tools
            <span className="sr-only">: {part.name}</span>
          </ActionButton>
        </div>
        {editing && <EditPartForm id={formId} part={part} onClose={closeForm} />}
      </div>
    </article>
  );
}

import type { Part } from '@partsmith/contract';
import { errorText } from '../../../lib/error-text.ts';
import { usePartForEditing } from '../api/get-part-for-editing.ts';
import { FORM } from './edit-part-box.tsx';
import { PartEditor } from './part-editor.tsx';

/**
 * 'Edit part' on Manage Products: every field of the part (name, description, part number,
 * category and its specification, minimum order, stock, price, volume prices, low-stock alert,
 * lead time, weight, image, and whether it is listed), read afresh from GET /api/parts/:id when
 * it opens. Saving sends only what changed (PUT /api/parts/:id); `onClose(saved)` closes it.
 */
export function EditPartForm({
  id,
  part,
  onClose,
}: {
  /** The form's id (the opening button's aria-controls). */
  id: string;
  /** The part as its list shows it: its id and name until the stored part is read. */
  part: Part;
  /** Closes the form; `saved` tells whether the change went through. */
  onClose: (saved: boolean) => void;
}) {
  const stored = usePartForEditing(part._id);
  // Until it is read again since the form opened: an edit starts from what is stored now.
  if (stored.isError || !stored.data || !stored.isFetchedAfterMount)
    return (
      <div id={id} className={`${FORM} flex flex-wrap items-center justify-end gap-2`}>
        {stored.isError ? (
          <p role="alert" className="mr-auto text-sm font-medium text-error">
            {part.name} could not be loaded: {errorText(stored.error)}
          </p>
        ) : (
          <p
            role="status"
            className="mr-auto inline-flex items-center gap-2 text-sm text-slate-700"
          >
            <span aria-hidden="true" className="spinner size-4" />
            Loading {part.name}…
          </p>
        )}
        <button type="button" className="btn btn-ghost btn-sm" onClick={() => onClose(false)}>
          Cancel
        </button>
        {stored.isError && (
          <button
            type="button"
            className="btn btn-outline btn-sm"
            disabled={stored.isFetching}
            onClick={() => void stored.refetch()}
          >
            {stored.isFetching && <span aria-hidden="true" className="spinner size-4" />}
            Try again
          </button>
        )}
      </div>
    );
  return <PartEditor id={id} stored={stored.data} onClose={onClose} />;
}

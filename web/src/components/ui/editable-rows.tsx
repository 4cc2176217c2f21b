import { useId, type KeyboardEvent, type ReactNode, type Ref } from 'react';
import { describedBy, FIELD_ERROR, FIELD_HINT } from './form-field.tsx';

const SMALL_LEGEND = 'mb-1 block text-sm font-semibold text-slate-900';
const LEGEND = 'mb-1 font-semibold text-slate-900';

/**
 * A form's list of rows that an admin adds and removes (volume prices, a category's
 * attributes): the legend, a hint and the list's own error (both tied to the group), the rows,
 * and the add button, which says so once the list is full. The caller appends a row with its
 * first control focused, and hands the focus to `addButton` when a row is removed, so the
 * keyboard never loses its place.
 */
export function EditableRows({
  legend,
  hint,
  error,
  full,
  fullText,
  addLabel,
  onAdd,
  addButton,
  compact = false,
  onKeyDown,
  children,
}: {
  legend: string;
  hint: ReactNode;
  /** The list's own error (too many rows, their order). */
  error: string | undefined;
  /** The list holds as many rows as it may: the add button does nothing and `fullText` shows. */
  full: boolean;
  fullText: string;
  addLabel: string;
  onAdd: () => void;
  addButton: Ref<HTMLButtonElement>;
  /** Small legend and button, for an inline editor. */
  compact?: boolean;
  /** The form's own keys on the add button (the inline editor closes on Escape). */
  onKeyDown?: (event: KeyboardEvent<HTMLElement>) => void;
  /** The rows, an `<li>` each (none: no list). */
  children: ReactNode[];
}) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  return (
    <fieldset
      className="flex min-w-0 flex-col gap-3"
      aria-describedby={describedBy(hintId, error && errorId)}
    >
      <legend className={compact ? SMALL_LEGEND : LEGEND}>{legend}</legend>
      <p id={hintId} className={`${FIELD_HINT} mt-0`}>
        {hint}
      </p>
      {error && (
        <p id={errorId} className={FIELD_ERROR}>
          {error}
        </p>
      )}
      {children.length > 0 && <ol className="flex flex-col gap-3">{children}</ol>}
      <div>
        <button
          ref={addButton}
          type="button"
          className={`btn btn-outline ${compact ? 'btn-sm' : ''}`}
          aria-disabled={full || undefined}
          onKeyDown={onKeyDown}
          onClick={() => {
            if (!full) onAdd();
          }}
        >
          {addLabel}
        </button>
        {full && <p className={FIELD_HINT}>{fullText}</p>}
      </div>
    </fieldset>
  );
}

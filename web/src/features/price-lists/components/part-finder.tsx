import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import {
  FIELD_LABEL,
  FieldMessages,
  describedBy,
  fieldBorder,
} from '../../../components/ui/form-field.tsx';
import { errorText } from '../../../lib/error-text.ts';
import { formatDollars } from '../../../lib/money.ts';
import { findParts, type FoundPart } from '../api/price-lists.ts';

export const NO_PART_FOUND = 'No part matches. Try its part number, or fewer words of its name.';
export const TYPE_TO_SEARCH = 'Type a part number or a name to search for.';

/**
 * Finds a part by its part number or name (the catalogue's search) and chooses one of the
 * matches; once chosen, the part is named with a button to change it.
 */
export function PartFinder({
  id,
  part,
  error,
  onChoose,
}: {
  id: string;
  part: FoundPart | null;
  error: string | undefined;
  onChoose: (part: FoundPart | null) => void;
}) {
  const [text, setText] = useState('');
  const [state, setState] = useState<
    | { kind: 'idle' }
    | { kind: 'searching' }
    | { kind: 'found'; parts: FoundPart[] }
    | { kind: 'failed'; message: string }
  >({ kind: 'idle' });
  const controller = useRef<AbortController | null>(null);
  useEffect(() => () => controller.current?.abort(), []);

  const search = async () => {
    const q = text.trim();
    if (!q) return setState({ kind: 'failed', message: TYPE_TO_SEARCH });
    controller.current?.abort();
    const current = new AbortController();
    controller.current = current;
    setState({ kind: 'searching' });
    try {
      const parts = await findParts(q, current.signal);
      if (!current.signal.aborted) setState({ kind: 'found', parts });
    } catch (failure) {
      if (!current.signal.aborted) setState({ kind: 'failed', message: errorText(failure) });
    }
  };

  if (part) {
    return (
      <div role="group" aria-labelledby={`${id}-label`}>
        <p className={FIELD_LABEL} id={`${id}-label`}>
          Part
        </p>
        <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-slate-900">
          <span className="min-w-0 break-words">
            {part.sku && <span className="font-mono font-semibold">{part.sku}</span>} {part.name}{' '}
            <span className="text-sm text-slate-700">(list price {formatDollars(part.price)})</span>
          </span>
          <button
            type="button"
            className="btn btn-ghost btn-sm"
            aria-label={`Change the part ${part.name}`}
            onClick={() => {
              onChoose(null);
              setState({ kind: 'idle' });
            }}
          >
            Change
          </button>
        </p>
      </div>
    );
  }

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    // Enter searches; it does not save the whole form.
    if (event.key === 'Enter') {
      event.preventDefault();
      void search();
    }
  };

  return (
    <div>
      <label htmlFor={id} className={FIELD_LABEL}>
        Part (part number or name)
      </label>
      <div className="flex gap-2">
        <input
          id={id}
          type="search"
          className={`input min-w-0 flex-1 border ${fieldBorder(!!error)}`}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(error && `${id}-error`)}
          value={text}
          onChange={(event) => setText(event.target.value)}
          onKeyDown={onKeyDown}
        />
        <button
          type="button"
          className="btn btn-outline"
          disabled={state.kind === 'searching'}
          onClick={() => void search()}
        >
          {state.kind === 'searching' && <span aria-hidden="true" className="spinner size-4" />}
          Find
        </button>
      </div>
      <FieldMessages id={id} error={error} />
      <div role="status" className="text-sm text-slate-700">
        {state.kind === 'searching' && 'Searching the catalogue…'}
        {state.kind === 'found' &&
          (state.parts.length === 0
            ? NO_PART_FOUND
            : `${state.parts.length} ${state.parts.length === 1 ? 'part matches' : 'parts match'}: choose one.`)}
      </div>
      {state.kind === 'failed' && (
        <p role="alert" className="text-sm font-medium text-error">
          {state.message}
        </p>
      )}
      {state.kind === 'found' && state.parts.length > 0 && (
        <ul className="mt-2 flex flex-col gap-1" aria-label="Matching parts">
          {state.parts.map((found) => (
            <li key={found._id}>
              <button
                type="button"
                className="btn btn-ghost btn-sm h-auto min-h-8 w-full justify-start py-1 text-left font-normal"
                onClick={() => onChoose(found)}
              >
                <span className="min-w-0 break-words">
                  Choose {found.sku && <span className="font-mono font-semibold">{found.sku}</span>}{' '}
                  {found.name} ({formatDollars(found.price)})
                </span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

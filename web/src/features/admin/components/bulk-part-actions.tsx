import { BulkPartAction } from '@partsmith/contract/admin-lists';
import { useId, useRef, useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { confirmDialog } from '../../../lib/dialogs.ts';
import { useBulkUpdateParts } from '../api/bulk-update-parts.ts';
import { messageOf } from './admin-messages.ts';
import { SelectAllBox } from './select-all-box.tsx';

type Kind = BulkPartAction['kind'];

const KINDS: readonly { value: Kind; label: string }[] = [
  { value: 'price-percent', label: 'Change the price by a percentage' },
  { value: 'set-stock', label: 'Set the stock' },
  { value: 'list', label: 'List in the shop' },
  { value: 'unlist', label: 'Unlist from the shop' },
];

const parts = (n: number) => `${n} ${n === 1 ? 'part' : 'parts'}`;
const signed = (percent: number) => `${percent > 0 ? '+' : ''}${percent}%`;

/** The confirmation's question and its button, per action. */
function question(action: BulkPartAction, n: number): [text: string, button: string] {
  switch (action.kind) {
    case 'price-percent':
      return [
        `Change the price of ${parts(n)} by ${signed(action.percent)}, their volume prices too (rounded to cents).`,
        `Yes, change ${parts(n)}`,
      ];
    case 'set-stock':
      return [`Set the stock of ${parts(n)} to ${action.quantity}.`, `Yes, change ${parts(n)}`];
    case 'list':
      return [`List ${parts(n)}: they show in the catalogue and the search.`, `Yes, list them`];
    case 'unlist':
      return [
        `Unlist ${parts(n)}: they leave the catalogue, the search and the suggestions (their pages stay).`,
        'Yes, unlist them',
      ];
  }
}

/** What was done, for its toast. */
function done(action: BulkPartAction, n: number) {
  switch (action.kind) {
    case 'price-percent':
      return `Changed the price of ${parts(n)} by ${signed(action.percent)}.`;
    case 'set-stock':
      return `Set the stock of ${parts(n)} to ${action.quantity}.`;
    case 'list':
      return `Listed ${parts(n)}.`;
    case 'unlist':
      return `Unlisted ${parts(n)}.`;
  }
}

/** The action the form describes, checked by the contract, or the message of what is wrong. */
function actionOf(kind: Kind, amount: string): BulkPartAction | string {
  const text = amount.trim();
  let candidate: unknown = { kind };
  if (kind === 'price-percent') {
    if (text === '') return 'Give the change as a percentage';
    candidate = { kind, percent: Number(text) };
  } else if (kind === 'set-stock') {
    if (text === '') return 'Give the stock as a number';
    candidate = { kind, quantity: Number(text) };
  }
  const checked = BulkPartAction.safeParse(candidate);
  if (checked.success) return checked.data;
  return checked.error.issues[0]?.message ?? 'Check the value';
}

/**
 * Manage Products' bulk actions on the selected parts of the page: select them all (or none),
 * then change their price by a percentage, set their stock, list or unlist them. Each asks first,
 * then says what it did (or why nothing was) in a live line; the table reloads.
 */
export function BulkPartActions({
  pageIds,
  selected,
  onSelectAll,
  onDone,
}: {
  /** The parts of this page, in order. */
  pageIds: string[];
  /** The selected ones. */
  selected: string[];
  onSelectAll: (all: boolean) => void;
  /** The action went through: the selection is cleared. */
  onDone: () => void;
}) {
  const ids = {
    kind: useId(),
    amount: useId(),
    problem: useId(),
  };
  const bulk = useBulkUpdateParts();
  const [kind, setKind] = useState<Kind>('price-percent');
  const [amount, setAmount] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  /** Why nothing was changed, in an alert line. */
  const [failure, setFailure] = useState<string | null>(null);
  const amountBox = useRef<HTMLInputElement>(null);

  const count = selected.length;

  const needsAmount = kind === 'price-percent' || kind === 'set-stock';

  async function apply(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (bulk.isPending) return;
    setFailure(null);
    if (count === 0) {
      setProblem(null);
      setFailure('Select the parts to change first.');
      return;
    }
    const action = actionOf(kind, amount);
    if (typeof action === 'string') {
      setProblem(action);
      amountBox.current?.focus();
      return;
    }
    setProblem(null);
    const [text, button] = question(action, count);
    if (!(await confirmDialog(text, button))) return;
    try {
      const answer = await bulk.mutateAsync({ ids: selected, action });
      // A toast, which stays when the change takes the parts out of a filtered list (and this
      // box with them, the list being empty).
      toast.success(done(action, answer.updated));
      setAmount('');
      onDone();
    } catch (error) {
      setFailure(`Nothing was changed: ${messageOf(error)}`);
    }
  }

  return (
    <section
      aria-label="Change the selected parts"
      className="mb-4 flex flex-col gap-3 rounded-box bg-white p-4 shadow-sm ring-1 ring-slate-900/5"
    >
      <SelectAllBox
        selectable={pageIds.length}
        count={count}
        noun={['part', 'parts']}
        onSelectAll={onSelectAll}
      />
      <form
        aria-label="Bulk action"
        className="flex flex-wrap items-end gap-3"
        noValidate
        onSubmit={(event) => void apply(event)}
      >
        <div className="flex min-w-0 flex-col gap-1 text-sm font-semibold text-slate-900">
          <label htmlFor={ids.kind}>Action</label>
          <select
            id={ids.kind}
            className="select w-full border border-slate-500 bg-white font-normal sm:w-72"
            value={kind}
            onChange={(event) => {
              setKind(event.target.value as Kind);
              setProblem(null);
            }}
          >
            {KINDS.map((choice) => (
              <option key={choice.value} value={choice.value}>
                {choice.label}
              </option>
            ))}
          </select>
        </div>
        {needsAmount && (
          <div className="flex min-w-0 flex-col gap-1 text-sm font-semibold text-slate-900">
            <label htmlFor={ids.amount}>
              {kind === 'price-percent' ? 'Change (%), e.g. 10 or -5' : 'New stock'}
            </label>
            <input
              ref={amountBox}
              id={ids.amount}
              type="number"
              inputMode={kind === 'price-percent' ? 'decimal' : 'numeric'}
              step={kind === 'price-percent' ? 0.01 : 1}
              min={kind === 'price-percent' ? -90 : 0}
              max={kind === 'price-percent' ? 1000 : 10_000_000}
              className="input w-full border border-slate-500 bg-white font-normal sm:w-44"
              value={amount}
              aria-invalid={problem ? true : undefined}
              aria-describedby={problem ? ids.problem : undefined}
              onChange={(event) => setAmount(event.target.value)}
            />
          </div>
        )}
        <button
          type="submit"
          className="btn btn-primary"
          aria-disabled={bulk.isPending || undefined}
        >
          {bulk.isPending && <span aria-hidden="true" className="spinner size-4" />}
          Apply to {count === 0 ? 'the selected parts' : parts(count)}
        </button>
      </form>
      {problem && (
        <p id={ids.problem} className="text-sm font-medium text-error">
          {problem}
        </p>
      )}
      {failure && (
        <p role="alert" className="text-sm font-medium text-error">
          {failure}
        </p>
      )}
    </section>
  );
}

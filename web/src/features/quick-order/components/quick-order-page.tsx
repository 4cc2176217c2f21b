import {
  QUICK_ORDER_EMPTY,
  QUICK_ORDER_MAX_BYTES,
  QUICK_ORDER_MAX_LINES,
  QUICK_ORDER_TOO_LARGE,
  type QuickOrderAnswer,
} from '@partsmith/contract';
import { useEffect, useId, useRef, useState, type FormEvent, type RefObject } from 'react';
import { href, Link } from 'react-router';
import {
  describedBy,
  FIELD_ERROR,
  FIELD_HINT,
  FIELD_LABEL,
  fieldBorder,
} from '../../../components/ui/form-field.tsx';
import { errorText } from '../../../lib/error-text.ts';
import { FILE_TOO_LARGE, useQuickOrder } from '../api/quick-order.ts';

export const QUICK_ORDER_TITLE = 'Quick Order | Partsmith';
export const LIST_LABEL = 'Part numbers and quantities, one per line';
export const FILE_LABEL = 'Or upload a CSV file';
export const ADD_TO_CART = 'Add to cart';
export const GO_TO_CART = 'Go to the cart';
export const BOTH_GIVEN =
  'Add either the typed list or the CSV file: clear the list or remove the file first.';

const CARD = 'rounded-box bg-white shadow-sm ring-1 ring-slate-900/5';

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/** "2 parts added to your cart; 1 line not added.": the answer's heading, read out too. */
export function summaryOf(answer: QuickOrderAnswer): string {
  const added =
    answer.added.length === 0
      ? 'Nothing was added to your cart'
      : `${plural(answer.added.length, 'part')} added to your cart`;
  return answer.problems.length === 0
    ? `${added}.`
    : `${added}; ${plural(answer.problems.length, 'line')} not added.`;
}

/** What a quick order did: the parts added, with the way to the cart, and the lines left out. */
function QuickOrderResult({
  answer,
  headingRef,
}: {
  answer: QuickOrderAnswer;
  headingRef: RefObject<HTMLHeadingElement | null>;
}) {
  const headingId = useId();
  const problemsId = useId();
  return (
    <section aria-labelledby={headingId} className={`${CARD} flex flex-col gap-6 p-5 sm:p-6`}>
      <h2
        id={headingId}
        ref={headingRef}
        tabIndex={-1}
        className="text-xl font-bold text-slate-900 focus:outline-none"
      >
        {summaryOf(answer)}
      </h2>
      {answer.added.length > 0 && (
        <div className="flex flex-col gap-3">
          <h3 className="font-semibold text-slate-900">Added to your cart</h3>
          <ul className="divide-y divide-slate-200 border-y border-slate-200">
            {answer.added.map((part) => (
              <li
                key={part.partId}
                className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 py-2"
              >
                <span className="min-w-0">
                  <span className="font-mono text-sm font-semibold break-all text-slate-900">
                    {part.sku}
                  </span>{' '}
                  <span className="text-slate-800">{part.name}</span>
                </span>
                <span className="text-slate-800 tabular-nums">
                  {plural(part.quantity, 'unit')}{' '}
                  <span className="text-sm text-slate-700">(line {part.line})</span>
                </span>
              </li>
            ))}
          </ul>
          <Link to={href('/cart')} className="btn btn-primary self-start">
            {GO_TO_CART}
          </Link>
        </div>
      )}
      {answer.problems.length > 0 && (
        <div className="flex flex-col gap-2">
          <h3 id={problemsId} className="font-semibold text-slate-900">
            Not added
          </h3>
          <p className="text-slate-700">
            These lines were left out. Correct them and add them again; the rest of the list is in
            your cart already.
          </p>
          <table aria-labelledby={problemsId} className="table table-sm w-full table-fixed">
            <thead className="text-slate-800">
              <tr>
                <th scope="col" className="w-14">
                  Line
                </th>
                <th scope="col" className="w-[36%]">
                  Part number
                </th>
                <th scope="col">Reason</th>
              </tr>
            </thead>
            <tbody>
              {answer.problems.map((problem, i) => (
                <tr key={`${problem.line}-${i}`} className="align-top text-slate-900">
                  <td className="tabular-nums">{problem.line}</td>
                  <td className="font-mono break-all">
                    {problem.sku || <span className="font-sans text-slate-700">none</span>}
                  </td>
                  <td>{problem.reason}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

/**
 * /quick-order: a business buyer's list of part numbers and quantities into the cart at once,
 * typed, pasted from a spreadsheet or uploaded as its CSV file (a visitor's cart too). Each line
 * that can be added is; the answer says what went in, with the way to the cart, and lists the
 * lines left out with why. The top bar's cart count follows.
 */
export function QuickOrderPage() {
  const listId = useId();
  const fileId = useId();
  const [text, setText] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [listError, setListError] = useState<string | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const list = useRef<HTMLTextAreaElement>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const resultHeading = useRef<HTMLHeadingElement>(null);
  const order = useQuickOrder();

  useEffect(() => {
    document.title = QUICK_ORDER_TITLE;
  }, []);

  // An answer came: the focus goes to what it says (its heading, read out with the live region).
  useEffect(() => {
    if (order.data) resultHeading.current?.focus();
  }, [order.data]);

  const refuseList = (message: string) => {
    setListError(message);
    list.current?.focus();
  };
  const refuseFile = (message: string) => {
    setFileError(message);
    fileInput.current?.focus();
  };

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (order.isPending) return;
    setListError(null);
    setFileError(null);
    const typed = text.trim() !== '';
    if (!typed && !file) return refuseList(QUICK_ORDER_EMPTY);
    if (typed && file) return refuseFile(BOTH_GIVEN);
    if (!file) {
      if (text.length > QUICK_ORDER_MAX_BYTES) return refuseList(QUICK_ORDER_TOO_LARGE);
      order.mutate({ lines: text });
      return;
    }
    if (file.size > QUICK_ORDER_MAX_BYTES) return refuseFile(FILE_TOO_LARGE);
    let content: string;
    try {
      content = await file.text();
    } catch {
      return refuseFile('This file could not be read. Choose it again.');
    }
    order.mutate({ file: { name: file.name, text: content } });
  }

  function removeFile() {
    if (fileInput.current) fileInput.current.value = '';
    setFile(null);
    setFileError(null);
    fileInput.current?.focus();
  }

  const status = order.isPending
    ? 'Adding the parts to your cart…'
    : order.data
      ? summaryOf(order.data)
      : '';

  return (
    <div className="min-h-[calc(100vh-4rem)] bg-slate-100">
      <div className="mx-auto flex max-w-4xl flex-col gap-6 px-4 py-8 sm:py-10">
        <header>
          <p className="text-sm font-semibold tracking-wider text-primary uppercase">Shopping</p>
          <h1 className="mt-1 text-3xl font-extrabold tracking-tight text-slate-900">
            Quick Order
          </h1>
          <p className="mt-2 max-w-2xl text-slate-700">
            Know your part numbers? Put a whole list in your cart at once, typed, pasted from a
            spreadsheet or as its CSV file.
          </p>
        </header>

        <form
          aria-label="Quick order"
          className={`${CARD} flex flex-col gap-5 p-5 sm:p-6`}
          onSubmit={(event) => void submit(event)}
          noValidate
        >
          <div>
            <label htmlFor={listId} className={FIELD_LABEL}>
              {LIST_LABEL}
            </label>
            <p id={`${listId}-hint`} className={`${FIELD_HINT} mt-0 mb-2`}>
              The part number, then the quantity, separated by a comma, a semicolon, a tab or a
              space. At most {QUICK_ORDER_MAX_LINES} lines.
            </p>
            <textarea
              ref={list}
              id={listId}
              rows={8}
              value={text}
              placeholder="PS-MEM-000012, 4"
              spellCheck={false}
              autoCapitalize="characters"
              aria-invalid={listError ? true : undefined}
              aria-describedby={describedBy(`${listId}-hint`, !!listError && `${listId}-error`)}
              className={`textarea w-full border bg-white font-mono ${fieldBorder(!!listError)}`}
              onChange={(event) => {
                setText(event.target.value);
                setListError(null);
              }}
            />
            {listError && (
              <p id={`${listId}-error`} className={FIELD_ERROR}>
                {listError}
              </p>
            )}
          </div>

          <div>
            <label htmlFor={fileId} className={FIELD_LABEL}>
              {FILE_LABEL}
            </label>
            <p id={`${fileId}-hint`} className={`${FIELD_HINT} mt-0 mb-2`}>
              A column of part numbers and one of quantities; a header line such as sku,quantity is
              fine. At most {QUICK_ORDER_MAX_BYTES / 1024} kB.
            </p>
            <div className="flex flex-wrap items-center gap-2">
              <input
                ref={fileInput}
                id={fileId}
                type="file"
                accept=".csv,text/csv"
                aria-invalid={fileError ? true : undefined}
                aria-describedby={describedBy(`${fileId}-hint`, !!fileError && `${fileId}-error`)}
                className={`file-input w-full max-w-md border bg-white ${fieldBorder(!!fileError)}`}
                onChange={(event) => {
                  setFile(event.target.files?.[0] ?? null);
                  setFileError(null);
                }}
              />
              {file && (
                <button type="button" className="btn btn-ghost btn-sm" onClick={removeFile}>
                  Remove the file
                </button>
              )}
            </div>
            {fileError && (
              <p id={`${fileId}-error`} className={FIELD_ERROR}>
                {fileError}
              </p>
            )}
          </div>

          {order.isError && (
            <p
              role="alert"
              className="rounded-lg border border-red-300 bg-red-50 p-4 font-semibold text-error"
            >
              {errorText(order.error)}
            </p>
          )}

          <button
            type="submit"
            className="btn btn-primary self-start"
            aria-disabled={order.isPending || undefined}
          >
            {order.isPending && <span aria-hidden="true" className="spinner size-4" />}
            {ADD_TO_CART}
          </button>
        </form>

        {/* Always there, so screen readers announce what comes into it. */}
        <p aria-live="polite" className="sr-only">
          {status}
        </p>

        {order.data && <QuickOrderResult answer={order.data} headingRef={resultHeading} />}
      </div>
    </div>
  );
}

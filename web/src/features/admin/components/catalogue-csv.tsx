import { useId, useRef, useState, type FormEvent } from 'react';
import {
  CATALOGUE_CSV_MAX_BYTES,
  type CatalogueImportAnswer,
  type CsvProblem,
} from '@partsmith/contract';
import { PARTS_CSV_URL } from '../api/export-parts.ts';
import {
  importProblems,
  useImportParts,
  usePreviewImport,
  type ImportFile,
} from '../api/import-parts.ts';
import { messageOf } from './admin-messages.ts';

const plural = (n: number, noun: string) => `${n} ${noun}${n === 1 ? '' : 's'}`;

/** "12 new, 3 changed, 40 unchanged": what a file does (or would do) to the catalogue. */
const importFigures = (a: Pick<CatalogueImportAnswer, 'created' | 'updated' | 'unchanged'>) =>
  `${a.created} new, ${a.updated} changed, ${a.unchanged} unchanged`;

const TOO_LARGE = `The file is too large: at most ${CATALOGUE_CSV_MAX_BYTES / 1024 / 1024} MB.`;

/** A file's problems by line and column, scrolling within its box (wide or long lists). */
function ProblemsTable({ problems }: { problems: readonly CsvProblem[] }) {
  return (
    // A region that scrolls must take the keyboard's focus (axe: scrollable-region-focusable).
    <div
      role="region"
      aria-label="Problems in the file"
      // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
      tabIndex={0}
      className="max-h-72 overflow-auto rounded-lg border border-slate-200"
    >
      <table className="w-full min-w-[20rem] text-left text-sm">
        <caption className="sr-only">Problems in the file</caption>
        <thead className="sticky top-0 bg-slate-100 text-slate-800">
          <tr>
            <th scope="col" className="px-3 py-2">
              Line
            </th>
            <th scope="col" className="px-3 py-2">
              Column
            </th>
            <th scope="col" className="px-3 py-2">
              Problem
            </th>
          </tr>
        </thead>
        <tbody>
          {problems.map((p, i) => (
            <tr key={i} className="border-t border-slate-200 align-top">
              <td className="px-3 py-2 tabular-nums">{p.line}</td>
              <td className="px-3 py-2 break-all">{p.column ?? '—'}</td>
              <td className="px-3 py-2">{p.message}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/**
 * The catalogue as a CSV file, on Manage Products: "Export CSV" downloads it; "Import CSV" first
 * checks a file without writing anything (a dry run) and shows what it would do ("12 new, 3
 * changed, 40 unchanged") or its problems by line and column, then imports it when the admin
 * confirms, and says what it did.
 */
export function CatalogueCsv() {
  const preview = usePreviewImport();
  const importing = useImportParts();
  const fileId = useId();
  const previewId = useId();
  const input = useRef<HTMLInputElement>(null);
  const form = useRef<HTMLFormElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [missing, setMissing] = useState(false);
  const [tooLarge, setTooLarge] = useState(false);
  /** The file read for the preview: the import sends the same text. */
  const [chosen, setChosen] = useState<ImportFile | null>(null);
  const [cancelled, setCancelled] = useState(false);

  /** Back to a file to choose, focus on its field (the buttons that had it are gone). */
  function startOver() {
    preview.reset();
    form.current?.reset();
    setFile(null);
    setChosen(null);
    input.current?.focus();
  }

  async function check(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (preview.isPending || importing.isPending) return;
    if (!file) return setMissing(true);
    importing.reset();
    setCancelled(false);
    if (file.size > CATALOGUE_CSV_MAX_BYTES) return setTooLarge(true);
    const read = { name: file.name, text: await file.text() };
    setChosen(read);
    preview.mutate(read);
  }

  function confirm() {
    if (!chosen || importing.isPending) return;
    importing.mutate(chosen, { onSuccess: startOver });
  }

  function cancel() {
    startOver();
    setCancelled(true);
  }

  // The preview of the file chosen now (not of one chosen before).
  const checked = chosen && preview.isSuccess ? { ...preview.data, name: chosen.name } : undefined;
  const errors = checked?.errors ?? [];
  const errorLines = new Set(errors.map((e) => e.line)).size;
  const nothingToDo = checked && checked.created + checked.updated === 0;
  const refusedProblems = importing.isError ? importProblems(importing.error) : [];
  const status = preview.isPending
    ? `Checking ${chosen?.name ?? 'the file'}…`
    : importing.isPending
      ? `Importing ${chosen?.name ?? 'the file'}…`
      : importing.isSuccess
        ? `Imported ${importing.variables.name}: ${importFigures(importing.data)}`
        : checked
          ? `${checked.name}: ${importFigures(checked)}${errors.length > 0 ? `, ${plural(errors.length, 'problem')}` : ''}`
          : cancelled
            ? 'Import cancelled: nothing was changed.'
            : '';

  return (
    <div className="flex basis-full flex-col gap-3">
      <div className="flex flex-wrap items-end gap-3">
        <a
          className="btn btn-outline btn-sm border-slate-300 text-white"
          href={PARTS_CSV_URL}
          download
        >
          Export CSV
        </a>
        <form ref={form} className="flex flex-wrap items-end gap-2" onSubmit={check} noValidate>
          <div className="flex max-w-full flex-col gap-1">
            <label htmlFor={fileId} className="text-sm font-semibold text-slate-100">
              CSV file to import
            </label>
            <input
              ref={input}
              id={fileId}
              type="file"
              accept=".csv,text/csv"
              aria-invalid={missing || tooLarge || undefined}
              aria-describedby={missing || tooLarge ? `${fileId}-problem` : undefined}
              className="file-input file-input-sm max-w-full border-slate-500 bg-white text-slate-900"
              onChange={(event) => {
                setFile(event.target.files?.[0] ?? null);
                setMissing(false);
                setTooLarge(false);
                setChosen(null);
                setCancelled(false);
                preview.reset();
                importing.reset();
              }}
            />
          </div>
          <button
            type="submit"
            className="btn btn-primary btn-sm"
            aria-disabled={preview.isPending || importing.isPending || undefined}
          >
            {preview.isPending && <span aria-hidden="true" className="spinner size-4" />}
            Import CSV
          </button>
        </form>
      </div>
      {(missing || tooLarge) && (
        <p id={`${fileId}-problem`} role="alert" className="text-sm font-semibold text-orange-200">
          {missing ? 'Choose a CSV file first.' : TOO_LARGE}
        </p>
      )}
      {/* A live region that is always there, so screen readers announce what comes into it. */}
      <p aria-live="polite" className="text-sm font-semibold text-slate-100 empty:hidden">
        {status}
      </p>
      {preview.isError && (
        <p role="alert" className="rounded-box bg-white p-4 font-semibold text-red-800">
          {messageOf(preview.error)}
        </p>
      )}
      {checked && (
        <section
          aria-labelledby={previewId}
          className="rounded-box flex flex-col gap-3 bg-white p-4 text-slate-900"
        >
          <h2 id={previewId} className="text-lg font-bold break-all">
            Preview: {checked.name}
          </h2>
          <p className="font-semibold">{importFigures(checked)}</p>
          {errors.length > 0 ? (
            <>
              <p className="font-semibold text-red-800">
                {plural(errorLines, 'line')} of the file {errorLines === 1 ? 'has' : 'have'}{' '}
                problems: fix them and choose the file again. Nothing was imported.
              </p>
              <ProblemsTable problems={errors} />
            </>
          ) : nothingToDo ? (
            <p>Nothing to import: every part in the file is as it is in the shop.</p>
          ) : (
            <p>
              Import {plural(checked.created, 'new part')} and change{' '}
              {plural(checked.updated, 'part')}? Parts not in the file stay as they are.
            </p>
          )}
          <div className="flex flex-wrap gap-2">
            {errors.length === 0 && !nothingToDo && (
              <button
                type="button"
                className="btn btn-primary btn-sm"
                aria-disabled={importing.isPending || undefined}
                onClick={confirm}
              >
                {importing.isPending && <span aria-hidden="true" className="spinner size-4" />}
                Import
              </button>
            )}
            <button
              type="button"
              className="btn btn-outline btn-sm"
              aria-disabled={importing.isPending || undefined}
              onClick={() => !importing.isPending && cancel()}
            >
              {errors.length === 0 && !nothingToDo ? 'Cancel' : 'Close'}
            </button>
          </div>
        </section>
      )}
      {importing.isError && (
        <div className="rounded-box flex flex-col gap-2 bg-white p-4 text-slate-900">
          <p role="alert" className="font-semibold text-red-800">
            {messageOf(importing.error)}
          </p>
          {refusedProblems.length > 0 && <ProblemsTable problems={refusedProblems} />}
        </div>
      )}
    </div>
  );
}

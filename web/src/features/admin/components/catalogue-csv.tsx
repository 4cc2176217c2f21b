import { useId, useState, type FormEvent } from 'react';
import { PARTS_CSV_URL } from '../api/export-parts.ts';
import { importProblems, useImportParts } from '../api/import-parts.ts';
import { messageOf } from './admin-messages.ts';

const plural = (n: number, noun: string) => `${n} ${noun}${n === 1 ? '' : 's'}`;

/**
 * The catalogue as a CSV file, on Manage Products: "Export CSV" downloads it; "Import CSV" sends
 * a file's text and says how many parts it added, or lists the file's problems by line (nothing
 * is added then).
 */
export function CatalogueCsv() {
  const importing = useImportParts();
  const fileId = useId();
  const [file, setFile] = useState<File | null>(null);
  const [missing, setMissing] = useState(false);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    if (importing.isPending) return;
    if (!file) return setMissing(true);
    importing.mutate(file, {
      onSuccess: () => {
        form.reset();
        setFile(null);
      },
    });
  }

  const problems = importing.isError ? importProblems(importing.error) : [];
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
        <form className="flex flex-wrap items-end gap-2" onSubmit={submit} noValidate>
          <div className="flex flex-col gap-1">
            <label htmlFor={fileId} className="text-sm font-semibold text-slate-100">
              CSV file to import
            </label>
            <input
              id={fileId}
              type="file"
              accept=".csv,text/csv"
              aria-invalid={missing || undefined}
              aria-describedby={missing ? `${fileId}-missing` : undefined}
              className="file-input file-input-sm max-w-full border-slate-500 bg-white text-slate-900"
              onChange={(event) => {
                setFile(event.target.files?.[0] ?? null);
                setMissing(false);
                importing.reset();
              }}
            />
          </div>
          <button
            type="submit"
            className="btn btn-primary btn-sm"
            aria-disabled={importing.isPending || undefined}
          >
            {importing.isPending && <span aria-hidden="true" className="spinner size-4" />}
            Import CSV
          </button>
        </form>
      </div>
      {missing && (
        <p id={`${fileId}-missing`} role="alert" className="text-sm font-semibold text-orange-200">
          Choose a CSV file first.
        </p>
      )}
      {/* A live region that is always there, so screen readers announce what comes into it. */}
      <p aria-live="polite" className="text-sm font-semibold text-slate-100 empty:hidden">
        {importing.isPending
          ? `Importing ${file?.name ?? 'the file'}…`
          : importing.isSuccess
            ? `Imported ${plural(importing.data.insertedCount, 'part')}`
            : ''}
      </p>
      {importing.isError && (
        <div className="rounded-box bg-white p-4 text-slate-900">
          <p role="alert" className="font-semibold text-red-800">
            {messageOf(importing.error)}
          </p>
          {problems.length > 0 && (
            <ul
              aria-label="Problems in the file"
              className="mt-2 max-h-72 list-disc overflow-y-auto pl-5 text-sm"
            >
              {problems.map((p, i) => (
                <li key={i}>
                  Line {p.line}
                  {p.column ? `, ${p.column}` : ''}: {p.message}
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
    </div>
  );
}

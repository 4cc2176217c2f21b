import { useId, useState } from 'react';
import { ordersCsvUrl } from '../api/get-sales.ts';
import { Section } from './figures-layout.tsx';

/** The accounting export: the orders of a date range as a CSV file. */
export function CsvExport() {
  const id = useId();
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const backwards = Boolean(from && to && from > to);
  return (
    <Section title="Export orders">
      <p className="text-sm text-slate-700">
        The orders placed between two days (UTC, both included) as a CSV file for your accounts.
        Leave a date empty to start at the first order or end today.
      </p>
      <div className="flex flex-wrap items-end gap-3">
        <div>
          <label htmlFor={`${id}-from`} className="mb-1 block text-sm font-semibold text-slate-900">
            From
          </label>
          <input
            id={`${id}-from`}
            type="date"
            value={from}
            onChange={(event) => setFrom(event.target.value)}
            className="input input-sm border border-slate-500 bg-white"
          />
        </div>
        <div>
          <label htmlFor={`${id}-to`} className="mb-1 block text-sm font-semibold text-slate-900">
            To
          </label>
          <input
            id={`${id}-to`}
            type="date"
            value={to}
            aria-invalid={backwards || undefined}
            aria-describedby={backwards ? `${id}-error` : undefined}
            onChange={(event) => setTo(event.target.value)}
            className={`input input-sm border bg-white ${backwards ? 'border-error' : 'border-slate-500'}`}
          />
        </div>
        {backwards ? (
          <span className="btn btn-sm btn-disabled" aria-disabled="true">
            Download CSV
          </span>
        ) : (
          <a className="btn btn-primary btn-sm" href={ordersCsvUrl({ from, to })} download>
            Download CSV
          </a>
        )}
      </div>
      {backwards && (
        <p id={`${id}-error`} className="text-sm font-medium text-error">
          From must not be after To.
        </p>
      )}
    </Section>
  );
}

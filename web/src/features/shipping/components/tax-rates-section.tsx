import type { TaxRate } from '@partsmith/contract';
import { useId, useRef, useState } from 'react';
import { toast } from 'sonner';
import { LoadFailed } from '../../../components/ui/load-failed.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { confirmDialog, showErrorDialog } from '../../../lib/dialogs.ts';
import { errorText } from '../../../lib/error-text.ts';
import { useDeleteTaxRate } from '../api/delete-tax-rate.ts';
import { useTaxRates } from '../api/get-tax-rates.ts';
import { ratePlace, rateText } from './shipping-text.ts';
import { TaxRateForm } from './tax-rate-form.tsx';
import { CARD } from './zones-section.tsx';

export const RATE_DELETED = 'Tax rate deleted';

/** The question before a rate is deleted: where it stops being charged. */
export const deleteRateText = (rate: TaxRate) =>
  `"${rate.name}" (${rateText(rate.rate)}) will no longer be charged in ${ratePlace(rate)}.`;

export const NO_RATE_NOTE =
  'Places without a rate pay no sales tax; exports say duties and taxes are paid on import.';

/** One rate's row: place, name, rate, whether shipping is taxed, Edit and Delete. */
function RateRow({
  rate,
  onEdit,
  onDeleted,
}: {
  rate: TaxRate;
  onEdit: () => void;
  onDeleted: () => void;
}) {
  const remove = useDeleteTaxRate();
  const onDelete = async () => {
    if (remove.isPending || !(await confirmDialog(deleteRateText(rate)))) return;
    try {
      await remove.mutateAsync(rate._id);
      toast.success(RATE_DELETED, { description: `${rate.name} (${ratePlace(rate)})` });
      onDeleted();
    } catch (failed) {
      void showErrorDialog(errorText(failed));
    }
  };
  return (
    <tr>
      <th scope="row" className="font-semibold break-words text-slate-900">
        {ratePlace(rate)}
      </th>
      <td className="break-words">{rate.name}</td>
      <td className="tabular-nums">{rateText(rate.rate)}</td>
      <td>{rate.shippingTaxed ? 'Yes' : 'No'}</td>
      <td>
        <div className="flex justify-end gap-2">
          <button
            type="button"
            className="btn btn-outline btn-sm"
            aria-label={`Edit ${rate.name}`}
            onClick={onEdit}
          >
            Edit
          </button>
          <button
            type="button"
            className="btn btn-outline btn-sm border-red-700 text-red-800 hover:bg-red-50"
            aria-label={`Delete ${rate.name}`}
            aria-disabled={remove.isPending || undefined}
            onClick={() => void onDelete()}
          >
            Delete
          </button>
        </div>
      </td>
    </tr>
  );
}

/**
 * "Sales tax rates": a country's rate and its regions' (they add up where both apply), the
 * percentage and whether shipping is taxed; "Add a rate" above them.
 */
export function TaxRatesSection() {
  const headingId = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  const rates = useTaxRates();
  // The form open: a new rate (null) or one to change.
  const [editing, setEditing] = useState<{ rate: TaxRate | null } | null>(null);
  const { data } = rates;

  return (
    <section aria-labelledby={headingId} className={`${CARD} flex flex-col gap-4 p-5 sm:p-8`}>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h2
            ref={heading}
            id={headingId}
            tabIndex={-1}
            className="text-xl font-bold text-slate-900"
          >
            Sales tax rates
          </h2>
          <p className="mt-1 max-w-2xl text-slate-700">
            A country&rsquo;s rate and its region&rsquo;s add up where both apply.
          </p>
        </div>
        <button
          type="button"
          className="btn btn-primary shrink-0"
          onClick={() => setEditing({ rate: null })}
        >
          Add a rate
        </button>
      </div>
      {rates.isPending ? (
        <Spinner label="Loading the tax rates" className="py-6" />
      ) : !data ? (
        <LoadFailed what="the tax rates" query={rates} />
      ) : data.length === 0 ? (
        <p className="text-slate-700">No tax rates yet: no place pays sales tax.</p>
      ) : (
        <div className="overflow-x-auto rounded-lg border border-slate-200">
          <table className="table min-w-[36rem] text-base">
            <caption className="sr-only">Sales tax rates</caption>
            <thead className="bg-slate-100 text-sm text-slate-800">
              <tr>
                <th scope="col">Place</th>
                <th scope="col">Name</th>
                <th scope="col">Rate</th>
                <th scope="col">Shipping taxed</th>
                <th scope="col" className="text-right">
                  <span className="sr-only">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {data.map((rate) => (
                <RateRow
                  key={rate._id}
                  rate={rate}
                  onEdit={() => setEditing({ rate })}
                  onDeleted={() => heading.current?.focus()}
                />
              ))}
            </tbody>
          </table>
        </div>
      )}
      <p className="text-sm text-slate-700">{NO_RATE_NOTE}</p>
      {editing && <TaxRateForm rate={editing.rate ?? undefined} onClose={() => setEditing(null)} />}
    </section>
  );
}

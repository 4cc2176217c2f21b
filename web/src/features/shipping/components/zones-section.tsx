import type { ShippingMethod, ShippingZone } from '@partsmith/contract';
import { useId, useRef, useState, type RefObject } from 'react';
import { toast } from 'sonner';
import { LoadFailed } from '../../../components/ui/load-failed.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { confirmDialog, showErrorDialog } from '../../../lib/dialogs.ts';
import { errorText } from '../../../lib/error-text.ts';
import { formatDollars } from '../../../lib/money.ts';
import { useDeleteShippingMethod } from '../api/delete-shipping-method.ts';
import { useDeleteShippingZone } from '../api/delete-shipping-zone.ts';
import { useShippingZones } from '../api/get-shipping-zones.ts';
import { MethodForm } from './method-form.tsx';
import { deliveryText, freeAboveText, KIND_NAMES, placesText } from './shipping-text.ts';
import { ZoneForm } from './zone-form.tsx';

export const ZONE_DELETED = 'Shipping zone deleted';
export const METHOD_DELETED = 'Shipping method deleted';

/** The question before a zone is deleted: what goes with it. */
export function deleteZoneText(zone: ShippingZone) {
  const count = zone.methods.length;
  const what =
    count === 0
      ? `The zone "${zone.name}"`
      : `The zone "${zone.name}" and its ${count === 1 ? 'method' : `${count} methods`}`;
  return `${what} will be deleted. Its places then take another zone's methods, or cannot be shipped to.`;
}

/** The question before a method is deleted. */
export const deleteMethodText = (method: ShippingMethod, zone: ShippingZone) =>
  `"${method.name}" will no longer be offered for ${zone.name}.`;

export const CARD = 'rounded-box bg-white shadow-sm ring-1 ring-slate-900/5';
const DELETE_BUTTON = 'btn btn-outline btn-sm border-red-700 text-red-800 hover:bg-red-50';

/** An empty cell that still tells screen readers why nothing is there. */
export function NoValue({ why }: { why: string }) {
  return (
    <>
      <span aria-hidden="true">—</span>
      <span className="sr-only">{why}</span>
    </>
  );
}

/** Asks, deletes, says so; a refusal shows in the error dialog. Focus goes to `after`. */
async function deleteAfterAsking(
  question: string,
  remove: () => Promise<unknown>,
  done: { title: string; description: string },
  after: RefObject<HTMLElement | null>,
) {
  if (!(await confirmDialog(question))) return;
  try {
    await remove();
    toast.success(done.title, { description: done.description });
    // The button pressed is gone: the keyboard stays near it.
    after.current?.focus();
  } catch (failed) {
    void showErrorDialog(errorText(failed));
  }
}

/**
 * A zone's methods: name, how priced, price (and per kg), free above, delivery; each with Edit
 * and Delete. Compact, so that beside the dashboard's menu (1024 px) every column fits; scrolls
 * sideways on a phone rather than squeezing the columns.
 */
function MethodsTable({
  zone,
  onEdit,
  onDelete,
}: {
  zone: ShippingZone;
  onEdit: (method: ShippingMethod) => void;
  onDelete: (method: ShippingMethod) => void;
}) {
  return (
    <div className="overflow-x-auto rounded-lg border border-slate-200">
      <table className="table min-w-[38rem] text-sm [&_:is(th,td)]:px-2.5">
        <caption className="sr-only">Shipping methods of {zone.name}</caption>
        <thead className="bg-slate-100 text-sm text-slate-800">
          <tr>
            <th scope="col">Method</th>
            <th scope="col">Priced</th>
            <th scope="col">Price</th>
            <th scope="col">Free above</th>
            <th scope="col">Delivery</th>
            <th scope="col" className="text-right">
              <span className="sr-only">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {zone.methods.map((method) => (
            <tr key={method._id}>
              <th scope="row" className="font-semibold break-words text-slate-900">
                {method.name}
              </th>
              <td className="whitespace-nowrap">{KIND_NAMES[method.kind]}</td>
              <td className="tabular-nums">
                <span className="whitespace-nowrap">{formatDollars(method.price)}</span>
                {method.kind === 'weight' && (
                  <span className="block whitespace-nowrap">
                    + {formatDollars(method.perKg)} per kg
                  </span>
                )}
              </td>
              <td>{freeAboveText(method.freeAbove) ?? <NoValue why="Never free" />}</td>
              <td>{deliveryText(method.days)}</td>
              <td>
                <div className="flex justify-end gap-2">
                  <button
                    type="button"
                    className="btn btn-outline btn-sm"
                    aria-label={`Edit ${method.name} (${zone.name})`}
                    onClick={() => onEdit(method)}
                  >
                    Edit
                  </button>
                  <button
                    type="button"
                    className={DELETE_BUTTON}
                    aria-label={`Delete ${method.name} (${zone.name})`}
                    onClick={() => onDelete(method)}
                  >
                    Delete
                  </button>
                </div>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** What a zone card has open: the zone's form, or a method's (a new one without `method`). */
type Editing = { form: 'zone' } | { form: 'method'; method?: ShippingMethod } | null;

/** One zone: its name and places, its methods, and the buttons that change them. */
function ZoneCard({
  zone,
  listHeading,
}: {
  zone: ShippingZone;
  listHeading: RefObject<HTMLHeadingElement | null>;
}) {
  const id = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  const [editing, setEditing] = useState<Editing>(null);
  const removeZone = useDeleteShippingZone();
  const removeMethod = useDeleteShippingMethod();
  const close = () => setEditing(null);

  const onDeleteZone = () =>
    deleteAfterAsking(
      deleteZoneText(zone),
      () => removeZone.mutateAsync(zone._id),
      { title: ZONE_DELETED, description: zone.name },
      listHeading,
    );
  const onDeleteMethod = (method: ShippingMethod) =>
    deleteAfterAsking(
      deleteMethodText(method, zone),
      () => removeMethod.mutateAsync(method._id),
      { title: METHOD_DELETED, description: `${method.name} (${zone.name})` },
      heading,
    );

  return (
    <article aria-labelledby={id} className={`${CARD} flex flex-col gap-4 p-5`}>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div className="min-w-0">
          <h3
            ref={heading}
            id={id}
            tabIndex={-1}
            className="text-lg font-bold break-words text-slate-900"
          >
            {zone.name}
          </h3>
          <p className="mt-1 break-words text-slate-800">
            <span className="font-semibold">Ships to:</span> {placesText(zone)}
          </p>
        </div>
        <div className="flex shrink-0 gap-2">
          <button
            type="button"
            className="btn btn-outline btn-sm"
            aria-label={`Edit zone ${zone.name}`}
            onClick={() => setEditing({ form: 'zone' })}
          >
            Edit zone
          </button>
          <button
            type="button"
            className={DELETE_BUTTON}
            aria-label={`Delete zone ${zone.name}`}
            aria-disabled={removeZone.isPending || undefined}
            onClick={() => {
              if (!removeZone.isPending) void onDeleteZone();
            }}
          >
            Delete zone
          </button>
        </div>
      </div>
      {zone.methods.length === 0 ? (
        <p className="text-slate-700">
          No methods yet: orders to these places cannot be shipped until you add one.
        </p>
      ) : (
        <MethodsTable
          zone={zone}
          onEdit={(method) => setEditing({ form: 'method', method })}
          onDelete={(method) => void onDeleteMethod(method)}
        />
      )}
      <div>
        <button
          type="button"
          className="btn btn-primary btn-sm"
          aria-label={`Add a method to ${zone.name}`}
          onClick={() => setEditing({ form: 'method' })}
        >
          Add a method
        </button>
      </div>
      {editing?.form === 'zone' && <ZoneForm zone={zone} onClose={close} />}
      {editing?.form === 'method' && (
        <MethodForm zone={zone} method={editing.method} onClose={close} />
      )}
    </article>
  );
}

/**
 * "Shipping zones": where the shop ships, each zone with its methods, in the order the zones are
 * tried; "Add a zone" above them.
 */
export function ZonesSection() {
  const headingId = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  const zones = useShippingZones();
  const [adding, setAdding] = useState(false);
  const { data } = zones;

  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-4">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h2
            ref={heading}
            id={headingId}
            tabIndex={-1}
            className="text-xl font-bold text-slate-900"
          >
            Shipping zones
          </h2>
          <p className="mt-1 max-w-2xl text-slate-700">
            A destination takes the zone that names its region, else the one that names its country,
            else the rest of the world&rsquo;s.
          </p>
        </div>
        <button type="button" className="btn btn-primary shrink-0" onClick={() => setAdding(true)}>
          Add a zone
        </button>
      </div>
      {zones.isPending ? (
        <Spinner label="Loading the shipping zones" className="py-10" />
      ) : !data ? (
        <LoadFailed what="the shipping zones" query={zones} />
      ) : data.length === 0 ? (
        <p className={`${CARD} p-5 text-slate-700`}>
          No shipping zones yet: nothing can be shipped. Add the first zone.
        </p>
      ) : (
        <ul className="flex flex-col gap-4">
          {data.map((zone) => (
            <li key={zone._id}>
              <ZoneCard zone={zone} listHeading={heading} />
            </li>
          ))}
        </ul>
      )}
      {adding && <ZoneForm onClose={() => setAdding(false)} />}
    </section>
  );
}

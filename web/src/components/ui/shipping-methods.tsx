import type { ShippingOption } from '@partsmith/contract';
import { formatDollars } from '../../lib/money.ts';
import { deliveryDays } from './money-summary.tsx';

/**
 * The shipping methods that reach the chosen address, priced for this order, as radios (the
 * cart's checkout and a quote's acceptance). `selected` is the method priced now.
 */
export function ShippingMethods({
  options,
  selected,
  onSelect,
  disabled,
}: {
  options: readonly ShippingOption[];
  selected: string | null;
  onSelect: (id: string) => void;
  disabled?: boolean;
}) {
  if (options.length === 0) return null;
  return (
    <fieldset className="flex flex-col gap-2" disabled={disabled}>
      <legend className="mb-1 font-semibold text-slate-900">Shipping method</legend>
      {options.map((option) => (
        <label
          key={option.id}
          className="flex cursor-pointer items-center gap-3 rounded-box border border-slate-300 bg-white p-3 has-[:checked]:border-primary has-[:checked]:ring-1 has-[:checked]:ring-primary"
        >
          <input
            type="radio"
            name="shipping-method"
            className="radio radio-primary radio-sm"
            value={option.id}
            checked={selected === option.id}
            onChange={() => onSelect(option.id)}
          />
          <span className="flex grow flex-col">
            <span className="font-medium text-slate-900">{option.name}</span>
            <span className="text-sm text-slate-700">{deliveryDays(option.days)}</span>
          </span>
          <span className="font-semibold text-slate-900 tabular-nums">
            {option.price === 0 ? 'Free' : formatDollars(option.price)}
          </span>
        </label>
      ))}
    </fieldset>
  );
}

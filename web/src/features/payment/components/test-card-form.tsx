import { zodResolver } from '@hookform/resolvers/zod';
import { TestCardBody } from '@partsmith/contract';
import { useId, useState } from 'react';
import { useForm, type UseFormRegisterReturn } from 'react-hook-form';
import { ApiError } from '../../../lib/api-client.ts';
import { useConfirmTestCard } from '../api/confirm-test-card.ts';
import {
  CardError,
  FIELD_ERROR,
  FIELD_LABEL,
  fieldBorder,
  PayButton,
  type CardFormProps,
} from './card-form-parts.tsx';

export const TEST_MODE_NOTE =
  'Test mode: use 4242 4242 4242 4242, any future date and any CVC. No real card is charged.';

/** The card's digits in groups of four: '4242 4242 4242 4242' (at most 19 digits). */
export function formatCardNumber(raw: string): string {
  const digits = raw.replace(/\D/g, '').slice(0, 19);
  return digits.replace(/(\d{4})(?=\d)/g, '$1 ');
}

/** 'MM / YY' as the digits come: '1' -> '1', '122' -> '12 / 2', '4' -> '04', '12/2030' -> '12 / 30'. */
export function formatExpiry(raw: string): string {
  const withFullYear = /^\s*(\d{1,2})\s*\/\s*(\d{4})\s*$/.exec(raw);
  if (withFullYear) {
    return `${withFullYear[1]!.padStart(2, '0')} / ${withFullYear[2]!.slice(2)}`;
  }
  let digits = raw.replace(/\D/g, '');
  // No month starts with 2-9: that digit is the month itself.
  if (/^[2-9]/.test(digits)) digits = `0${digits}`;
  digits = digits.slice(0, 4);
  return digits.length > 2 ? `${digits.slice(0, 2)} / ${digits.slice(2)}` : digits;
}

export const formatCvc = (raw: string) => raw.replace(/\D/g, '').slice(0, 4);

/** The contract's card fields; the client secret and e-mail come from the page. */
const CardFields = TestCardBody.pick({ number: true, expiry: true, cvc: true, name: true });

/** Reformats the box's text as it is typed, then hands it to react-hook-form. */
function formatted(
  registration: UseFormRegisterReturn,
  format: (raw: string) => string,
): UseFormRegisterReturn {
  return {
    ...registration,
    onChange: (event) => {
      const input = event.target as HTMLInputElement;
      const next = format(input.value);
      if (next !== input.value) input.value = next;
      return registration.onChange(event);
    },
  };
}

/** The card form for the built-in test processor (provider 'test'): our own labelled fields. */
export function TestCardForm({
  clientSecret,
  amount,
  defaultName,
  email,
  locked,
  recording,
  onSucceeded,
}: CardFormProps) {
  const id = useId();
  const ids = {
    note: `${id}-note`,
    number: `${id}-number`,
    expiry: `${id}-expiry`,
    cvc: `${id}-cvc`,
    name: `${id}-name`,
    hint: `${id}-hint`,
  };
  const confirm = useConfirmTestCard();
  const [cardError, setCardError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm({
    resolver: zodResolver(CardFields),
    defaultValues: { number: '', expiry: '', cvc: '', name: defaultName },
  });

  const onSubmit = handleSubmit((values) => {
    if (!clientSecret || locked) return;
    setCardError(null);
    confirm.mutate(
      {
        clientSecret,
        number: values.number.replace(/\s+/g, ''),
        expiry: values.expiry,
        cvc: values.cvc,
        name: values.name || undefined,
        email,
      },
      {
        onSuccess: (answer) => onSucceeded(answer.id),
        onError: (error) =>
          setCardError(
            error instanceof ApiError
              ? error.message
              : 'Your card could not be charged. Please try again.',
          ),
      },
    );
  });

  const describe = (field: 'number' | 'expiry' | 'cvc' | 'name') =>
    errors[field] ? `${ids[field]}-error` : undefined;
  const fieldError = (field: 'number' | 'expiry' | 'cvc' | 'name') =>
    errors[field] && (
      <p id={`${ids[field]}-error`} className={FIELD_ERROR}>
        {errors[field].message}
      </p>
    );

  return (
    <form
      noValidate
      onSubmit={onSubmit}
      aria-label="Card payment"
      aria-describedby={ids.note}
      className="flex flex-col gap-5"
    >
      <p
        id={ids.note}
        className="rounded-lg border border-sky-300 bg-sky-50 px-4 py-3 text-sm text-slate-900"
      >
        {TEST_MODE_NOTE}
      </p>

      <div>
        <label htmlFor={ids.number} className={FIELD_LABEL}>
          Card number
        </label>
        <input
          id={ids.number}
          type="text"
          inputMode="numeric"
          autoComplete="cc-number"
          spellCheck={false}
          maxLength={23}
          placeholder="1234 1234 1234 1234"
          className={`input w-full border font-mono tracking-wide ${fieldBorder(!!errors.number)}`}
          aria-invalid={errors.number ? true : undefined}
          aria-describedby={describe('number')}
          {...formatted(register('number'), formatCardNumber)}
        />
        {fieldError('number')}
      </div>

      <div className="grid grid-cols-2 gap-4">
        <div>
          <label htmlFor={ids.expiry} className={FIELD_LABEL}>
            Expiry (MM / YY)
          </label>
          <input
            id={ids.expiry}
            type="text"
            inputMode="numeric"
            autoComplete="cc-exp"
            spellCheck={false}
            maxLength={7}
            placeholder="MM / YY"
            className={`input w-full border font-mono ${fieldBorder(!!errors.expiry)}`}
            aria-invalid={errors.expiry ? true : undefined}
            aria-describedby={describe('expiry')}
            {...formatted(register('expiry'), formatExpiry)}
          />
          {fieldError('expiry')}
        </div>
        <div>
          <label htmlFor={ids.cvc} className={FIELD_LABEL}>
            CVC
          </label>
          <input
            id={ids.cvc}
            type="text"
            inputMode="numeric"
            autoComplete="cc-csc"
            spellCheck={false}
            maxLength={4}
            placeholder="123"
            className={`input w-full border font-mono ${fieldBorder(!!errors.cvc)}`}
            aria-invalid={errors.cvc ? true : undefined}
            aria-describedby={describe('cvc')}
            {...formatted(register('cvc'), formatCvc)}
          />
          {fieldError('cvc')}
        </div>
      </div>

      <div>
        <label htmlFor={ids.name} className={FIELD_LABEL}>
          Name on card
        </label>
        <input
          id={ids.name}
          type="text"
          autoComplete="cc-name"
          className={`input w-full border ${fieldBorder(!!errors.name)}`}
          aria-invalid={errors.name ? true : undefined}
          aria-describedby={describe('name')}
          {...register('name')}
        />
        {fieldError('name')}
      </div>

      <PayButton
        amount={amount}
        ready
        clientSecret={clientSecret}
        locked={locked}
        busy={confirm.isPending || recording}
        hintId={ids.hint}
      />
      <CardError message={cardError} />
    </form>
  );
}

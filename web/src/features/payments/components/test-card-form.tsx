import { zodResolver } from '@hookform/resolvers/zod';
import { TestCardBody } from '@partsmith/contract';
import { useState } from 'react';
import { useForm, type UseFormRegisterReturn } from 'react-hook-form';
import { fieldBorder, FormField } from '../../../components/ui/form-field.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { useFieldIds } from '../../../lib/field-ids.ts';
import { useConfirmTestCard } from '../api/confirm-test-card.ts';
import { CardFormFrame, type CardFormProps } from './card-form-parts.tsx';

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
export function TestCardForm(card: CardFormProps) {
  const { clientSecret, defaultName, email, locked, onSucceeded } = card;
  const ids = useFieldIds('note', 'number', 'expiry', 'cvc', 'name');
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

  /** A box for digits in a monospaced font, reformatted as they are typed. */
  const digits = (
    field: 'number' | 'expiry' | 'cvc',
    format: (raw: string) => string,
    font = 'font-mono',
  ) => ({
    type: 'text',
    inputMode: 'numeric' as const,
    spellCheck: false,
    className: `input w-full border ${font} ${fieldBorder(!!errors[field])}`,
    ...formatted(register(field), format),
  });

  return (
    <CardFormFrame
      card={card}
      ready
      charging={confirm.isPending}
      error={cardError}
      onSubmit={onSubmit}
      describedBy={ids.note}
    >
      <p
        id={ids.note}
        className="rounded-lg border border-sky-300 bg-sky-50 px-4 py-3 text-sm text-slate-900"
      >
        {TEST_MODE_NOTE}
      </p>

      <FormField id={ids.number} label="Card number" error={errors.number?.message}>
        {(props) => (
          <input
            {...props}
            {...digits('number', formatCardNumber, 'font-mono tracking-wide')}
            autoComplete="cc-number"
            maxLength={23}
            placeholder="1234 1234 1234 1234"
          />
        )}
      </FormField>

      {/* Expiry the wider: its label stays on one line at 375 px, level with the CVC's. */}
      <div className="grid grid-cols-[3fr_2fr] gap-4">
        <FormField id={ids.expiry} label="Expiry (MM / YY)" error={errors.expiry?.message}>
          {(props) => (
            <input
              {...props}
              {...digits('expiry', formatExpiry)}
              autoComplete="cc-exp"
              maxLength={7}
              placeholder="MM / YY"
            />
          )}
        </FormField>
        <FormField id={ids.cvc} label="CVC" error={errors.cvc?.message}>
          {(props) => (
            <input
              {...props}
              {...digits('cvc', formatCvc)}
              autoComplete="cc-csc"
              maxLength={4}
              placeholder="123"
            />
          )}
        </FormField>
      </div>

      <FormField id={ids.name} label="Name on card" error={errors.name?.message}>
        {(props) => (
          <input
            {...props}
            type="text"
            autoComplete="cc-name"
            className={`input w-full border ${fieldBorder(!!errors.name)}`}
            {...register('name')}
          />
        )}
      </FormField>
    </CardFormFrame>
  );
}

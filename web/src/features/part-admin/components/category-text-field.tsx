import type { InputHTMLAttributes } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { fieldBorder, FormField as Field } from '../../../components/ui/form-field.tsx';

/** A box for a code word (a short name, a key): no capitals or spelling fixes on a phone. */
export const CODE_WORD = { autoCapitalize: 'none', spellCheck: false } as const;

/** A labelled text box, its error and hint tied to it; `field` is what register() gives it. */
export function TextField({
  id,
  label,
  error,
  hint,
  field,
  ...box
}: {
  id: string;
  label: string;
  error: string | undefined;
  hint?: string;
  field: UseFormRegisterReturn;
} & Pick<
  InputHTMLAttributes<HTMLInputElement>,
  'maxLength' | 'placeholder' | 'autoCapitalize' | 'spellCheck' | 'readOnly'
>) {
  return (
    <Field id={id} label={label} error={error} hint={hint}>
      {(props) => (
        <input
          {...props}
          type="text"
          autoComplete="off"
          className={`input w-full border ${box.readOnly ? 'bg-slate-100' : 'bg-white'} ${fieldBorder(!!error)}`}
          {...box}
          {...field}
        />
      )}
    </Field>
  );
}

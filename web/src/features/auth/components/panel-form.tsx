import type { FormEventHandler, ReactNode } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { AuthField } from './auth-field.tsx';
import { PillMessage } from './pill-message.tsx';
import type { AuthPanelProps } from './sign-up-panel.tsx';
import { SocialButtons } from './social-buttons.tsx';
import { ReadyFieldset } from '../../../components/ui/ready-fieldset.tsx';

/**
 * The body the sign-in and sign-up panels share: heading, social buttons, the panel's message,
 * the divider and the form, its fields (`children`) followed by the spoken pending state and the
 * submit button.
 */
export function PanelForm({
  id,
  heading,
  divider,
  headingRef,
  returnTo,
  message,
  onMessage,
  onFocus,
  onSubmit,
  pending,
  pendingText,
  submitLabel,
  children,
}: AuthPanelProps & {
  /** `signin` or `signup`: the heading's id is `${id}-heading`. */
  id: string;
  heading: string;
  divider: string;
  onFocus: () => void;
  onSubmit: FormEventHandler<HTMLFormElement>;
  pending: boolean;
  pendingText: string;
  submitLabel: string;
  children: ReactNode;
}) {
  const headingId = `${id}-heading`;
  return (
    <>
      <h2
        id={headingId}
        ref={headingRef}
        tabIndex={-1}
        className="text-center text-3xl font-extrabold tracking-tight text-slate-900 focus:outline-none"
      >
        {heading}
      </h2>
      <SocialButtons returnTo={returnTo} onMessage={onMessage} />
      {message && <PillMessage message={message} onDismiss={() => onMessage(null)} />}
      <p className="divider my-0 text-sm text-slate-700">{divider}</p>
      <form
        noValidate
        onFocus={onFocus}
        onSubmit={onSubmit}
        aria-labelledby={headingId}
        className="flex flex-col gap-4"
      >
        <ReadyFieldset>
          {children}
          <span role="status" className="sr-only">
            {pending ? pendingText : ''}
          </span>
          <button
            type="submit"
            className="btn btn-primary mt-1 w-full rounded-full text-base font-bold tracking-wider uppercase md:w-auto md:self-center md:px-12"
            disabled={pending}
          >
            {pending ? '...' : submitLabel}
          </button>
        </ReadyFieldset>
      </form>
    </>
  );
}

/** Both panels' Email field. */
export function PanelEmailField(props: {
  id: string;
  registration: UseFormRegisterReturn;
  error?: string;
}) {
  return (
    <AuthField
      {...props}
      label="Email"
      type="email"
      autoComplete="email"
      placeholder="you@company.com"
    />
  );
}

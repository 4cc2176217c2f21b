import type { ComponentProps } from 'react';

/**
 * An admin action button: while its request runs it keeps its place in the tab order
 * (aria-disabled, so focus stays), ignores clicks and shows a spinner.
 */
export function ActionButton({
  busy,
  spinner = busy,
  onAction,
  children,
  ...button
}: Omit<ComponentProps<'button'>, 'type' | 'onClick'> & {
  busy: boolean;
  /** Shows the spinner; by default while busy. */
  spinner?: boolean;
  onAction: () => unknown;
}) {
  return (
    <button
      type="button"
      {...button}
      aria-disabled={busy || undefined}
      onClick={() => {
        if (!busy) void onAction();
      }}
    >
      {spinner && <span aria-hidden="true" className="spinner size-4" />}
      {children}
    </button>
  );
}

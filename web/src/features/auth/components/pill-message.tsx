import { ApiError } from '../../../lib/api-client.ts';
import { CROSS, Icon } from '../../../components/ui/icon.tsx';

/** The login panel's pill-shaped message for provider errors (docs/spec.md, Other pages). */
export function PillMessage({ message, onDismiss }: { message: string; onDismiss?: () => void }) {
  return (
    <div
      role="alert"
      className="flex items-center gap-2 rounded-3xl border border-red-300 bg-red-50 py-2 pr-2 pl-4 text-sm font-medium text-red-800"
    >
      <svg aria-hidden="true" viewBox="0 0 20 20" className="h-5 w-5 shrink-0" fill="currentColor">
        <path
          fillRule="evenodd"
          d="M10 18a8 8 0 1 0 0-16 8 8 0 0 0 0 16zM9 6a1 1 0 1 1 2 0v4a1 1 0 1 1-2 0zm1 8.5a1.25 1.25 0 1 0 0-2.5 1.25 1.25 0 0 0 0 2.5z"
        />
      </svg>
      <span className="min-w-0 flex-1">{message}</span>
      {onDismiss && (
        <button
          type="button"
          className="btn btn-ghost btn-circle btn-xs shrink-0 text-red-800 hover:bg-red-100"
          aria-label="Dismiss message"
          onClick={onDismiss}
        >
          <Icon className="h-4 w-4" strokeWidth="2.5">
            <path strokeLinecap="round" d={CROSS} />
          </Icon>
        </button>
      )}
    </div>
  );
}

/** The text to show for a failed request. */
export function errorText(error: unknown): string {
  return error instanceof ApiError ? error.message : 'Something went wrong. Please try again.';
}

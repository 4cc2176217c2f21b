import type { Notice } from './company-text.ts';

/** A form's outcome: a status line when it worked, an alert when it did not. */
export function NoticeLine({ notice, className = '' }: { notice: Notice; className?: string }) {
  if (!notice) return null;
  return notice.ok ? (
    <p role="status" className={`font-medium text-green-800 ${className}`}>
      {notice.text}
    </p>
  ) : (
    <p role="alert" className={`font-medium text-error ${className}`}>
      {notice.text}
    </p>
  );
}

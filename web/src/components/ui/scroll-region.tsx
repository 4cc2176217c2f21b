import type { ReactNode } from 'react';

/**
 * A wide table's horizontal scroller: on a phone it scrolls, so it takes the keyboard's focus
 * (arrow keys scroll it) and is named for screen readers (axe's scrollable-region-focusable).
 */
export function ScrollRegion({
  label,
  className = '',
  children,
}: {
  label: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div
      role="region"
      aria-label={label}
      // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scroller must be reachable
      tabIndex={0}
      className={`overflow-x-auto focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-orange-500 ${className}`}
    >
      {children}
    </div>
  );
}
